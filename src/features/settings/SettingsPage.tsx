import { useEffect } from 'react';
import Badge from 'react-bootstrap/Badge';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { paths } from '@/config/paths';
import { selectCountryMap } from '@/countries/countrySlice';
import { missingProfileFields } from '@/session/profileRules';
import { formatMobile } from '@/features/settings/profileValues';
import { useIsStaff } from '@/features/settings/useIsStaff';
import { hasValidCompanyAddress } from '@/companies/companyRules';
import {
  loadUserTradePartners,
  selectCurrentTradePartner,
  selectTradePartnersRequest,
  selectUserDefaultTradePartner,
} from '@/session/tradePartnerSlice';
import { selectDisplayName, selectUser } from '@/session/userSlice';
import { formatDate } from '@/lib/format';

function StatusBadge({ complete, label }: { complete: boolean; label: string }) {
  return (
    <Badge bg={complete ? 'success' : 'warning'} text={complete ? undefined : 'dark'}>
      {label}
    </Badge>
  );
}

/** /settings: where the profile and the company stand, with the way to each. */
export function SettingsPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const staff = useIsStaff();
  const user = useAppSelector(selectUser);
  const name = useAppSelector(selectDisplayName);
  const countries = useAppSelector(selectCountryMap);
  const current = useAppSelector(selectCurrentTradePartner);
  const userDefault = useAppSelector(selectUserDefaultTradePartner);
  const request = useAppSelector(selectTradePartnersRequest);

  useEffect(() => {
    if (!staff && request.status === 'idle') void dispatch(loadUserTradePartners());
  }, [dispatch, staff, request.status]);

  const missing = missingProfileFields(user).length;
  const company = current ?? userDefault;
  const addressValid = hasValidCompanyAddress(company);
  const countryName = (code: string | null | undefined) =>
    (code && countries.get(code)) || t('countries.unknown');

  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">{t('settings.title')}</h1>
      </div>
      <div className="row g-4">
        <div className="col-lg-6">
          <Card as="section" className="shadow-sm h-100" aria-labelledby="settings-basic-title">
            <Card.Body className="p-4 d-flex flex-column">
              <div className="d-flex justify-content-between align-items-start gap-2 mb-3">
                <h2 className="h5 mb-0" id="settings-basic-title">
                  {t('settings.basicInfo.title')}
                </h2>
                <StatusBadge
                  complete={missing === 0}
                  label={
                    missing === 0
                      ? t('settings.status.complete')
                      : t('settings.status.missing', { count: missing })
                  }
                />
              </div>
              <dl className="row small mb-4">
                <dt className="col-5 mb-2">{t('settings.summary.name')}</dt>
                <dd className="col-7">{name || '—'}</dd>
                <dt className="col-5 mb-2">{t('profile.fields.birthday')}</dt>
                <dd className="col-7">{formatDate(user?.birthday) || '—'}</dd>
                <dt className="col-5 mb-2">{t('profile.fields.mobile')}</dt>
                <dd className="col-7">{formatMobile(user?.mobile) || '—'}</dd>
                <dt className="col-5 mb-2">{t('profile.fields.country')}</dt>
                <dd className="col-7 mb-0">{user?.country ? countryName(user.country) : '—'}</dd>
              </dl>
              <Link
                to={paths.settingsBasicInfo}
                className="btn btn-primary mt-auto align-self-start"
              >
                {t('settings.basicInfo.edit')}
              </Link>
            </Card.Body>
          </Card>
        </div>
        <div className="col-lg-6">
          <Card as="section" className="shadow-sm h-100" aria-labelledby="settings-company-title">
            <Card.Body className="p-4 d-flex flex-column">
              <div className="d-flex justify-content-between align-items-start gap-2 mb-3">
                <h2 className="h5 mb-0" id="settings-company-title">
                  {t('settings.companyInfo.title')}
                </h2>
                {!staff && (
                  <StatusBadge
                    complete={company !== null && addressValid}
                    label={
                      !company
                        ? t('settings.status.noCompany')
                        : addressValid
                          ? t('settings.status.complete')
                          : t('settings.status.addressMissing')
                    }
                  />
                )}
              </div>
              {staff ? (
                <p className="text-body-secondary small mb-4">{t('company.staff.message')}</p>
              ) : company ? (
                <dl className="row small mb-4">
                  <dt className="col-5 mb-2">{t('company.fields.name')}</dt>
                  <dd className="col-7">{company.name}</dd>
                  <dt className="col-5 mb-2">{t('company.sections.address')}</dt>
                  <dd className="col-7">
                    {addressValid && company.addresses[0]
                      ? `${company.addresses[0].street} ${company.addresses[0].houseNumber}, ${company.addresses[0].city}, ${countryName(company.addresses[0].country)}`
                      : '—'}
                  </dd>
                  <dt className="col-5 mb-2">{t('company.terms.title')}</dt>
                  <dd className="col-7 mb-0">
                    {company.termsAccepted
                      ? t('settings.summary.termsAccepted')
                      : t('settings.summary.termsOpen')}
                  </dd>
                </dl>
              ) : (
                <p className="text-body-secondary small mb-4">{t('settings.summary.noCompany')}</p>
              )}
              <Link
                to={staff ? paths.partners : paths.settingsCompanyInfo}
                className="btn btn-primary mt-auto align-self-start"
              >
                {staff ? t('company.staff.toPartners') : t('settings.companyInfo.edit')}
              </Link>
            </Card.Body>
          </Card>
        </div>
      </div>
    </>
  );
}
