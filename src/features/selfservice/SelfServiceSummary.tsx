import type { ComponentType } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { MissingItem } from '@common/kyc-responses';
import { unsavedSteps } from '@common/kyc-steps';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { STEP_TITLE_KEYS } from '@/features/selfservice/selfServiceLabels';
import {
  discardDraft,
  loadReadiness,
  selectFile,
  selectReadiness,
  selectSubmit,
  submitFile,
} from '@/features/selfservice/selfServiceSlice';
import { UnsavedSteps } from '@/kyc-forms/UnsavedSteps';

/** How the app lists what is missing (the signed-in summary's list, a slot filled by app/). */
export type MissingListComponent = ComponentType<{ missing: readonly MissingItem[] }>;

interface SelfServiceSummaryProps {
  token: string;
  version: number;
  MissingList: MissingListComponent;
}

/** What is still missing, and Submit; a refusal shows the server's list. */
export function SelfServiceSummary({ token, version, MissingList }: SelfServiceSummaryProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const readiness = useAppSelector(selectReadiness);
  const submit = useAppSelector(selectSubmit);
  const submitting = submit.status === 'loading';
  const refused = submit.missing;
  const file = useAppSelector(selectFile);
  // What the server named, else the steps as read here (decision 038).
  const unsaved = submit.unsaved.length
    ? submit.unsaved
    : unsavedSteps(file?.file.status ?? 'DRAFT', file?.steps ?? []);

  const onSubmit = async () => {
    const result = await dispatch(submitFile({ token, version }));
    if (submitFile.fulfilled.match(result) && 'missing' in result.payload) {
      void dispatch(loadReadiness({ token }));
    }
  };

  const failed =
    submit.status === 'failed' && submit.error && ![404, 429].includes(submit.error.status);

  return (
    <section aria-labelledby="selfservice-summary">
      <h2 id="selfservice-summary" className="h5">
        {t('selfService.summary.title')}
      </h2>
      <UnsavedSteps
        steps={unsaved}
        titleOf={(stepType) => t(STEP_TITLE_KEYS[stepType])}
        onDiscard={(stepType) => dispatch(discardDraft({ token, stepType }))}
      />
      {refused ? (
        <Alert variant="danger" role="alert">
          <p className="mb-2">{t('selfService.summary.refused', { count: refused.length })}</p>
          <MissingList missing={refused} />
        </Alert>
      ) : readiness === null ? (
        <p className="text-body-secondary">{t('selfService.summary.loading')}</p>
      ) : readiness.ready ? (
        unsaved.length === 0 && <p>{t('selfService.summary.ready')}</p>
      ) : (
        <>
          <p>{t('selfService.summary.missing', { count: readiness.missing.length })}</p>
          <MissingList missing={readiness.missing} />
        </>
      )}
      {failed && (
        <Alert variant="danger" className="mt-3" role="alert">
          {t('selfService.summary.failed')}
        </Alert>
      )}
      <Button
        className="mt-3"
        onClick={() => void onSubmit()}
        disabled={submitting || unsaved.length > 0}
        aria-busy={submitting || undefined}
      >
        {submitting && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
        {t('selfService.summary.submit')}
      </Button>
    </section>
  );
}
