import Form from 'react-bootstrap/Form';
import { CompanyFields } from '@/features/tradePartner/CompanyFields';
import { SubmitButton } from '@/features/tradePartner/FormControls';
import {
  EMPTY_COMPANY,
  validateCompany,
  withDefaults,
  type CompanyFormValues,
} from '@/features/tradePartner/formValues';
import { useFormModel, useSubmit } from '@/features/tradePartner/useFormModel';

export type { CompanyFormValues } from '@/features/tradePartner/formValues';

export interface CompanyFormProps {
  /** Read when the form mounts; give the form a new `key` to start again from other values. */
  initial?: Partial<CompanyFormValues>;
  /** Called with the checked values; the form stays busy until it settles. */
  onSubmit: (values: CompanyFormValues) => Promise<void>;
  submitLabel: string;
  busy?: boolean;
  /** The server's messages by field name (400 `details[].field`). */
  fieldErrors?: Record<string, string>;
  /** Prefix of the element ids, for two forms on one page (default 'company'). */
  idPrefix?: string;
}

/**
 * A trade partner's company data: name (required), legal form, country of registration, CoC
 * and VAT numbers, e-mail, phone and website. Used by the company settings and the trade
 * partner screens.
 */
export function CompanyForm({
  initial,
  onSubmit,
  submitLabel,
  busy = false,
  fieldErrors,
  idPrefix = 'company',
}: CompanyFormProps) {
  const model = useFormModel({
    initial: withDefaults(EMPTY_COMPANY, initial),
    validate: validateCompany,
    fieldErrors,
    idPrefix,
  });
  const { submitting, onSubmit: submit } = useSubmit(() =>
    model.check() ? onSubmit(model.values) : undefined,
  );
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <CompanyFields model={model} />
      <SubmitButton label={submitLabel} busy={busy || submitting} />
    </Form>
  );
}
