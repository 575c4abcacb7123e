import { describe, expect, it } from 'vitest';
import { KYC_STEP_TYPES, type KycStepStatus, type KycStepType } from './kyc.js';
import { fileProgress, mayStartNewFile, type MissingInput } from './kyc-progress.js';

const steps = (
  statuses: Partial<Record<KycStepType, KycStepStatus>> = {},
  started: readonly KycStepType[] = [],
) =>
  KYC_STEP_TYPES.map((stepType) => ({
    stepType,
    status: statuses[stepType] ?? 'PENDING',
    started: started.includes(stepType),
  }));

/** Everything missing but in the steps named: the readiness of a file partly filled in. */
const missingExcept = (...complete: KycStepType[]): MissingInput[] =>
  KYC_STEP_TYPES.filter((stepType) => stepType !== 'insights' && !complete.includes(stepType)).map(
    (stepType) => ({ stepType, kind: 'field' }),
  );

const states = (progress: ReturnType<typeof fileProgress>) =>
  Object.fromEntries(progress.steps.map(({ stepType, state }) => [stepType, state]));

describe('fileProgress (decision 029)', () => {
  it('tells a saved step from an untouched one, and a complete one from both', () => {
    const progress = fileProgress(
      'DRAFT',
      steps({ coc: 'IN_PROGRESS', contacts: 'IN_PROGRESS' }),
      missingExcept('coc'),
    );
    expect(states(progress)).toEqual({
      coc: 'complete',
      contacts: 'inProgress',
      addresses: 'notStarted',
      'bank-and-vat': 'notStarted',
      cdd: 'notStarted',
      insights: 'inProgress',
    });
    expect(progress).toMatchObject({ done: 1, total: 6 });
  });

  it('counts all six once nothing is missing, insights with them', () => {
    const progress = fileProgress('DRAFT', steps(), []);
    expect(progress.done).toBe(6);
    expect(states(progress).insights).toBe('complete');
  });

  it('shows a handed-in file as under review, every step counted', () => {
    const progress = fileProgress('SUBMITTED', steps({ coc: 'IN_PROGRESS' }), []);
    expect(new Set(progress.steps.map(({ state }) => state))).toEqual(new Set(['underReview']));
    expect(progress.done).toBe(6);
  });

  it('shows the reviewers’ decisions and their open requests', () => {
    const progress = fileProgress(
      'IN_REVIEW',
      steps({ coc: 'APPROVED', contacts: 'REJECTED', addresses: 'CHANGES_REQUESTED' }),
      [],
    );
    expect(states(progress)).toMatchObject({
      coc: 'approved',
      contacts: 'rejected',
      addresses: 'changesRequested',
      'bank-and-vat': 'underReview',
    });
    expect(progress.done).toBe(4);
  });

  it('puts a request the partner has not answered first while the file is back with them', () => {
    const progress = fileProgress(
      'CHANGES_REQUESTED',
      steps({ coc: 'REJECTED', cdd: 'APPROVED' }),
      [{ stepType: 'coc', kind: 'rejected' }],
    );
    expect(states(progress)).toMatchObject({ coc: 'changesRequested', cdd: 'approved' });
  });

  it('counts a step with data but without its required document as not done, in review too', () => {
    const missing: MissingInput[] = [
      { stepType: 'coc', kind: 'document' },
      { stepType: 'contacts', kind: 'field' },
    ];
    const inReview = fileProgress('IN_REVIEW', steps({}, ['coc', 'contacts']), missing);
    expect(states(inReview)).toMatchObject({
      coc: 'incomplete',
      contacts: 'incomplete',
      addresses: 'underReview',
    });
    expect(inReview.done).toBe(4);
  });

  it('keeps a step sent back as it was: data saved is in progress, not "not started"', () => {
    const sentBack = fileProgress(
      'CHANGES_REQUESTED',
      steps({ cdd: 'CHANGES_REQUESTED', addresses: 'APPROVED' }, ['coc', 'contacts', 'cdd']),
      [
        { stepType: 'coc', kind: 'document' },
        { stepType: 'contacts', kind: 'field' },
        { stepType: 'bank-and-vat', kind: 'field' },
        { stepType: 'cdd', kind: 'changesRequested' },
      ],
    );
    expect(states(sentBack)).toEqual({
      coc: 'inProgress',
      contacts: 'inProgress',
      addresses: 'approved',
      'bank-and-vat': 'notStarted',
      cdd: 'changesRequested',
      insights: 'inProgress',
    });
  });

  it('reaches the total with the partner exactly when nothing is missing', () => {
    // The partner changed both rejected steps: the requests are answered, nothing is missing.
    const answered = fileProgress(
      'CHANGES_REQUESTED',
      steps({ coc: 'REJECTED', contacts: 'REJECTED', insights: 'REJECTED' }, ['coc', 'contacts']),
      [],
    );
    expect(answered).toMatchObject({ done: 6, total: 6 });
    const oneMissing = fileProgress('CHANGES_REQUESTED', steps({ coc: 'APPROVED' }, ['coc']), [
      { stepType: 'coc', kind: 'document' },
    ]);
    expect(states(oneMissing).coc).toBe('inProgress');
    expect(oneMissing.done).toBe(4);
  });

  it('reads an approved file as six of six approved', () => {
    const approved = Object.fromEntries(KYC_STEP_TYPES.map((type) => [type, 'APPROVED' as const]));
    const progress = fileProgress('APPROVED', steps(approved), []);
    expect(progress).toMatchObject({ done: 6, total: 6 });
    expect(new Set(progress.steps.map(({ state }) => state))).toEqual(new Set(['approved']));
  });
});

describe('mayStartNewFile (decision 029)', () => {
  it.each([
    [null, false, true],
    ['REJECTED', false, true],
    ['CANCELLED', false, true],
    ['APPROVED', false, false],
    ['APPROVED', true, true],
    ['DRAFT', true, false],
    ['IN_REVIEW', false, false],
  ] as const)('latest %s, staff %s: %s', (latest, staff, expected) => {
    expect(mayStartNewFile(latest, staff)).toBe(expected);
  });
});
