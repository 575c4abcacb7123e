import { personName } from '@/lib/format';

describe('personName', () => {
  it('joins first and last name', () => {
    expect(personName(['Mark', 'de Vries'])).toBe('Mark de Vries');
    expect(personName(['  Mark ', null])).toBe('Mark');
  });

  it('falls back to the next candidate when one is empty', () => {
    expect(personName([null, ' '], ['Mark', 'de Vries'], 'mark')).toBe('Mark de Vries');
    expect(personName([null, null], [undefined, ''], 'mark')).toBe('mark');
    expect(personName([null, null], null)).toBe('');
  });
});
