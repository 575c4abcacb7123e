import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '@/store/hooks';
import { notify } from '@/notifications/notificationsSlice';
import type { PartnerTabProps } from '@/slots/partnerPage';
import { savePartner } from '@/features/partners/partnersSlice';
import { conflictOf, orNull } from '@/features/partners/serverErrors';
import { useCountryName } from '@/countries/useCountryName';
import { CompanyForm, type CompanyFormValues } from '@/companies/CompanyForm';
import { fieldMessages, isApiError, isStaleVersion } from '@/lib/api-error';
import { formatDate, formatDateTime } from '@/lib/format';

/** The company's data, and the form to change it for those allowed to (staff, OWNER/ADMIN/EDITOR). */
export function CompanyTab({ partner, can }: PartnerTabProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const countryName = useCountryName();
  const [editing, setEditing] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>();
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (values: CompanyFormValues) => {
    setProblem(null);
    try {
      await dispatch(
        savePartner({
          partner,
          body: {
            name: values.name.trim(),
            email: orNull(values.email),
            phone: orNull(values.phone),
            website: orNull(values.website),
            legalForm: orNull(values.legalForm),
            cocNumber: orNull(values.cocNumber),
            vatNumber: orNull(values.vatNumber),
            country: orNull(values.country),
          },
        }),
      ).unwrap();
      dispatch(notify.success('partners.notices.saved.title', 'partners.notices.saved.message'));
      setFieldErrors(undefined);
      setEditing(false);
    } catch (error) {
      if (!isApiError(error)) throw error;
      // Someone else changed it first: the user was told, and sees it as it is now.
      if (isStaleVersion(error)) return setEditing(false);
      setProblem(error.message);
      if (error.status === 409) {
        const { field } = conflictOf(error);
        setFieldErrors(field ? { [field]: error.message } : undefined);
      } else {
        setFieldErrors(fieldMessages(error));
      }
    }
  };

  const rows: [string, string][] = [
    [t('company.fields.name'), partner.name],
    [t('company.fields.legalForm'), partner.legalForm ?? '–'],
    [t('company.fields.country'), partner.country ? countryName(partner.country) : '–'],
    [t('company.fields.cocNumber'), partner.cocNumber ?? '–'],
    [t('company.fields.vatNumber'), partner.vatNumber ?? '–'],
    [t('company.fields.email'), partner.email ?? '–'],
    [t('company.fields.phone'), partner.phone ?? '–'],
    [t('company.fields.website'), partner.website ?? '–'],
    [
      t('partners.company.terms'),
      partner.termsAccepted
        ? partner.termsAcceptedAt
          ? t('partners.company.termsAcceptedOn', { date: formatDateTime(partner.termsAcceptedAt) })
          : t('partners.badges.termsAccepted')
        : t('partners.badges.termsPending'),
    ],
    [t('partners.company.created'), formatDate(partner.createdAt) || '–'],
  ];

  return (
    <Card className="shadow-sm">
      <Card.Body className="p-3 p-sm-4">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
          <h2 className="h5 mb-0 me-auto">{t('partners.company.heading')}</h2>
          {can.edit && !editing && (
            <Button variant="outline-primary" size="sm" onClick={() => setEditing(true)}>
              {t('partners.company.edit')}
            </Button>
          )}
        </div>
        {editing ? (
          <>
            {problem && <Alert variant="danger">{problem}</Alert>}
            <CompanyForm
              idPrefix="edit-company"
              initial={{
                name: partner.name,
                email: partner.email ?? '',
                phone: partner.phone ?? '',
                website: partner.website ?? '',
                legalForm: partner.legalForm ?? '',
                cocNumber: partner.cocNumber ?? '',
                vatNumber: partner.vatNumber ?? '',
                country: partner.country ?? '',
              }}
              fieldErrors={fieldErrors}
              submitLabel={t('partners.company.save')}
              onSubmit={save}
            />
            <Button
              variant="link"
              className="px-0 mt-2"
              onClick={() => {
                setEditing(false);
                setProblem(null);
                setFieldErrors(undefined);
              }}
            >
              {t('partners.actions.cancel')}
            </Button>
          </>
        ) : (
          <dl className="row partners-dl mb-0">
            {rows.map(([label, value]) => (
              <div key={label} className="col-sm-6 col-lg-4 mb-3">
                <dt className="small">{label}</dt>
                <dd className="mb-0">{value}</dd>
              </div>
            ))}
          </dl>
        )}
      </Card.Body>
    </Card>
  );
}
