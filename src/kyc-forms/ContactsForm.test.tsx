import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { documentsProps, pdf, renderStepForm } from '@/kyc-forms/testSupport';

const person = (number: number) =>
  screen.getByRole('region', { name: new RegExp(`^Person ${number}\\b`) });

describe('KycStepForm: contacts', () => {
  it('starts with one person to fill in, as a card of labelled fields', async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('contacts');

    const first = person(1);
    for (const label of ['First name', 'Last name', 'Role', 'Date of birth', 'Nationality']) {
      expect(within(first).getByLabelText(label)).toBeInTheDocument();
    }
    expect(within(first).getByLabelText('Identity document')).toBeInTheDocument();
    expect(within(first).getByLabelText('Upload ID document')).toBeInTheDocument();
    // The only person cannot be removed.
    expect(within(first).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    await user.type(within(first).getByLabelText('First name'), 'Anna');
    await user.selectOptions(within(first).getByLabelText('Nationality'), 'NL');
    expect(last()).toEqual({ people: [{ firstName: 'Anna', nationality: 'NL' }] });
  });

  it("asks every person's share of the company, and requires it of a beneficial owner", async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('contacts', {
      value: { people: [{ firstName: 'Anna', role: 'DIRECTOR' }] },
    });
    const card = person(1);
    // A director may own the company too: above 25 % they are one of its beneficial owners.
    const ownership = within(card).getByLabelText('Ownership (%)');
    expect(ownership).not.toBeRequired();
    expect(ownership).toHaveAccessibleDescription(
      'The share of the company this person owns or controls.',
    );
    await user.type(ownership, '60');
    expect(last()).toEqual({
      people: [{ firstName: 'Anna', role: 'DIRECTOR', ownershipPercentage: '60' }],
    });
    // Cleared to be typed again, it stays.
    await user.clear(ownership);
    expect(within(card).getByLabelText('Ownership (%)')).toHaveValue('');

    await user.selectOptions(within(card).getByLabelText('Role'), 'UBO');
    expect(
      within(card).getByRole('option', { name: 'Ultimate beneficial owner (UBO)' }),
    ).toHaveProperty('selected', true);
    expect(within(card).getByLabelText('Ownership (%)')).toBeRequired();
    await user.type(within(card).getByLabelText('Ownership (%)'), '62.5%');
    expect(within(card).getByLabelText('Ownership (%)')).toHaveValue('62.5');
    expect(last()).toEqual({
      people: [{ firstName: 'Anna', role: 'UBO', ownershipPercentage: '62.5' }],
    });
  });

  it('adds and removes people', async () => {
    const user = userEvent.setup();
    const { last } = renderStepForm('contacts', { value: { people: [{ firstName: 'Anna' }] } });

    await user.click(screen.getByRole('button', { name: 'Add a person' }));
    expect(last()).toEqual({ people: [{ firstName: 'Anna' }, {}] });
    expect(within(person(2)).getByLabelText('First name')).toHaveFocus();
    await user.keyboard('Bram');

    await user.click(within(person(1)).getByRole('button', { name: 'Remove person 1' }));
    expect(last()).toEqual({ people: [{ firstName: 'Bram' }] });
    expect(within(person(1)).getByLabelText('First name')).toHaveValue('Bram');
  });

  it("shows each person's issues in their card, and the list's above it", () => {
    renderStepForm('contacts', {
      value: { people: [{ firstName: 'Anna' }, { firstName: 'Bram' }] },
      issues: [
        { field: 'people.1.lastName', code: 'required', message: '' },
        { field: 'people.0.idDocumentId', code: 'document', message: '' },
        { field: 'people', code: 'ownershipTotal', message: '' },
      ],
    });

    expect(within(person(2)).getByLabelText('Last name')).toHaveAccessibleDescription(
      'This field is required.',
    );
    expect(within(person(1)).getByLabelText('Last name')).not.toHaveAttribute('aria-invalid');
    expect(within(person(1)).getByLabelText('Identity document')).toHaveAccessibleDescription(
      'Choose or upload a document.',
    );
    expect(screen.getByText('The ownership percentages together exceed 100%.')).toBeInTheDocument();
  });

  it("chooses a person's identity document among the company's, or uploads one", async () => {
    const user = userEvent.setup();
    const documents = documentsProps('contacts', {
      documents: [
        { id: 41, type: 'ID_DOCUMENT', fileName: 'passport-anna.pdf' },
        { id: 43, type: 'UBO_REGISTER_EXTRACT', fileName: 'ubo.pdf' },
      ],
      onUpload: vi.fn(async () => ({
        id: 77,
        type: 'ID_DOCUMENT' as const,
        fileName: 'id-bram.png',
      })),
    });
    const { last } = renderStepForm('contacts', {
      value: { people: [{ firstName: 'Anna' }, { firstName: 'Bram' }] },
      documents,
    });

    const select = within(person(1)).getByLabelText('Identity document');
    // Only identity documents are offered.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose an uploaded document', 'passport-anna.pdf']);
    await user.selectOptions(select, '41');
    expect(last()?.people?.[0]).toEqual({ firstName: 'Anna', idDocumentId: 41 });

    const file = new File(['id'], 'id-bram.png', { type: 'image/png' });
    await user.upload(within(person(2)).getByLabelText('Upload ID document'), file);
    expect(documents.onUpload).toHaveBeenCalledWith(file, 'ID_DOCUMENT');
    await waitFor(() =>
      expect(last()?.people).toEqual([
        { firstName: 'Anna', idDocumentId: 41 },
        { firstName: 'Bram', idDocumentId: 77 },
      ]),
    );
    // Not in the caller's list yet: named by the file.
    expect(within(person(2)).getByLabelText('Identity document')).toHaveDisplayValue('id-bram.png');
    expect(within(person(2)).getByText('id-bram.png was uploaded.')).toBeInTheDocument();

    // The step's other documents are listed below, with the identity document Anna names.
    const listed = screen.getByRole('list', { name: 'Documents of this step' });
    expect(within(listed).getByText('ubo.pdf')).toBeInTheDocument();
    expect(within(listed).getByText('passport-anna.pdf')).toBeInTheDocument();
  });

  it('lists the identity documents the people name with the step, saying whose, to view', async () => {
    const user = userEvent.setup();
    const onView = vi.fn();
    const documents = documentsProps('contacts', {
      documents: [
        { id: 41, type: 'ID_DOCUMENT', fileName: 'passport-anna.pdf' },
        { id: 42, type: 'ID_DOCUMENT', fileName: 'old-id-card.pdf' },
        { id: 43, type: 'UBO_REGISTER_EXTRACT', fileName: 'ubo.pdf' },
      ],
      onView,
    });
    renderStepForm('contacts', {
      value: {
        people: [
          { firstName: 'Anna', lastName: 'de Vries', idDocumentId: 41 },
          { firstName: 'Bram', idDocumentId: 43 },
          {},
          { firstName: 'Bram', lastName: 'Jansen', idDocumentId: 41 },
        ],
      },
      documents,
    });

    const listed = screen.getByRole('list', { name: 'Documents of this step' });
    const rows = within(listed).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.fw-semibold')?.textContent)).toEqual([
      'passport-anna.pdf',
      'ubo.pdf',
    ]);
    expect(rows[0]).toHaveTextContent('Identifies Anna de Vries, Bram Jansen');
    // Chosen where it is named: viewed here, never archived or retyped.
    expect(
      within(rows[0]!).queryByRole('button', { name: 'Archive passport-anna.pdf' }),
    ).not.toBeInTheDocument();
    expect(within(rows[0]!).queryByRole('combobox')).not.toBeInTheDocument();
    await user.click(within(rows[0]!).getByRole('button', { name: 'View passport-anna.pdf' }));
    expect(onView).toHaveBeenCalledWith(41);
    // An identity document nobody names is only offered in the people's choices.
    expect(within(listed).queryByText('old-id-card.pdf')).not.toBeInTheDocument();
  });

  it('read-only: every control disabled, nothing to add, remove or upload', () => {
    renderStepForm('contacts', {
      readOnly: true,
      value: { people: [{ firstName: 'Anna', role: 'UBO' }, { firstName: 'Bram' }] },
    });
    for (const label of ['First name', 'Role', 'Ownership (%)', 'Identity document']) {
      expect(within(person(1)).getByLabelText(label)).toBeDisabled();
    }
    expect(screen.queryByLabelText('Upload ID document')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a person' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('refuses an oversized identity document before sending it', async () => {
    const user = userEvent.setup();
    const documents = documentsProps('contacts');
    renderStepForm('contacts', { documents });

    await user.upload(
      within(person(1)).getByLabelText('Upload ID document'),
      pdf('huge.pdf', 26 * 1024 * 1024),
    );
    expect(documents.onUpload).not.toHaveBeenCalled();
    expect(
      screen.getByText('huge.pdf could not be uploaded. The file is larger than 25 MB.'),
    ).toBeInTheDocument();
  });

  it('reads the ownership in the app language, and says how to write one that does not read', () => {
    renderStepForm('contacts', {
      value: { people: [{ firstName: 'Anna', role: 'UBO', ownershipPercentage: 62.5 }] },
    });
    const ownership = within(person(1)).getByLabelText('Ownership (%)');
    expect(ownership).toHaveValue('62.5');
    // '12,5' is not 125 in English: refused, with the English way to write it.
    fireEvent.change(ownership, { target: { value: '12,5' } });
    expect(ownership).toBeInvalid();
    expect(ownership).toHaveAccessibleDescription(
      expect.stringContaining('Write the percentage like 12.5.'),
    );
    fireEvent.change(ownership, { target: { value: '150' } });
    expect(ownership).toHaveAccessibleDescription(
      expect.stringContaining('Enter a percentage from 0 to 100.'),
    );
    fireEvent.change(ownership, { target: { value: '12.5' } });
    expect(ownership).toBeValid();
  });
});
