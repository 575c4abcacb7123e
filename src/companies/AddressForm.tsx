import { AddressFields } from '@/companies/AddressFields';
import { EMPTY_ADDRESS, validateAddress, type AddressFormValues } from '@/companies/formValues';
import { ModelForm, type RecordFormProps } from '@/companies/ModelForm';

export type { AddressFormValues } from '@/companies/formValues';

/** `idPrefix` defaults to 'address'. */
export type AddressFormProps = RecordFormProps<AddressFormValues>;

/** An address: type, street, house number, post code, city and country (all but type required). */
export function AddressForm({ idPrefix = 'address', ...props }: AddressFormProps) {
  return (
    <ModelForm
      {...props}
      idPrefix={idPrefix}
      empty={EMPTY_ADDRESS}
      validate={validateAddress}
      Fields={AddressFields}
    />
  );
}
