import { describe, expect, it } from 'vitest';
import { cocNumberRefusal, postCodeRefusal } from './company-rules.js';
import { validateStepData } from './kyc-steps.js';

describe('company rules (issue 18, point 6)', () => {
  it('holds a Dutch CoC number to 8 digits and a Belgian one to 10, any notation', () => {
    expect(cocNumberRefusal('12', 'NL')?.message).toBe('is not a CoC number of NL: 8 digits');
    expect(cocNumberRefusal('1234.56.78', 'NL')).toBeNull();
    expect(cocNumberRefusal('0123.456.789', 'BE')).toBeNull();
    expect(cocNumberRefusal('12345678', 'BE')?.code).toBe('cocNumber');
  });

  it('holds other countries, or none, to 1 to 20 letters or digits', () => {
    expect(cocNumberRefusal('HRB 123456', 'DE')).toBeNull();
    expect(cocNumberRefusal('12')).toBeNull();
    expect(cocNumberRefusal('12/34', 'IT')?.message).toBe('must be 1 to 20 letters or digits');
  });

  it("checks a post code against its country's format, letters in any case", () => {
    expect(postCodeRefusal('XXXXXX', 'NL')?.message).toBe('is not a post code of NL');
    expect(postCodeRefusal('1015 cj', 'NL')).toBeNull();
    expect(postCodeRefusal('80802', 'DE')).toBeNull();
    expect(postCodeRefusal('8080', 'DE')?.code).toBe('postCode');
    // Aruba has no post codes: any is taken.
    expect(postCodeRefusal('-', 'AW')).toBeNull();
  });

  it("are the KYC steps' rules too", () => {
    const coc = {
      cocNumber: '12',
      registeredName: 'Van Dijk B.V.',
      legalForm: 'B.V.',
      registrationDate: '2010-01-01',
      extractDate: '2020-01-01',
    };
    expect(validateStepData('coc', coc, new Date(), { country: 'NL' })).toMatchObject({
      ok: false,
      issues: [{ field: 'cocNumber', code: 'cocNumber' }],
    });
    expect(validateStepData('coc', coc).ok).toBe(true);
    const registered = {
      street: 'Keizersgracht',
      houseNumber: '1',
      postCode: 'XXXXXX',
      city: 'Amsterdam',
      country: 'NL',
    };
    expect(validateStepData('addresses', { registered })).toMatchObject({
      ok: false,
      issues: [{ field: 'registered.postCode', code: 'postCode' }],
    });
  });
});
