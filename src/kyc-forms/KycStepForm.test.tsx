import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DATA_STEP_TYPES, validateStepData } from '@common/kyc-steps';
import { fromStepData, toStepData } from '@/kyc-forms/stepDraft';
import { renderStepForm } from '@/kyc-forms/testSupport';

const issue = (field: string, code: 'required' | 'iban' | 'vat' | 'futureDate') => ({
  field,
  code,
  message: 'from the server',
});

describe('KycStepForm: Chamber of Commerce', () => {
  it('shows the saved data in labelled fields and sends every change', async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('coc', {
      value: { cocNumber: '12345678', registeredName: 'Van Dijk B.V.', extractDate: '2025-05-01' },
    });

    expect(screen.getByLabelText('CoC number')).toHaveValue('12345678');
    expect(screen.getByLabelText('Registered name')).toHaveValue('Van Dijk B.V.');
    expect(screen.getByLabelText('Legal form')).toHaveValue('');
    // Dates read dd.MM.yyyy in every browser (issue 18, point 8); the step keeps yyyy-MM-dd.
    expect(screen.getByLabelText('Registration date')).toHaveValue('');
    expect(screen.getByLabelText('Extract date')).toHaveValue('01.05.2025');

    await user.type(screen.getByLabelText('Legal form'), 'B.V.');
    expect(last()).toEqual({
      cocNumber: '12345678',
      registeredName: 'Van Dijk B.V.',
      extractDate: '2025-05-01',
      legalForm: 'B.V.',
    });
    fireEvent.change(screen.getByLabelText('Registration date'), {
      target: { value: '01.03.2011' },
    });
    expect(last()).toEqual(expect.objectContaining({ registrationDate: '2011-03-01' }));
    // Emptied, a field is no longer given.
    await user.clear(screen.getByLabelText('CoC number'));
    expect(last()).not.toHaveProperty('cocNumber');
  });

  it('shows an issue next to its field, in words', () => {
    renderStepForm('coc', { issues: [issue('extractDate', 'futureDate')] });

    const field = screen.getByLabelText('Extract date');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveClass('is-invalid');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('The date cannot lie in the future.'),
    );
    expect(screen.getByLabelText('CoC number')).not.toHaveAttribute('aria-invalid');
  });

  it('read-only: every control disabled, no upload, no archive', () => {
    renderStepForm('coc', {
      readOnly: true,
      value: { cocNumber: '1' },
    });
    for (const label of ['CoC number', 'Registered name', 'Legal form', 'Extract date']) {
      expect(screen.getByLabelText(label)).toBeDisabled();
    }
    expect(screen.queryByLabelText('Upload a document')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Document type')).not.toBeInTheDocument();
  });
});

describe('KycStepForm: bank and VAT', () => {
  it('groups the IBAN in fours when the field is left, and sends what was typed', async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('bank-and-vat');

    await user.type(screen.getByLabelText('IBAN'), 'nl91abna0417164300');
    expect(last()).toEqual({ iban: 'nl91abna0417164300' });
    await user.click(screen.getByLabelText('Account holder'));
    expect(screen.getByLabelText('IBAN')).toHaveValue('NL91 ABNA 0417 1643 00');
    expect(last()).toEqual({ iban: 'NL91 ABNA 0417 1643 00' });

    await user.type(screen.getByLabelText('Account holder'), 'Van Dijk');
    await user.type(screen.getByLabelText('VAT number'), 'NL123456782B01');
    expect(last()).toEqual({
      iban: 'NL91 ABNA 0417 1643 00',
      accountHolder: 'Van Dijk',
      vatNumber: 'NL123456782B01',
    });
    expect(screen.getByLabelText('VAT number')).toHaveAccessibleDescription(
      expect.stringContaining('NL123456782B01'),
    );
  });

  it('says why the IBAN and VAT number are refused', () => {
    renderStepForm('bank-and-vat', { issues: [issue('iban', 'iban'), issue('vatNumber', 'vat')] });
    expect(screen.getByLabelText('IBAN')).toHaveAccessibleDescription('This is not a valid IBAN.');
    expect(screen.getByLabelText('VAT number')).toHaveAccessibleDescription(
      expect.stringContaining('This is not a valid VAT number.'),
    );
  });
});

describe('KycStepForm: addresses', () => {
  it('shows the operating address only when it differs', async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('addresses', {
      value: { registered: { city: 'Amsterdam', country: 'NL' } },
      issues: [issue('registered.street', 'required')],
    });

    const registered = screen.getByRole('group', { name: 'Registered address' });
    expect(within(registered).getByLabelText('City')).toHaveValue('Amsterdam');
    expect(within(registered).getByLabelText('Country')).toHaveDisplayValue('Netherlands');
    expect(within(registered).getByLabelText('Street')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(screen.queryByRole('group', { name: 'Operating address' })).not.toBeInTheDocument();
    expect(screen.getAllByLabelText('Street')).toHaveLength(1);

    await user.click(
      screen.getByLabelText('The operating address differs from the registered address'),
    );
    expect(last()).toEqual({ registered: { city: 'Amsterdam', country: 'NL' }, operating: {} });
    const operating = screen.getByRole('group', { name: 'Operating address' });
    await user.type(within(operating).getByLabelText('Street'), 'Havenweg');
    await user.type(within(operating).getByLabelText('House number'), '12');
    await user.type(within(operating).getByLabelText('Postcode'), '3011 AB');
    await user.selectOptions(within(operating).getByLabelText('Country'), 'BE');
    expect(last()?.operating).toEqual({
      street: 'Havenweg',
      houseNumber: '12',
      postCode: '3011 AB',
      country: 'BE',
    });

    await user.click(
      screen.getByLabelText('The operating address differs from the registered address'),
    );
    expect(last()).toEqual({ registered: { city: 'Amsterdam', country: 'NL' } });
    expect(screen.queryByRole('group', { name: 'Operating address' })).not.toBeInTheDocument();
  });
});

describe('KycStepForm: customer due diligence', () => {
  it('fills in the activity, volume, funds and both declarations', async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('cdd');

    await user.type(screen.getByLabelText('Business activity'), 'Transport');
    await user.type(screen.getByLabelText('Expected monthly volume (EUR)'), '1,250.50 euro');
    await user.type(screen.getByLabelText('Source of funds'), 'Revenue');
    // Letters are not kept in an amount.
    expect(screen.getByLabelText('Expected monthly volume (EUR)')).toHaveValue('1,250.50 ');

    const pep = screen.getByRole('group', { name: /politically exposed person/ });
    const sanctions = screen.getByRole('group', { name: /subject to sanctions/ });
    expect(within(pep).getByLabelText('Yes')).not.toBeChecked();
    expect(within(pep).getByLabelText('No')).not.toBeChecked();
    expect(pep).toHaveTextContent('prominent public function');
    await user.click(within(pep).getByLabelText('Yes'));
    await user.click(within(sanctions).getByLabelText('No'));

    const value = last()!;
    expect(value).toEqual({
      businessActivity: 'Transport',
      expectedMonthlyVolume: '1,250.50 ',
      sourceOfFunds: 'Revenue',
      pepDeclared: true,
      sanctionsDeclared: false,
    });
    expect(toStepData('cdd', value, 'en')).toEqual(
      expect.objectContaining({ expectedMonthlyVolume: '1250.50', pepDeclared: true }),
    );
  });

  it('adds countries of operation as chips and removes them', async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('cdd', { value: { countriesOfOperation: ['NL'] } });

    const chosen = screen.getByRole('list', { name: 'Chosen countries' });
    expect(within(chosen).getByText('Netherlands')).toBeInTheDocument();
    const select = screen.getByLabelText('Countries of operation');
    // A chosen country is not offered again.
    expect(within(select).queryByRole('option', { name: 'Netherlands' })).not.toBeInTheDocument();

    await user.selectOptions(select, 'DE');
    expect(last()).toEqual({ countriesOfOperation: ['NL', 'DE'] });
    expect(select).toHaveValue('');
    expect(within(chosen).getByText('Germany')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Netherlands' }));
    expect(last()).toEqual({ countriesOfOperation: ['DE'] });
    expect(select).toHaveFocus();
  });

  it('adds a country chosen with the keyboard on Enter, not while browsing', () => {
    const { last, onChange } = renderStepForm('cdd');
    const select = screen.getByLabelText('Countries of operation');

    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'BE' } });
    fireEvent.keyDown(select, { key: 'ArrowDown' });
    fireEvent.change(select, { target: { value: 'DE' } });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.keyDown(select, { key: 'Enter' });
    expect(last()).toEqual({ countriesOfOperation: ['DE'] });
  });

  it('shows the issue of one refused country on the field', () => {
    renderStepForm('cdd', {
      value: { countriesOfOperation: ['XX'] },
      issues: [{ field: 'countriesOfOperation.0', code: 'country', message: '' }],
    });
    expect(screen.getByLabelText('Countries of operation')).toHaveAccessibleDescription(
      expect.stringContaining('Choose a country from the list.'),
    );
    expect(screen.queryByText('Please also check the following:')).not.toBeInTheDocument();
  });
});

describe('KycStepForm: issues', () => {
  it.each(DATA_STEP_TYPES)(
    'shows every issue of an empty %s form next to a field of its own',
    (stepType) => {
      const empty = fromStepData(stepType, {}, 'en');
      const result = validateStepData(stepType, toStepData(stepType, empty, 'en'));
      const issues = result.ok ? [] : result.issues;
      expect(issues.length).toBeGreaterThan(0);
      const { container } = renderStepForm(stepType, {
        value: empty,
        issues,
      });

      expect(screen.queryByText('Please also check the following:')).not.toBeInTheDocument();
      expect(container.querySelectorAll('.invalid-feedback')).toHaveLength(issues.length);
    },
  );

  it('lists an issue no field shows above the form', () => {
    renderStepForm('addresses', { issues: [issue('operating', 'required')] });
    expect(screen.getByText('Please also check the following:')).toBeInTheDocument();
    expect(screen.getByText('operating: This field is required.')).toBeInTheDocument();
  });
});
