import { useEffect, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import type { MissingItem } from '@common/kyc-responses';
import type { DataStepType } from '@common/kyc-steps';
import type { SelfServiceFile, SelfServiceStep } from '@common/selfservice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { hasStoredLanguage } from '@/lib/language-storage';
import { changeLanguage } from '@/preferences/languageSlice';
import { SelfServiceAccountOffer } from '@/features/selfservice/SelfServiceAccountOffer';
import { SelfServiceDone } from '@/features/selfservice/SelfServiceDone';
import { SelfServiceLayout } from '@/features/selfservice/SelfServiceLayout';
import { openingSection } from '@/features/selfservice/openingSection';
import { RequestBanner, StepReview } from '@/features/selfservice/SelfServiceRequests';
import { SelfServiceStepEditor } from '@/features/selfservice/SelfServiceStepEditor';
import {
  SelfServiceSummary,
  type MissingListComponent,
} from '@/features/selfservice/SelfServiceSummary';
import { STEP_TITLE_KEYS } from '@/features/selfservice/selfServiceLabels';
import {
  loadDocuments,
  loadReadiness,
  openLink,
  selectFile,
  selectInvalid,
  selectJustSubmitted,
  selectOpen,
  selectReadiness,
  selectRetryAfter,
  retryCleared,
} from '@/features/selfservice/selfServiceSlice';
import { StepNav, type Section } from '@/features/selfservice/StepNav';

/** The summary's list links to `#kyc-step-<type>`: that step is shown. */
const STEP_ANCHOR = /^#kyc-step-(.+)$/;

/**
 * The section shown: one the person chose or linked to, else where the page opens (the first
 * step that needs them, openingSection.ts), kept once known so that the page does not move as
 * they answer; null until that is known.
 */
function useSection(steps: readonly SelfServiceStep[], missing: readonly MissingItem[] | null) {
  const { hash } = useLocation();
  const [chosen, setChosen] = useState<{ section: Section; hash: string } | null>(null);
  const opening = chosen ? null : openingSection(steps, missing);
  if (opening) setChosen({ section: opening, hash: '' });
  const named = STEP_ANCHOR.exec(hash)?.[1];
  const linked =
    hash !== (chosen?.hash ?? '') && named && steps.some((step) => step.stepType === named)
      ? (named as DataStepType)
      : null;
  const select = (section: Section) => setChosen({ section, hash });
  return [linked ?? chosen?.section ?? opening, select] as const;
}

function FileForms({
  token,
  file,
  MissingList,
}: {
  token: string;
  file: SelfServiceFile;
  MissingList: MissingListComponent;
}) {
  const { t } = useTranslation();
  const readiness = useAppSelector(selectReadiness);
  const [section, setSection] = useSection(file.steps, readiness?.missing ?? null);
  const step = file.steps.find((each) => each.stepType === section) as
    (SelfServiceStep & { stepType: DataStepType }) | undefined;

  return (
    <Row className="g-4">
      <RequestBanner steps={file.steps} onSelect={setSection} />
      <Col md={4} lg={3}>
        <StepNav
          fileStatus={file.file.status}
          steps={file.steps}
          missing={readiness?.missing ?? null}
          current={section}
          onSelect={setSection}
        />
      </Col>
      <Col md={8} lg={9}>
        <Card className="shadow-sm">
          <Card.Body>
            {section === null ? (
              <div className="d-flex justify-content-center py-5" role="status">
                <Spinner animation="border" aria-hidden="true" />
                <span className="visually-hidden">{t('selfService.loading')}</span>
              </div>
            ) : step ? (
              <section aria-labelledby={`kyc-step-${step.stepType}`}>
                <h2 id={`kyc-step-${step.stepType}`} className="h5">
                  {t(STEP_TITLE_KEYS[step.stepType])}
                </h2>
                <StepReview step={step} />
                <SelfServiceStepEditor
                  key={step.stepType}
                  token={token}
                  step={step}
                  country={file.company.countryOfRegistration}
                />
              </section>
            ) : (
              <SelfServiceSummary
                token={token}
                version={file.file.version}
                MissingList={MissingList}
              />
            )}
          </Card.Body>
        </Card>
      </Col>
    </Row>
  );
}

/** The one page an unknown, expired, revoked or ended link shows: it never says which. */
function InvalidLink() {
  const { t } = useTranslation();
  return (
    <Card className="shadow-sm mx-auto text-center" style={{ maxWidth: '32rem' }}>
      <Card.Body className="p-4">
        <p className="mb-0" role="alert">
          {t('selfService.invalid')}
        </p>
      </Card.Body>
    </Card>
  );
}

/**
 * The public self-service page (issue 19): a company fills in one KYC file through a link,
 * without an account. The token stays in the address's path and in memory; every call sends
 * it in a header.
 */
export function SelfServicePage({ MissingList }: { MissingList: MissingListComponent }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { token = '' } = useParams();
  const open = useAppSelector(selectOpen);
  const file = useAppSelector(selectFile);
  const invalid = useAppSelector(selectInvalid);
  const retryAfter = useAppSelector(selectRetryAfter);
  const justSubmitted = useAppSelector(selectJustSubmitted);

  useEffect(() => {
    void dispatch(openLink({ token })).then((result) => {
      if (!openLink.fulfilled.match(result)) return;
      // The page opens in the link's language unless the visitor chose one on this device.
      if (!hasStoredLanguage()) void dispatch(changeLanguage(result.payload.link.language));
      if (result.payload.link.state === 'active') {
        void dispatch(loadReadiness({ token }));
        void dispatch(loadDocuments({ token }));
      }
    });
  }, [dispatch, token]);

  // The wait a 429 asked for is shown until it has passed.
  useEffect(() => {
    if (retryAfter === null) return;
    const timer = setTimeout(() => dispatch(retryCleared()), retryAfter * 1000);
    return () => clearTimeout(timer);
  }, [dispatch, retryAfter]);

  if (invalid) {
    return (
      <SelfServiceLayout>
        <InvalidLink />
      </SelfServiceLayout>
    );
  }

  const tooMany = retryAfter !== null && (
    <Alert variant="warning" role="alert">
      {t('selfService.tooManyRequests', { count: retryAfter })}
      {!file && (
        <div className="mt-2">
          <Button
            variant="outline-secondary"
            size="sm"
            onClick={() => void dispatch(openLink({ token }))}
          >
            {t('selfService.retry')}
          </Button>
        </div>
      )}
    </Alert>
  );

  if (!file) {
    return (
      <SelfServiceLayout>
        {tooMany}
        {open.status === 'failed' && retryAfter === null ? (
          <Alert variant="danger" role="alert">
            {t('selfService.loadFailed')}
            <div className="mt-2">
              <Button
                variant="outline-secondary"
                size="sm"
                onClick={() => void dispatch(openLink({ token }))}
              >
                {t('selfService.retry')}
              </Button>
            </div>
          </Alert>
        ) : (
          retryAfter === null && (
            <div className="d-flex justify-content-center py-5" role="status">
              <Spinner animation="border" aria-hidden="true" />
              <span className="visually-hidden">{t('selfService.loading')}</span>
            </div>
          )
        )}
      </SelfServiceLayout>
    );
  }

  const heading = { company: file.company.name, provider: file.provider.name };
  return (
    <SelfServiceLayout heading={heading}>
      {tooMany}
      {file.link.state === 'submitted' ? (
        <SelfServiceDone file={file} justSubmitted={justSubmitted} />
      ) : (
        <>
          <FileForms token={token} file={file} MissingList={MissingList} />
          {file.link.allowAccount && <SelfServiceAccountOffer token={token} />}
        </>
      )}
    </SelfServiceLayout>
  );
}
