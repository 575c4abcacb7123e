import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { ADDRESS_FIELDS, type DataStepType, type StepIssue } from '@common/kyc-steps';
import { AddressesForm } from '@/kyc-forms/AddressesForm';
import { BankAndVatForm } from '@/kyc-forms/BankAndVatForm';
import { CddForm } from '@/kyc-forms/CddForm';
import { CocForm } from '@/kyc-forms/CocForm';
import { ContactsForm, peopleOf } from '@/kyc-forms/ContactsForm';
import { useIssueText } from '@/kyc-forms/issues';
import type { KycStepFormProps } from '@/kyc-forms/types';
import './kycForms.css';

type AnyStepFormProps = { [K in DataStepType]: KycStepFormProps<K> }[DataStepType];

const PERSON_FIELD =
  /^people\.(\d+)\.(firstName|lastName|role|ownershipPercentage|dateOfBirth|nationality|idDocumentId)$/;
const ADDRESS_FIELD = new RegExp(`^(registered|operating)\\.(${ADDRESS_FIELDS.join('|')})$`);

/** Whether the step's form shows an issue of `field` next to a field of its own. */
function isShown(props: AnyStepFormProps, field: string): boolean {
  switch (props.stepType) {
    case 'coc':
      return [
        'cocNumber',
        'registeredName',
        'legalForm',
        'registrationDate',
        'extractDate',
      ].includes(field);
    case 'contacts': {
      const person = PERSON_FIELD.exec(field);
      return field === 'people' || (!!person && Number(person[1]) < peopleOf(props.value).length);
    }
    case 'addresses': {
      const address = ADDRESS_FIELD.exec(field);
      return !!address && (address[1] === 'registered' || props.value.operating !== undefined);
    }
    case 'bank-and-vat':
      return ['iban', 'accountHolder', 'vatNumber'].includes(field);
    case 'cdd':
      return (
        /^countriesOfOperation(\.\d+)?$/.test(field) ||
        [
          'businessActivity',
          'expectedMonthlyVolume',
          'sourceOfFunds',
          'pepDeclared',
          'sanctionsDeclared',
        ].includes(field)
      );
  }
}

/** Issues no field shows (the whole step refused, a field the form lacks), so none is lost. */
function OtherIssues({ issues }: { issues: readonly StepIssue[] }) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  if (issues.length === 0) return null;
  return (
    <Alert variant="danger" className="py-2">
      <p className="mb-1">{t('kycForms.otherIssues')}</p>
      <ul className="mb-0">
        {issues.map((issue, index) => (
          <li key={`${index}-${issue.field}`}>
            {t('kycForms.otherIssue', { field: issue.field, reason: issueText(issue) })}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** The form of a KYC step with data (every step but insights), by its type. */
export function KycStepForm<T extends DataStepType>(props: KycStepFormProps<T>) {
  const ownId = useId();
  const all = props as unknown as AnyStepFormProps;
  const idPrefix = props.idPrefix ?? `kyc-form${ownId.replace(/[^\w-]/g, '')}`;
  const others = props.issues.filter((issue) => !isShown(all, issue.field));

  const form = (() => {
    switch (all.stepType) {
      case 'coc':
        return <CocForm {...all} idPrefix={idPrefix} />;
      case 'contacts':
        return <ContactsForm {...all} idPrefix={idPrefix} />;
      case 'addresses':
        return <AddressesForm {...all} idPrefix={idPrefix} />;
      case 'bank-and-vat':
        return <BankAndVatForm {...all} idPrefix={idPrefix} />;
      case 'cdd':
        return <CddForm {...all} idPrefix={idPrefix} />;
    }
  })();

  return (
    <div className="kyc-forms">
      <OtherIssues issues={others} />
      {form}
    </div>
  );
}
