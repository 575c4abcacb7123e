import Form from 'react-bootstrap/Form';
import { AddressFields } from '@/features/tradePartner/AddressFields';
import { SubmitButton } from '@/features/tradePartner/FormControls';
import {
  EMPTY_ADDRESS,
  validateAddress,
  withDefaults,
  type AddressFormValues,
} from '@/features/tradePartner/formValues';
import { useFormModel, useSubmit } from '@/features/tradePartner/useFormModel';

export type { AddressFormValues } from '@/features/tradePartner/formValues';

export interface AddressFormProps {
  /** Read when the form mounts; give the form a new `key` to start again from other values. */
  initial?: Partial<AddressFormValues>;
  /** Called with the checked values; the form stays busy until it settles. */
  onSubmit: (values: AddressFormValues) => Promise<void>;
  submitLabel: string;
  busy?: boolean;
  /** The server's messages by field name (400 `details[].field`). */
  fieldErrors?: Record<string, string>;
  /** Prefix of the element ids, for two forms on one page (default 'address'). */
  idPrefix?: string;
}

/** An address: type, street, house number, post code, city and country (all but type required). */
export function AddressForm({
  initial,
  onSubmit,
  submitLabel,
  busy = false,
  fieldErrors,
  idPrefix = 'address',
}: AddressFormProps) {
  const model = useFormModel({
    initial: withDefaults(EMPTY_ADDRESS, initial),
    validate: validateAddress,
    fieldErrors,
    idPrefix,
  });
  const { submitting, onSubmit: submit } = useSubmit(() =>
    model.check() ? onSubmit(model.values) : undefined,
  );
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <AddressFields model={model} />
      <SubmitButton label={submitLabel} busy={busy || submitting} />
    </Form>
  );
}
