import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentType } from '@common/documents';
import { fileProblem, MAX_UPLOAD_MB, type FileProblem } from '@/documents/fileChecks';
import type { StepDocument, StepDocumentsProps } from '@/kyc-forms/types';
import { isApiError } from '@/lib/api-error';

export type UploadState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string }
  | { status: 'done'; fileName: string }
  | { status: 'failed'; fileName: string; problem: FileProblem | 'failed' };

/** What the server's refusal means for the person: too large and wrong type have their own text. */
function problemOf(error: unknown): FileProblem | 'failed' {
  if (isApiError(error) && error.status === 413) return 'tooLarge';
  if (isApiError(error) && error.status === 415) return 'wrongType';
  return 'failed';
}

/**
 * One upload at a time through the caller's onUpload: checked first (size, type) like every
 * upload in the app, then its progress and outcome in words.
 */
export function useStepUpload(onUpload: StepDocumentsProps['onUpload']) {
  const { t } = useTranslation();
  const [state, setState] = useState<UploadState>({ status: 'idle' });

  /** Resolves with the stored document, or undefined when it was refused or failed. */
  const upload = async (file: File, type: DocumentType): Promise<StepDocument | undefined> => {
    const refused = fileProblem(file);
    if (refused) {
      setState({ status: 'failed', fileName: file.name, problem: refused });
      return undefined;
    }
    setState({ status: 'uploading', fileName: file.name });
    try {
      const document = await onUpload(file, type);
      setState({ status: 'done', fileName: file.name });
      return document;
    } catch (error) {
      setState({ status: 'failed', fileName: file.name, problem: problemOf(error) });
      return undefined;
    }
  };

  const message = (() => {
    switch (state.status) {
      case 'uploading':
        return t('kycForms.documents.uploading', { name: state.fileName });
      case 'done':
        return t('kycForms.documents.uploaded', { name: state.fileName });
      case 'failed':
        return [
          t('kycForms.documents.uploadFailed', { name: state.fileName }),
          state.problem === 'tooLarge'
            ? t('documents.upload.errors.tooLarge', { max: MAX_UPLOAD_MB })
            : state.problem === 'wrongType'
              ? t('documents.upload.errors.wrongType')
              : t('kycForms.documents.tryAgain'),
        ].join(' ');
      default:
        return '';
    }
  })();

  return { state, upload, message, busy: state.status === 'uploading' };
}
