import { conflictOf } from '@/features/partners/serverErrors';
import { searchValidationNotice } from '@/features/partners/searchNotices';
import { acmeUuid } from '../../../tests/data/partners';
import { fieldMessages } from '@/lib/api-error';

describe('server errors on the forms', () => {
  it('puts 400 details on the company and address fields, whatever part of the request', () => {
    const refusal = {
      status: 400,
      message: 'body.vatNumber: not a valid VAT number for NL',
      details: [
        { field: 'body.vatNumber', message: 'not a valid VAT number for NL' },
        { field: 'body.address.city', message: 'is required' },
        { field: 'name', message: 'too long' },
        'junk',
      ],
    };
    expect(fieldMessages(refusal)).toEqual({
      vatNumber: 'not a valid VAT number for NL',
      name: 'too long',
    });
    expect(fieldMessages(refusal, 'address')).toEqual({ city: 'is required' });
    const conflict = { status: 409, message: 'x', details: [] };
    expect(fieldMessages(conflict)).toEqual({});
    expect(fieldMessages(conflict, 'address')).toEqual({});
  });

  it('names the taken number of a 409 and the partner holding it', () => {
    expect(
      conflictOf({
        status: 409,
        message: 'A trade partner with this VAT number already exists.',
        details: { field: 'vatNumber', uuid: acmeUuid, name: 'Acme' },
      }),
    ).toEqual({ field: 'vatNumber', existing: { uuid: acmeUuid, name: 'Acme' } });
    expect(
      conflictOf({
        status: 409,
        message: 'A trade partner with this CoC number already exists.',
        details: { field: 'cocNumber' },
      }),
    ).toEqual({ field: 'cocNumber', existing: null });
  });

  it("reads a 409's details, never its message", () => {
    expect(
      conflictOf({
        status: 409,
        message: 'Dieses Unternehmen ist bereits registriert.',
        details: { field: 'vatNumber' },
      }),
    ).toEqual({ field: 'vatNumber', existing: null });
    expect(
      conflictOf({ status: 409, message: 'A trade partner with this VAT number already exists.' }),
    ).toEqual({ field: null, existing: null });
  });

  it('shows search fields without the request part', () => {
    expect(
      searchValidationNotice([{ field: 'querystring.vatNumber', message: 'is invalid' }]).values,
    ).toEqual({ details: 'vatNumber: is invalid' });
  });
});
