import en from '../../public/assets/i18n/en.json';
import { primaryRole, roleLabelKey, roleWords, ROLES } from '@/lib/roles';

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('primaryRole', () => {
  it('picks the highest role by priority', () => {
    expect(primaryRole(['CONTACT', 'NT24_SUPER_ADMIN', 'NT24_MANAGER'])).toBe('NT24_SUPER_ADMIN');
    expect(primaryRole(['NT24_EMPLOYEE', 'NT24_MANAGER'])).toBe('NT24_MANAGER');
    expect(primaryRole(['NT24_TRADE_PARTNER', 'NT24_EMPLOYEE'])).toBe('NT24_EMPLOYEE');
    expect(primaryRole(['OWNER', 'NT24_TRADE_PARTNER'])).toBe('NT24_TRADE_PARTNER');
    expect(primaryRole(['CONTACT', 'OWNER'])).toBe('OWNER');
    expect(primaryRole(['offline_access', 'CONTACT'])).toBe('CONTACT');
  });

  it('gives none when the user holds no known role', () => {
    expect(primaryRole([])).toBeNull();
    expect(primaryRole(['offline_access', 'uma_authorization'])).toBeNull();
  });
});

describe('role wording', () => {
  it.each([
    ['NT24_SUPER_ADMIN', 'Super Admin'],
    ['NT24_MANAGER', 'Manager'],
    ['NT24_EMPLOYEE', 'Employee'],
    ['NT24_TRADE_PARTNER', 'Trade Partner'],
    ['OWNER', 'Owner'],
    ['CONTACT', 'Contact'],
  ] as const)('shows %s as "%s", in words and in the English translation', (role, words) => {
    expect(roleWords(role)).toBe(words);
    expect(lookup(roleLabelKey(role))).toBe(words);
  });

  it('shows no role as "No Role"', () => {
    expect(lookup(roleLabelKey(null))).toBe('No Role');
  });

  it('has a translation for every role', () => {
    for (const role of ROLES) expect(lookup(roleLabelKey(role))).toEqual(expect.any(String));
  });
});
