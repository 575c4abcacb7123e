import { contactDisplayName } from '@/companies/contactName';
import { parsePartnerRef, refersTo } from '@/features/partners/partnerRef';
import {
  confidenceBand,
  confidenceNotice,
  SEARCH_ERROR_NOTICE,
  SEARCH_RESULT_NOTICES,
  searchValidationNotice,
} from '@/features/partners/searchNotices';

describe('confidenceBand', () => {
  it.each([
    [100, 'high', 'success', 3000, false],
    [90, 'high', 'success', 3000, false],
    [89.9, 'medium', 'warning', 5000, false],
    [70, 'medium', 'warning', 5000, false],
    [69, 'low', 'warning', 7000, true],
    [50, 'low', 'warning', 7000, true],
    [49.5, 'veryLow', 'error', 8000, true],
    [0, 'veryLow', 'error', 8000, true],
    [Number.NaN, 'veryLow', 'error', 8000, true],
  ] as const)('%s is %s (%s, %i ms)', (confidence, band, type, duration, manual) => {
    expect(confidenceBand(confidence)).toMatchObject({
      band,
      type,
      duration,
      manualVerification: manual,
    });
  });

  it('names the band in the confidence notice, which lasts as long as the band says', () => {
    expect(confidenceNotice(62.4)).toEqual({
      type: 'warning',
      title: 'search.confidence.noticeTitle',
      message: 'search.confidence.notice.low',
      values: { confidence: 62 },
      duration: 7000,
    });
  });
});

describe('search notices (SPEC sections 8 and 9)', () => {
  it('gives each result type its type, duration and persistence', () => {
    const summary = Object.fromEntries(
      Object.entries(SEARCH_RESULT_NOTICES).map(([type, notice]) => [
        type,
        [notice.type, notice.autoClose ?? true, notice.duration ?? null],
      ]),
    );
    expect(summary).toEqual({
      EXACT_MATCH: ['success', true, 3000],
      PARTIAL_MATCH: ['warning', true, 6000],
      FUZZY_MATCH: ['info', true, 6000],
      CONFLICTING_DATA: ['warning', false, null],
      NOT_FOUND: ['info', true, 5000],
      AMBIGUOUS: ['warning', false, null],
    });
    expect(SEARCH_ERROR_NOTICE).toMatchObject({ type: 'error', duration: 8000 });
  });

  it("lists refused fields as 'field: message' for 6 s", () => {
    expect(
      searchValidationNotice([
        { field: 'vatNumber', message: 'Not a valid VAT number for NL' },
        { field: 'name', message: 'Too short' },
      ]),
    ).toMatchObject({
      type: 'warning',
      title: 'search.notices.validation.title',
      values: { details: 'vatNumber: Not a valid VAT number for NL; name: Too short' },
      duration: 6000,
    });
  });
});

describe('contactDisplayName', () => {
  const contact = { firstName: null, lastName: null, email: null };
  it('is the first and last name, else the e-mail, else nothing', () => {
    expect(
      contactDisplayName({ ...contact, firstName: 'Olivia', lastName: 'Smit', email: 'o@x.nl' }),
    ).toBe('Olivia Smit');
    expect(contactDisplayName({ ...contact, lastName: ' Smit ' })).toBe('Smit');
    expect(contactDisplayName({ ...contact, firstName: ' ', email: 'o@x.nl' })).toBe('o@x.nl');
    expect(contactDisplayName(contact)).toBeNull();
    expect(contactDisplayName(null)).toBeNull();
  });
});

describe('parsePartnerRef (SPEC section 2)', () => {
  it('reads a UUID, a positive integer id, and nothing else', () => {
    expect(parsePartnerRef('0B8F5D2A-1C3E-4F5A-9B7C-2D4E6F8A0B1C')).toEqual({
      kind: 'uuid',
      uuid: '0b8f5d2a-1c3e-4f5a-9b7c-2d4e6f8a0b1c',
    });
    expect(parsePartnerRef('42')).toEqual({ kind: 'id', id: 42 });
    for (const bad of ['0', '-1', '4.2', '042', 'abc', '', '0b8f5d2a-1c3e-4f5a-9b7c', undefined]) {
      expect(parsePartnerRef(bad)).toBeNull();
    }
  });

  it('matches a partner by either', () => {
    const partner = { id: 42, uuid: '0b8f5d2a-1c3e-4f5a-9b7c-2d4e6f8a0b1c' };
    expect(refersTo(parsePartnerRef('42')!, partner)).toBe(true);
    expect(refersTo(parsePartnerRef(partner.uuid.toUpperCase())!, partner)).toBe(true);
    expect(refersTo(parsePartnerRef('43')!, partner)).toBe(false);
  });
});
