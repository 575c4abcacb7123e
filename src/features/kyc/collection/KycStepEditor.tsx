import { isValid, lightFormat, parseISO } from 'date-fns';
import { useEffect, useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { KycStep } from '@common/kyc-responses';
import type { DataStepType, StepIssue } from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { countryOfRegistration } from '@/companies/companyRules';
import { selectTradePartners } from '@/session/tradePartnerSlice';
import { useCountryOptions } from '@/countries/useCountryOptions';
import { DocumentViewer } from '@/documents/DocumentViewer';
import {
  selectDraftSave,
  selectLocalDraft,
  type LocalDraft,
} from '@/features/kyc/collection/cocCheckSlice';
import {
  checkDraft,
  fromStepData,
  matchesSaved,
  fromStepDraft,
  KycStepForm,
  toStepData,
  type StepDraft,
} from '@/kyc-forms';
import { selectKycChange } from '@/features/kyc/kycSlice';
import { discardStepDraft, saveStepData } from '@/features/kyc/collection/kycStepDataThunks';
import { STEP_TITLE_KEYS } from '@/features/kyc/kycLabels';
import { dataSaveKey } from '@/features/kyc/kycThunks';
import { issuesFromError } from '@/kyc-forms/stepIssues';
import { DiscardDialog } from '@/kyc-forms/UnsavedSteps';
import { useDraftAutosave } from '@/features/kyc/collection/useDraftAutosave';
import { useStepDocuments } from '@/features/kyc/collection/useStepDocuments';

interface Initial<T extends DataStepType> {
  value: StepDraft<T>;
  /** A change kept in the browser that has not reached the server yet. */
  unsynced: LocalDraft | null;
}

/**
 * What the form starts with: a change this browser kept but the server has not got (the tab was
 * closed within the autosave pause), else the server's draft, else the saved data, with its
 * amounts written in the app's language.
 */
function initialForm<T extends DataStepType>(
  stepType: T,
  step: KycStep,
  local: LocalDraft | undefined,
  language: string,
): Initial<T> {
  if (local && local.syncedAt === null) {
    return { value: fromStepDraft(stepType, local.value, language), unsynced: local };
  }
  const value = step.draft
    ? fromStepDraft(stepType, step.draft, language)
    : fromStepData(stepType, step.data, language);
  return { value, unsynced: null };
}

const timeOf = (value: string | null | undefined) => {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? lightFormat(date, 'HH:mm') : null;
};

/** 'Saving…' while a draft goes out, 'Draft saved HH:mm' once it has. */
function DraftStatus({
  kycId,
  step,
}: {
  kycId: number;
  step: KycStep & { stepType: DataStepType };
}) {
  const { t } = useTranslation();
  const save = useAppSelector((state) => selectDraftSave(state, kycId, step.stepType));
  const time = timeOf(save?.savedAt ?? step.draftSavedAt);
  let text = '';
  if (save?.status === 'loading') text = t('kyc.collect.draft.saving');
  else if (save?.status === 'failed') text = t('kyc.collect.draft.failed');
  else if (time) text = t('kyc.collect.draft.saved', { time });
  return (
    <p
      role="status"
      className={`small mb-0 ${save?.status === 'failed' ? 'text-danger' : 'text-body-secondary'}`}
    >
      {text}
    </p>
  );
}

interface KycStepEditorProps<T extends DataStepType> {
  kycId: number;
  tradePartnerId: number;
  stepType: T;
  step: KycStep & { stepType: T };
}

/**
 * A step's form for the partner (decision 013): drafts kept as they type (at once in the
 * browser, after a pause on the server), 'Save step' checked here first with the step's own
 * rules, then by the server, whose refusals show next to the fields.
 */
export function KycStepEditor<T extends DataStepType>({
  kycId,
  tradePartnerId,
  stepType,
  step,
}: KycStepEditorProps<T>) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const local = useAppSelector((state) => selectLocalDraft(state, kycId, stepType));
  const [initial] = useState(() => initialForm(stepType, step, local, i18n.language));
  const [value, setValue] = useState<StepDraft<T>>(initial.value);
  const [issues, setIssues] = useState<StepIssue[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  // Changed here since the form opened (the server may not have the draft yet), or kept before.
  const [changed, setChanged] = useState(initial.unsynced !== null);
  const [discarding, setDiscarding] = useState(false);
  const autosave = useDraftAutosave(kycId, stepType);
  const { documents, props: documentProps } = useStepDocuments(kycId, tradePartnerId, stepType);
  const saving =
    useAppSelector((state) => selectKycChange(state, dataSaveKey(kycId, stepType)))?.status ===
    'loading';
  const countryOptions = useCountryOptions();
  const countries = useMemo(
    () => countryOptions.map((option) => ({ code: option.value, name: option.label })),
    [countryOptions],
  );

  // What the browser kept but the server never got goes out now.
  const { schedule } = autosave;
  useEffect(() => {
    const { unsynced } = initial;
    if (unsynced) schedule({ value: unsynced.value, changedAt: unsynced.changedAt });
  }, [initial, schedule]);

  // Amounts are read in the language the person chose in the app (decision 015).
  // The CoC number follows the register of the company's country; staff, who do not hold the
  // company among their own, learn of it from the server's answer.
  const country = useAppSelector((state) =>
    countryOfRegistration(selectTradePartners(state).find((p) => p.id === tradePartnerId)),
  );
  const check = (next: StepDraft<T>) => checkDraft(stepType, next, i18n.language, { country });

  const onChange = (next: StepDraft<T>) => {
    setValue(next);
    // Once issues are shown, they follow the corrections.
    if (issues.length > 0) setIssues(check(next));
    // Typed back to what is saved: no change is left, and no draft (decision 038).
    if (matchesSaved(stepType, next, step.data, i18n.language)) {
      autosave.cancel();
      setChanged(false);
      if (step.draft !== null || local) void dispatch(discardStepDraft({ kycId, stepType }));
      return;
    }
    setChanged(true);
    autosave.change(next as Record<string, unknown>);
  };

  const onSave = async () => {
    const found = check(value);
    setIssues(found);
    if (found.length > 0) {
      setRefusal(t('kyc.collect.invalid'));
      return;
    }
    setRefusal(null);
    autosave.cancel();
    const result = await dispatch(
      saveStepData({
        kycId,
        stepType,
        data: toStepData(stepType, value, i18n.language),
        version: step.version,
      }),
    );
    if (saveStepData.rejected.match(result) && result.payload?.status === 400) {
      setIssues(issuesFromError(result.payload));
      setRefusal(t('kyc.collect.refused', { reason: result.payload.message }));
    }
  };

  // Back to the saved data: the draft goes on the server and in this browser (decision 038).
  const onDiscard = async () => {
    autosave.cancel();
    const result = await dispatch(discardStepDraft({ kycId, stepType }));
    if (!discardStepDraft.fulfilled.match(result)) return;
    setValue(fromStepData(stepType, step.data, i18n.language));
    setIssues([]);
    setRefusal(null);
    setChanged(false);
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
        documents={{ ...documentProps, onView: setViewing }}
        idPrefix={`kyc-${kycId}-${stepType}`}
      />
      <div className="d-flex flex-wrap align-items-center gap-3 mt-3">
        <Button onClick={() => void onSave()} disabled={saving} aria-busy={saving || undefined}>
          {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('kyc.collect.save')}
        </Button>
        {(changed || step.draft !== null) && (
          <Button variant="outline-danger" onClick={() => setDiscarding(true)} disabled={saving}>
            {t('kycForms.unsaved.discard')}
          </Button>
        )}
        <DraftStatus kycId={kycId} step={step} />
      </div>
      <DiscardDialog
        stepType={discarding ? stepType : null}
        title={t(STEP_TITLE_KEYS[stepType])}
        onConfirm={onDiscard}
        onClose={() => setDiscarding(false)}
      />
      <DocumentViewer
        document={documents.find((document) => document.id === viewing) ?? null}
        onClose={() => setViewing(null)}
      />
    </>
  );
}
