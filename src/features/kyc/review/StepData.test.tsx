import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { documentSchema } from '@common/documents';
import { passportScan } from '../../../../tests/data/documents';
import { StepData, ChangesSummary } from '@/features/kyc/review/StepData';
import { renderWithProviders } from '../../../../tests/render-with-providers';

describe('StepData, the read-only view of a step', () => {
  it('marks what changed since the last review, with the previous value', async () => {
    const changes = [
      { field: 'iban', before: 'NL91ABNA0417164300', after: 'NL02RABO0123456789' },
      { field: 'vatNumber', before: null, after: 'NL123456789B01' },
    ];
    renderWithProviders(
      <>
        <ChangesSummary stepType="bank-and-vat" changes={changes} />
        <StepData
          stepType="bank-and-vat"
          data={{
            iban: 'NL02RABO0123456789',
            accountHolder: 'Van Dijk Logistics B.V.',
            vatNumber: 'NL123456789B01',
          }}
          changes={changes}
        />
      </>,
    );

    expect(screen.getByText('Changed since the last review: IBAN, VAT number')).toBeInTheDocument();
    const iban = screen.getByText('IBAN', { selector: 'dt' }).parentElement!;
    expect(iban).toHaveTextContent('NL02RABO0123456789');
    expect(within(iban).getByText('Changed')).toBeInTheDocument();
    expect(within(iban).getByText('was: NL91ABNA0417164300')).toBeInTheDocument();
    const vat = screen.getByText('VAT number', { selector: 'dt' }).parentElement!;
    expect(within(vat).getByText('was empty')).toBeInTheDocument();
    const holder = screen.getByText('Account holder', { selector: 'dt' }).parentElement!;
    expect(within(holder).queryByText('Changed')).not.toBeInTheDocument();
  });

  it('shows people as a table: roles translated, dates dd.MM.yyyy, countries by name, %', async () => {
    renderWithProviders(
      <StepData
        stepType="contacts"
        data={{
          people: [
            {
              firstName: 'Pieter',
              lastName: 'van Dijk',
              role: 'UBO',
              ownershipPercentage: 60,
              dateOfBirth: '1975-03-09',
              nationality: 'NL',
              idDocumentId: 102,
            },
            { firstName: 'Anna', lastName: 'de Boer', role: 'DIRECTOR', idDocumentId: 103 },
          ],
        }}
        changes={[{ field: 'people.1.lastName', before: 'Bakker', after: 'de Boer' }]}
      />,
    );

    const table = screen.getByRole('table', { name: 'People' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'First name',
      'Last name',
      'Role',
      'Ownership (%)',
      'Date of birth',
      'Nationality',
      'Identity document',
    ]);
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('Ultimate beneficial owner (UBO)');
    expect(first).toHaveTextContent('60%');
    expect(first).toHaveTextContent('09.03.1975');
    expect(await within(first!).findByText('Netherlands')).toBeInTheDocument();
    expect(second).toHaveTextContent('Director');
    expect(within(second!).getByText('was: Bakker')).toBeInTheDocument();
  });

  it("names a person's identity document by its file name, which opens it", async () => {
    const user = userEvent.setup();
    const onViewDocument = vi.fn();
    const passport = documentSchema.parse(passportScan());
    renderWithProviders(
      <StepData
        stepType="contacts"
        data={{
          people: [
            { firstName: 'Pieter', lastName: 'van Dijk', role: 'UBO', idDocumentId: 102 },
            { firstName: 'Anna', lastName: 'de Boer', role: 'DIRECTOR', idDocumentId: 103 },
          ],
        }}
        changes={[{ field: 'people.1.idDocumentId', before: 102, after: 103 }]}
        documents={[passport]}
        onViewDocument={onViewDocument}
      />,
    );

    const [, first, second] = within(screen.getByRole('table', { name: 'People' })).getAllByRole(
      'row',
    );
    await user.click(within(first!).getByRole('button', { name: 'View passport.png' }));
    expect(onViewDocument).toHaveBeenCalledWith(passport);
    expect(first).not.toHaveTextContent('Document #');
    // One the company no longer has among its documents is still named by its number.
    expect(second).toHaveTextContent('Document #103');
    expect(within(second!).getByText('was: passport.png')).toBeInTheDocument();
  });

  it('shows addresses as blocks and the due diligence answers in words', () => {
    renderWithProviders(
      <>
        <StepData
          stepType="addresses"
          data={{
            registered: {
              street: 'Coolsingel',
              houseNumber: '40',
              postCode: '3011 AD',
              city: 'Rotterdam',
              country: 'NL',
            },
          }}
        />
        <StepData
          stepType="cdd"
          data={{ sanctionsDeclared: false, pepDeclared: true, businessActivity: 'Freight' }}
        />
      </>,
    );
    const registered = screen.getByText('Registered address', { selector: 'dt' }).parentElement!;
    expect(within(registered).getByText('Coolsingel 40')).toBeInTheDocument();
    expect(within(registered).getByText('3011 AD Rotterdam')).toBeInTheDocument();
    // In the schema's order, whatever the data's.
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Registered address',
      'Business activity',
      'Politically exposed person declared',
      'Link to sanctions declared',
    ]);
    const pep = screen.getByText('Politically exposed person declared').parentElement!;
    expect(pep).toHaveTextContent('Yes');
  });

  it('shows the expected monthly volume in euros, every digit of the decimal saved', () => {
    renderWithProviders(
      <StepData
        stepType="cdd"
        data={{ expectedMonthlyVolume: '9999999999999.99' }}
        changes={[{ field: 'expectedMonthlyVolume', before: 85000, after: '9999999999999.99' }]}
      />,
    );
    const volume = screen.getByText('Expected monthly volume (EUR)', {
      selector: 'dt',
    }).parentElement!;
    expect(volume).toHaveTextContent('€9,999,999,999,999.99');
    // A number kept before amounts were decimals (decision 015) reads the same way.
    expect(within(volume).getByText('was: €85,000.00')).toBeInTheDocument();
  });
});
