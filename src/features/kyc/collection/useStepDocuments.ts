import { useEffect, useMemo } from 'react';
import type { Document, DocumentType } from '@common/documents';
import { REQUIRED_STEP_DOCUMENTS, STEP_DOCUMENT_TYPES } from '@common/kyc';
import type { DataStepType } from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import {
  changeDocumentStatus,
  changeDocumentType,
  documentListKey,
  fetchDocuments,
  selectDocumentList,
  uploadDocumentFile,
} from '@/documents/documentsSlice';
import { selectCocData } from '@/features/kyc/collection/cocCheckSlice';
import type { StepDocument, StepDocumentsProps } from '@/kyc-forms';
import { fetchKycReadiness, fetchKycSteps } from '@/features/kyc/kycThunks';
import { loadVatBankDocuments, selectVatBank } from '@/features/kyc/collection/vatBankSlice';
import { selectUser } from '@/session/userSlice';

const NONE: readonly Document[] = [];

export const toStepDocument = (document: Document): StepDocument => ({
  id: document.id,
  type: document.type as DocumentType,
  fileName: document.fileName,
  uploadedAt: document.createdAt,
});

/**
 * The company's ACTIVE documents of one step: the CoC ones as the CoC check holds them
 * (cocCheckSlice), the bank and VAT ones as the VAT bank state does (vatBankSlice), the others
 * as a list of the documents state. Changes go through the documents feature's thunks, which
 * all three follow; each one also refreshes the file's readiness, and its steps: a document
 * answers a reviewer's request on its step, which changes the step (and its version, which the
 * next save of the step must carry).
 */
export function useStepDocuments(kycId: number, tradePartnerId: number, stepType: DataStepType) {
  const dispatch = useAppDispatch();
  const userId = useAppSelector(selectUser)?.id;
  const allowedTypes = STEP_DOCUMENT_TYPES[stepType];
  const query = useMemo(
    () => ({ tradePartnerId, documentType: [...allowedTypes], status: 'ACTIVE' as const }),
    [tradePartnerId, allowedTypes],
  );
  const source = stepType === 'coc' ? 'coc' : stepType === 'bank-and-vat' ? 'vatBank' : 'list';

  const cocDocuments = useAppSelector(selectCocData)?.documents;
  const vatBank = useAppSelector(selectVatBank);
  const list = useAppSelector((state) => selectDocumentList(state, documentListKey(query)));
  const stale = list?.stale ?? false;

  useEffect(() => {
    // The CoC documents come with the CoC check (initCocCheck, on opening the file).
    if (source === 'vatBank') void dispatch(loadVatBankDocuments({ tradePartnerId }));
    if (source === 'list') void dispatch(fetchDocuments({ query }));
  }, [dispatch, source, tradePartnerId, query, stale]);

  const documents =
    source === 'coc'
      ? (cocDocuments ?? NONE)
      : source === 'vatBank'
        ? vatBank.tradePartnerId === tradePartnerId
          ? vatBank.documents
          : NONE
        : (list?.documents ?? NONE);

  const afterChange = () => {
    void dispatch(fetchKycReadiness({ kycId, force: true }));
    void dispatch(fetchKycSteps({ kycId, force: true }));
  };

  const props: Omit<StepDocumentsProps, 'onView'> = {
    // The company's own: an order's or a shipment's paper is not the file's evidence (decision 035).
    documents: documents
      .filter((document) => document.orderId === null && document.shipmentId === null)
      .map(toStepDocument),
    allowedTypes,
    requiredTypes: REQUIRED_STEP_DOCUMENTS[stepType],
    onUpload: async (file, documentType) => {
      const document = await dispatch(
        uploadDocumentFile({
          userId: userId as number,
          documentType,
          file,
          link: { tradePartnerId },
        }),
      ).unwrap();
      afterChange();
      return toStepDocument(document);
    },
    onArchive: async (documentId) => {
      await dispatch(changeDocumentStatus({ id: documentId, status: 'ARCHIVED' })).unwrap();
      afterChange();
    },
    onChangeType: async (documentId, documentType) => {
      await dispatch(changeDocumentType({ id: documentId, documentType })).unwrap();
      afterChange();
    },
  };
  return { documents, props };
}
