import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AddressForm } from '@/companies/AddressForm';
import { CompanyForm } from '@/companies/CompanyForm';
import { CompanySetupForm } from '@/companies/CompanySetupForm';
import { isEmail, isWebsite } from '@/companies/formValues';
import { fieldMessages } from '@/lib/api-error';
import { renderWithProviders } from '../../tests/render-with-providers';

describe('CompanyForm', () => {
  it('requires the company name and checks e-mail, phone and website', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<CompanyForm onSubmit={onSubmit} submitLabel="Save company data" />);
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Save company data' }));

    const name = screen.getByRole('textbox', { name: 'Company name' });
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription('This field is required.');
    expect(name).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();

    await user.type(name, 'Acme');
    expect(name).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByRole('textbox', { name: 'Company e-mail' }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: 'Company phone' }), '0612');
    await user.type(screen.getByRole('textbox', { name: 'Website' }), 'nope');
    await user.click(screen.getByRole('button', { name: 'Save company data' }));

    expect(screen.getByRole('textbox', { name: 'Company e-mail' })).toHaveAccessibleDescription(
      'Enter a valid e-mail address.',
    );
    expect(screen.getByRole('textbox', { name: 'Company phone' })).toHaveAccessibleDescription(
      /Enter a valid phone number in international format/,
    );
    expect(screen.getByRole('textbox', { name: 'Website' })).toHaveAccessibleDescription(
      /Enter a valid web address/,
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits every field, starting from the initial values', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <CompanyForm
        initial={{ name: 'Acme', country: 'NL' }}
        onSubmit={onSubmit}
        submitLabel="Save"
      />,
    );
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Netherlands' });
    await user.type(screen.getByRole('textbox', { name: 'CoC number' }), '12345678');
    await user.type(screen.getByRole('textbox', { name: 'Company phone' }), '+31 20 123 4567');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Acme',
      email: '',
      phone: '+31 20 123 4567',
      website: '',
      legalForm: '',
      cocNumber: '12345678',
      vatNumber: '',
      country: 'NL',
    });
    expect(screen.getByRole('combobox', { name: 'Country of registration' })).toHaveValue('NL');
  });

  it("shows the server's field messages until the field is edited", async () => {
    renderWithProviders(
      <CompanyForm
        initial={{ name: 'Acme', vatNumber: 'NL1' }}
        onSubmit={async () => {}}
        submitLabel="Save"
        fieldErrors={{ vatNumber: 'VAT number is not valid for NL' }}
        idPrefix="edit"
      />,
    );
    const vat = screen.getByRole('textbox', { name: 'VAT number' });
    expect(vat).toHaveAttribute('id', 'edit-vatNumber');
    expect(vat).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('VAT number is not valid for NL')).toBeInTheDocument();

    await userEvent.type(vat, '2');
    expect(screen.queryByText('VAT number is not valid for NL')).not.toBeInTheDocument();
  });

  it('is busy while the caller saves', async () => {
    let finish = () => {};
    const onSubmit = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    renderWithProviders(
      <CompanyForm initial={{ name: 'Acme' }} onSubmit={onSubmit} submitLabel="Save" />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    finish();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled());
  });
});

describe('AddressForm', () => {
  it('requires street, house number, post code, city and country', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(<AddressForm onSubmit={onSubmit} submitLabel="Save address" />);
    await userEvent.click(screen.getByRole('button', { name: 'Save address' }));

    for (const name of ['Street', 'House number', 'Post code', 'City']) {
      expect(screen.getByRole('textbox', { name })).toHaveAccessibleDescription(
        'This field is required.',
      );
    }
    expect(screen.getByRole('combobox', { name: 'Country' })).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.getByRole('combobox', { name: 'Address type' })).toHaveValue('REGISTERED');
    expect(screen.getByRole('textbox', { name: 'Street' })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits the address with its type', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <AddressForm initial={{ country: 'DE' }} onSubmit={onSubmit} submitLabel="Save address" />,
    );
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Germany' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Address type' }), 'BILLING');
    await user.type(screen.getByRole('textbox', { name: 'Street' }), 'Hauptstraße');
    await user.type(screen.getByRole('textbox', { name: 'House number' }), '5a');
    await user.type(screen.getByRole('textbox', { name: 'Post code' }), '10115');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'Berlin');
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(onSubmit).toHaveBeenCalledWith({
      type: 'BILLING',
      street: 'Hauptstraße',
      houseNumber: '5a',
      postCode: '10115',
      city: 'Berlin',
      country: 'DE',
    });
  });

  it('shows server messages next to the address fields', () => {
    renderWithProviders(
      <AddressForm
        onSubmit={async () => {}}
        submitLabel="Save address"
        fieldErrors={{ postCode: 'Post code is not valid' }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'Post code' })).toHaveAccessibleDescription(
      'Post code is not valid',
    );
  });
});

describe('CompanySetupForm', () => {
  it('checks company and address together and keeps the two countries apart', async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <CompanySetupForm
        withCompany
        onSubmit={onSubmit}
        submitLabel="Save company"
        addressErrors={{ city: 'City is too long' }}
      />,
    );
    expect(screen.getByRole('textbox', { name: 'City' })).toHaveAccessibleDescription(
      'City is too long',
    );
    expect(screen.queryByRole('combobox', { name: 'Address type' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country of registration' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Country' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Save company' }));
    expect(screen.getByRole('textbox', { name: 'Company name' })).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("holds a Dutch company's CoC number and post code to the KYC step's rules (issue 18, point 6)", async () => {
    const onSubmit = vi.fn(async () => {});
    renderWithProviders(
      <CompanySetupForm
        withCompany
        initialCompany={{ name: 'Visser B.V.', cocNumber: '12' }}
        initialAddress={{
          street: 'Keizersgracht',
          houseNumber: '1',
          postCode: 'XXXXXX',
          city: 'Amsterdam',
          country: 'NL',
        }}
        onSubmit={onSubmit}
        submitLabel="Save company"
      />,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save company' }));

    // No country of registration: the company is registered where its address is.
    const coc = screen.getByRole('textbox', { name: 'CoC number' });
    expect(coc).toHaveAccessibleDescription(/in the Netherlands 8 digits/);
    const postCode = screen.getByRole('textbox', { name: 'Post code' });
    expect(postCode).toHaveAccessibleDescription('This is not a post code of the chosen country.');
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(postCode);
    await user.type(postCode, '1015 cj');
    await user.clear(coc);
    await user.type(coc, '3412.3456');
    expect(coc).not.toHaveAttribute('aria-invalid');
    expect(postCode).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Save company' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it('asks for the address alone without the company fields', () => {
    renderWithProviders(
      <CompanySetupForm withCompany={false} onSubmit={async () => {}} submitLabel="Save address" />,
    );
    expect(screen.queryByRole('textbox', { name: 'Company name' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Street' })).toBeInTheDocument();
  });
});

describe('form helpers', () => {
  it('reads the field messages of a 400 answer', () => {
    const error = {
      status: 400,
      message: 'Validation failed',
      details: [
        { field: 'name', message: 'Name is required' },
        { field: 'address.city', message: 'City is required' },
        { field: '/address/street', message: 'Street is required' },
        { nonsense: true },
      ],
    };
    expect(fieldMessages(error)).toEqual({ name: 'Name is required' });
    expect(fieldMessages(error, 'address')).toEqual({
      city: 'City is required',
      street: 'Street is required',
    });
    expect(fieldMessages(null)).toEqual({});
    expect(fieldMessages({ status: 409, message: 'Conflict', details: { uuid: 'x' } })).toEqual({});
  });

  it('checks e-mail addresses and web addresses', () => {
    expect(isEmail('a@b.nl')).toBe(true);
    expect(isEmail(`${'a'.repeat(65)}@b.nl`)).toBe(false);
    expect(isEmail('a@b')).toBe(false);
    expect(isWebsite('www.example.com')).toBe(true);
    expect(isWebsite('https://example.com/x')).toBe(true);
    expect(isWebsite('ftp://example.com')).toBe(false);
    expect(isWebsite('nope')).toBe(false);
  });
});
