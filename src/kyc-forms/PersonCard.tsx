import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Row from 'react-bootstrap/Row';
import { useTranslation } from 'react-i18next';
import { CONTACT_ROLES, type ContactPerson, type StepIssue } from '@common/kyc-steps';
import { DecimalInput } from '@/kyc-forms/DecimalInput';
import { DateField, SelectInput, TextInput, withField, type Option } from '@/kyc-forms/fields';
import { IdDocumentField } from '@/kyc-forms/IdDocumentField';
import { issueAt } from '@/kyc-forms/issues';
import type { Draft, StepDocument, StepDocumentsProps } from '@/kyc-forms/types';

export type PersonDraft = Draft<ContactPerson>;

interface PersonCardProps {
  index: number;
  value: PersonDraft;
  /** Changes the person as they are when it runs (an upload finishes later). */
  onUpdate: (update: (person: PersonDraft) => PersonDraft) => void;
  /** Absent when the person may not be removed (the only one, or read-only). */
  onRemove?: () => void;
  /** Relative to the person: 'lastName'. */
  issues: readonly StepIssue[];
  countries: readonly Option[];
  idDocuments: readonly StepDocument[];
  uploadIdDocument: StepDocumentsProps['onUpload'];
  readOnly?: boolean;
  /** The first field takes the focus: the person was just added. */
  focusFirst?: boolean;
  idPrefix: string;
}

/** One director, authorised signatory or owner, with their identity document. */
export function PersonCard({
  index,
  value,
  onUpdate,
  onRemove,
  issues,
  countries,
  idDocuments,
  uploadIdDocument,
  readOnly,
  focusFirst,
  idPrefix,
}: PersonCardProps) {
  const { t } = useTranslation();
  const titleId = `${idPrefix}-title`;
  const field = <K extends keyof PersonDraft & string>(key: K) => ({
    id: `${idPrefix}-${key}`,
    issue: issueAt(issues, key),
  });
  const set = <K extends keyof PersonDraft>(key: K, next: PersonDraft[K]) =>
    onUpdate((person) => withField(person, key, next));
  // Anyone may own part of the company (a director who owns more than 25 % is a beneficial
  // owner too); a UBO must say how much.
  const isUbo = value.role === 'UBO';
  const roles = CONTACT_ROLES.map((role) => ({
    value: role,
    label: t(`kycForms.contacts.roles.${role}`),
  }));
  const name = [value.firstName, value.lastName].filter(Boolean).join(' ');

  return (
    <Card as="section" className="kyc-forms-person" aria-labelledby={titleId}>
      <Card.Header className="d-flex align-items-center gap-2">
        <h4 id={titleId} className="h6 mb-0 me-auto">
          {t('kycForms.contacts.person', { number: index + 1 })}
          {name && <span className="fw-normal text-body-secondary"> · {name}</span>}
        </h4>
        {onRemove && (
          <Button
            variant="outline-danger"
            size="sm"
            onClick={onRemove}
            aria-label={t('kycForms.contacts.removePerson', { number: index + 1 })}
          >
            {t('kycForms.contacts.remove')}
          </Button>
        )}
      </Card.Header>
      <Card.Body>
        <Row className="g-3 mb-3">
          <TextInput
            {...field('firstName')}
            label={t('kycForms.contacts.firstName')}
            value={value.firstName}
            onChange={(next) => set('firstName', next)}
            autoComplete="off"
            required
            className="col-sm-6 col-xl-4"
            autoFocus={focusFirst}
          />
          <TextInput
            {...field('lastName')}
            label={t('kycForms.contacts.lastName')}
            value={value.lastName}
            onChange={(next) => set('lastName', next)}
            autoComplete="off"
            required
            className="col-sm-6 col-xl-4"
          />
          <SelectInput
            {...field('role')}
            label={t('kycForms.contacts.role')}
            placeholder={t('kycForms.contacts.selectRole')}
            options={roles}
            value={value.role}
            onChange={(next) => set('role', next as PersonDraft['role'])}
            required
            className="col-sm-6 col-xl-4"
          />
          <DateField
            {...field('dateOfBirth')}
            past
            pickYear
            label={t('kycForms.contacts.dateOfBirth')}
            value={value.dateOfBirth}
            onChange={(next) => set('dateOfBirth', next)}
            className="col-sm-6 col-xl-4"
          />
          <SelectInput
            {...field('nationality')}
            label={t('kycForms.contacts.nationality')}
            placeholder={t('kycForms.selectCountry')}
            options={countries}
            value={value.nationality}
            onChange={(next) => set('nationality', next)}
            className="col-sm-6 col-xl-4"
          />
          <DecimalInput
            kind="percentage"
            {...field('ownershipPercentage')}
            label={t('kycForms.contacts.ownership')}
            hint={t('kycForms.contacts.ownershipHint')}
            value={value.ownershipPercentage}
            onChange={(next) => set('ownershipPercentage', next)}
            required={isUbo}
            className="col-sm-6 col-xl-4"
          />
        </Row>
        <IdDocumentField
          idPrefix={idPrefix}
          value={value.idDocumentId}
          onChange={(documentId) => set('idDocumentId', documentId)}
          documents={idDocuments}
          upload={uploadIdDocument}
          issue={issueAt(issues, 'idDocumentId')}
          readOnly={readOnly}
        />
      </Card.Body>
    </Card>
  );
}
