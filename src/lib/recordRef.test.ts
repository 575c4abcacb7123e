import { isUuid, parsePositiveId } from '@/lib/recordRef';

const uuid = '6b0f7c1e-2d3a-4b5c-8d9e-0f1a2b3c4d5e';

describe('identifier shapes (SPEC section 5)', () => {
  it('knows a UUID by its 8-4-4-4-12 hex digits, in either case', () => {
    expect(isUuid(uuid)).toBe(true);
    expect(isUuid(uuid.toUpperCase())).toBe(true);
    expect(isUuid(uuid.replace(/-/g, ''))).toBe(false);
    expect(isUuid(`${uuid.slice(0, -1)}g`)).toBe(false);
  });

  it('takes a positive integer as a numeric id', () => {
    expect(parsePositiveId('1')).toBe(1);
    expect(parsePositiveId('123')).toBe(123);
    expect(parsePositiveId('0')).toBeNull();
    expect(parsePositiveId('-1')).toBeNull();
    expect(parsePositiveId('1e3')).toBeNull();
    expect(parsePositiveId(' 1')).toBeNull();
  });
});
