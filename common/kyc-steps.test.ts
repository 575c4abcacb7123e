import { describe, expect, it } from 'vitest';
import { validateStepData } from './kyc-steps.js';

const coc = (registrationDate: string) => ({
  cocNumber: '12345678',
  registeredName: 'Van Dijk Trading B.V.',
  legalForm: 'B.V.',
  registrationDate,
  extractDate: '2026-01-15',
});

describe('the step rules, built once a day and country (issue 16)', () => {
  it('reads "not in the future" against the day it is asked on', () => {
    const today = new Date('2026-11-26T23:59:00Z');
    const tomorrow = new Date('2026-11-27T00:01:00Z');
    expect(validateStepData('coc', coc('2026-11-27'), today).ok).toBe(false);
    expect(validateStepData('coc', coc('2026-11-27'), tomorrow).ok).toBe(true);
    expect(validateStepData('coc', coc('2026-11-27'), today).ok).toBe(false);
  });

  it("follows the company's country for its CoC number", () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const short = { ...coc('2020-01-01'), cocNumber: '1234' };
    expect(validateStepData('coc', short, now, { country: 'NL' }).ok).toBe(false);
    expect(validateStepData('coc', short, now, { country: 'DE' }).ok).toBe(true);
    expect(validateStepData('coc', short, now, { country: 'NL' }).ok).toBe(false);
  });
});
