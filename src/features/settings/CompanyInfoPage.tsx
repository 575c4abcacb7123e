import { useEffect } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { paths } from '@/config/paths';
import { notify } from '@/notifications/notificationsSlice';
import { CompanyEditor } from '@/features/settings/CompanyEditor';
import { CompanySetupModal } from '@/features/settings/CompanySetupModal';
import { SaveErrorAlert } from '@/features/settings/SaveErrorAlert';
import { useCompanySave } from '@/features/settings/useCompanySave';
import { SETTINGS_MAX_WIDTH } from '@/features/settings/settingsLayout';
import { useIsStaff } from '@/features/settings/useIsStaff';
import { CompanySetupForm, type CompanySetupValues } from '@/companies/CompanySetupForm';
import {
  loadUserTradePartners,
  selectCurrentTradePartner,
  selectTradePartners,
  selectTradePartnersRequest,
  selectUserDefaultTradePartner,
} from '@/session/tradePartnerSlice';

const MODAL_PARTS = ['company', 'address'] as const;
type ModalPart = (typeof MODAL_PARTS)[number];
const isModalPart = (value: string | null): value is ModalPart =>
  (MODAL_PARTS as readonly (string | null)[]).includes(value);

/** A user without a company creates one here (and becomes its OWNER). */
function NewCompanyCard() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { save, error, companyErrors, addressErrors } = useCompanySave();
  const submit = async ({ company, address }: CompanySetupValues) => {
    if (await save({ partner: null, company, address })) {
      dispatch(notify.success('company.saved.title', 'company.saved.message'));
    }
  };
  return (
    <Card className="shadow-sm" style={{ maxWidth: SETTINGS_MAX_WIDTH }}>
      <Card.Body className="p-4">
        <h2 className="h5 mb-2">{t('company.create.title')}</h2>
        <p className="text-body-secondary">{t('company.create.intro')}</p>
        <SaveErrorAlert error={error} />
        <CompanySetupForm
          withCompany
          onSubmit={submit}
          submitLabel={t('company.create.submit')}
          companyErrors={companyErrors}
          addressErrors={addressErrors}
        />
      </Card.Body>
    </Card>
  );
}

/**
 * /settings/company-info: the user's company data, address and terms; a form to create the
 * company when there is none. ?showModal=company or address opens onboarding's modal.
 */
export function CompanyInfoPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const staff = useIsStaff();
  const partners = useAppSelector(selectTradePartners);
  const request = useAppSelector(selectTradePartnersRequest);
  const current = useAppSelector(selectCurrentTradePartner);
  const userDefault = useAppSelector(selectUserDefaultTradePartner);

  // Always read afresh: whether a company exists decides between creating and changing one.
  useEffect(() => {
    if (!staff) void dispatch(loadUserTradePartners());
  }, [dispatch, staff]);

  const modalPart = params.get('showModal');
  const partner =
    partners.find((item) => item.uuid === current?.uuid) ??
    partners.find((item) => item.uuid === userDefault?.uuid) ??
    null;
  const loaded = request.status === 'succeeded';
  const waiting = !loaded && request.status !== 'failed';

  let body;
  if (staff) {
    body = (
      <Card className="shadow-sm" style={{ maxWidth: SETTINGS_MAX_WIDTH }}>
        <Card.Body className="p-4">
          <h2 className="h5 mb-2">{t('company.staff.title')}</h2>
          <p className="text-body-secondary">{t('company.staff.message')}</p>
          <Link to={paths.partners} className="btn btn-outline-primary">
            {t('company.staff.toPartners')}
          </Link>
        </Card.Body>
      </Card>
    );
  } else if (waiting) {
    body = (
      <div role="status" className="d-flex align-items-center gap-2 text-body-secondary">
        <Spinner animation="border" size="sm" aria-hidden="true" />
        {t('company.loading')}
      </div>
    );
  } else if (request.status === 'failed') {
    body = (
      <Alert variant="danger">
        <p className="mb-2">{t('company.loadFailed')}</p>
        <Button
          variant="outline-danger"
          size="sm"
          onClick={() => void dispatch(loadUserTradePartners())}
        >
          {t('startup.retry')}
        </Button>
      </Alert>
    );
  } else if (isModalPart(modalPart)) {
    // The modal holds the form; the page behind stays quiet so no field appears twice.
    body = <p className="text-body-secondary">{t('onboarding.companyModal.behind')}</p>;
  } else if (!partner) {
    body = <NewCompanyCard />;
  } else {
    body = <CompanyEditor partner={partner} partners={partners} />;
  }

  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">{t('settings.companyInfo.title')}</h1>
      </div>
      {body}
      {!staff && loaded && isModalPart(modalPart) && (
        <CompanySetupModal part={modalPart} partner={partner} />
      )}
    </>
  );
}
