import type { ComponentType } from 'react';
import Form from 'react-bootstrap/Form';
import { SubmitButton } from '@/components/ui/FormField';
import { withDefaults, type FieldProblems } from '@/companies/formValues';
import { useFormModel, useSubmit, type FormModel } from '@/companies/useFormModel';

/** The public props of a form of one record (CompanyForm, AddressForm). */
export interface RecordFormProps<T> {
  /** Read when the form mounts; give the form a new `key` to start again from other values. */
  initial?: Partial<T>;
  /** Called with the checked values; the form stays busy until it settles. */
  onSubmit: (values: T) => Promise<void>;
  submitLabel: string;
  busy?: boolean;
  /** The server's messages by field name (400 `details[].field`). */
  fieldErrors?: Record<string, string>;
  /** Prefix of the element ids, for two forms on one page. */
  idPrefix?: string;
}

interface ModelFormProps<T extends object> extends RecordFormProps<T> {
  empty: T;
  validate: (values: T) => FieldProblems<T>;
  Fields: ComponentType<{ model: FormModel<T> }>;
  idPrefix: string;
}

/** Fields, client checks and a submit button that stays busy while the submit runs. */
export function ModelForm<T extends object>({
  empty,
  validate,
  Fields,
  initial,
  onSubmit,
  submitLabel,
  busy = false,
  fieldErrors,
  idPrefix,
}: ModelFormProps<T>) {
  const model = useFormModel({
    initial: withDefaults(empty, initial),
    validate,
    fieldErrors,
    idPrefix,
  });
  const { submitting, onSubmit: submit } = useSubmit(() =>
    model.check() ? onSubmit(model.values) : undefined,
  );
  return (
    <Form noValidate onSubmit={(event) => void submit(event)}>
      <Fields model={model} />
      <SubmitButton label={submitLabel} busy={busy || submitting} />
    </Form>
  );
}
