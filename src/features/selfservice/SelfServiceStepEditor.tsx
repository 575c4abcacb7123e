import { isValid, lightFormat, parseISO } from 'date-fns';
import { useCallback, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import { REQUIRED_STEP_DOCUMENTS, STEP_DOCUMENT_TYPES } from '@common/kyc';
import type { KycStep } from '@common/kyc-responses';
import type { DataStepType, StepIssue } from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { useCountryOptions } from '@/countries/useCountryOptions';
import {
  checkDraft,
  fromStepData,
  matchesSaved,
  fromStepDraft,
  KycStepForm,
  toStepData,
  type StepDocument,
  type StepDocumentsProps,
  type StepDraft,
} from '@/kyc-forms';
import { issuesFromError } from '@/kyc-forms/stepIssues';
import { useAutosave, type PendingDraft } from '@/kyc-forms/useAutosave';
import {
  archiveDocument,
  changeDocumentType,
  discardDraft,
  loadReadiness,
  saveData,
  saveDraft,
  selectDocuments,
  selectDraftSave,
  selectReadiness,
  selectStepSave,
  uploadDocument,
} from '@/features/selfservice/selfServiceSlice';

const toStepDocument = (document: Document): StepDocument => ({
  id: document.id,
  type: document.type as StepDocument['type'],
  fileName: document.fileName,
  uploadedAt: document.createdAt,
});

const timeOf = (value: string | null | undefined) => {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? lightFormat(date, 'HH:mm') : null;
};

/** 'Step saved', else 'Saving…' while a draft goes out, 'Draft saved HH:mm' once it has. */
function DraftStatus({
  step,
  saved,
}: {
  step: KycStep & { stepType: DataStepType };
  /** The step was saved, and not changed since. */
  saved: boolean;
}) {
  const { t } = useTranslation();
  const save = useAppSelector((state) => selectDraftSave(state, step.stepType));
  const time = timeOf(save?.savedAt ?? step.draftSavedAt);
  let text = '';
  if (saved) text = t('selfService.step.saved');
  else if (save?.status === 'loading') text = t('selfService.draft.saving');
  else if (save?.status === 'failed') text = t('selfService.draft.failed');
  else if (time) text = t('selfService.draft.saved', { time });
  return (
    <p
      role="status"
      className={`small mb-0 ${save?.status === 'failed' ? 'text-danger' : 'text-body-secondary'}`}
    >
      {text}
    </p>
  );
}

/**
 * The step's documents through the link: those uploaded through it, and their changes. What is
 * still needed is what the file's readiness says is missing: the company may hold a document
 * the link does not show (one its people uploaded), and then nothing is asked of the link.
 */
function useLinkDocuments(token: string, stepType: DataStepType): StepDocumentsProps {
  const dispatch = useAppDispatch();
  const all = useAppSelector(selectDocuments);
  const readiness = useAppSelector(selectReadiness);
  const allowedTypes = STEP_DOCUMENT_TYPES[stepType];
  const requiredTypes = useMemo(
    () =>
      REQUIRED_STEP_DOCUMENTS[stepType].filter(
        (type) =>
          readiness === null ||
          readiness.missing.some(
            (item) =>
              item.stepType === stepType && item.kind === 'document' && item.documentType === type,
          ),
      ),
    [readiness, stepType],
  );
  const documents = useMemo(
    () =>
      all
        .filter((each) => each.status === 'ACTIVE' && allowedTypes.includes(each.type))
        .map(toStepDocument),
    [all, allowedTypes],
  );
  const afterChange = () => void dispatch(loadReadiness({ token }));
  return {
    documents,
    allowedTypes,
    requiredTypes,
    onUpload: async (file, documentType) => {
      const document = await dispatch(uploadDocument({ token, file, documentType })).unwrap();
      afterChange();
      return toStepDocument(document);
    },
    onArchive: async (id) => {
      await dispatch(archiveDocument({ token, id })).unwrap();
      afterChange();
    },
    onChangeType: async (id, documentType) => {
      await dispatch(changeDocumentType({ token, id, documentType })).unwrap();
      afterChange();
    },
  };
}

interface SelfServiceStepEditorProps<T extends DataStepType> {
  token: string;
  step: KycStep & { stepType: T };
  /** The company's country of registration: the CoC number follows its register. */
  country: string | null;
}

/**
 * A step's form through the link: the signed-in partner's form (kyc-forms), its draft kept on
 * the server as the person types, 'Save step' checked here first, then by the server, whose
 * refusals show next to the fields. A step the partner may not change (approved while the
 * file came back for changes) is shown read-only.
 */
export function SelfServiceStepEditor<T extends DataStepType>({
  token,
  step,
  country,
}: SelfServiceStepEditorProps<T>) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const { stepType } = step;
  const [value, setValue] = useState<StepDraft<T>>(() =>
    step.draft
      ? fromStepDraft(stepType, step.draft, i18n.language)
      : fromStepData(stepType, step.data, i18n.language),
  );
  const [issues, setIssues] = useState<StepIssue[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const saving = useAppSelector((state) => selectStepSave(state, stepType))?.status === 'loading';
  const documents = useLinkDocuments(token, stepType);
  const countryOptions = useCountryOptions();
  const countries = useMemo(
    () => countryOptions.map((option) => ({ code: option.value, name: option.label })),
    [countryOptions],
  );
  const send = useCallback(
    ({ value: draft }: PendingDraft) => void dispatch(saveDraft({ token, stepType, value: draft })),
    [dispatch, token, stepType],
  );
  const autosave = useAutosave(send);

  const check = (next: StepDraft<T>) =>
    checkDraft(stepType, next, i18n.language, country ? { country } : {});

  const onChange = (next: StepDraft<T>) => {
    setValue(next);
    setSaved(false);
    if (issues.length > 0) setIssues(check(next));
    // Typed back to what is saved: no change is left, and no draft (decision 038).
    if (matchesSaved(stepType, next, step.data, i18n.language)) {
      autosave.cancel();
      if (step.draft !== null) void dispatch(discardDraft({ token, stepType }));
      return;
    }
    autosave.change(next as Record<string, unknown>);
  };

  const onSave = async () => {
    const found = check(value);
    setIssues(found);
    if (found.length > 0) {
      setRefusal(t('selfService.step.invalid'));
      return;
    }
    setRefusal(null);
    autosave.cancel();
    const result = await dispatch(
      saveData({
        token,
        stepType,
        data: toStepData(stepType, value, i18n.language),
        version: step.version,
      }),
    );
    if (saveData.fulfilled.match(result)) {
      setSaved(true);
      void dispatch(loadReadiness({ token }));
    } else if (result.payload?.status === 400) {
      setIssues(issuesFromError(result.payload));
      setRefusal(t('selfService.step.refused', { reason: result.payload.message }));
    } else if (result.payload?.status === 409) {
      setRefusal(t('selfService.step.stale'));
    } else if (result.payload && result.payload.status !== 404 && result.payload.status !== 429) {
      setRefusal(t('selfService.step.failed'));
    }
  };

  return (
    <>
      {refusal && (
        <Alert variant="danger" className="py-2" role="alert">
          {refusal}
        </Alert>
      )}
      <KycStepForm
        stepType={stepType}
        value={value}
        onChange={onChange}
        issues={issues}
        countries={countries}
        documents={documents}
        readOnly={!step.editable}
        idPrefix={`selfservice-${stepType}`}
      />
      {step.editable ? (
        <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
          <Button onClick={() => void onSave()} disabled={saving} aria-busy={saving || undefined}>
            {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {t('selfService.step.save')}
          </Button>
          <DraftStatus step={step} saved={saved} />
        </div>
      ) : (
        <p className="small text-body-secondary mt-3 mb-0">{t('selfService.step.readOnly')}</p>
      )}
    </>
  );
}
