import { readFile } from 'node:fs/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kycSteps } from '#server/db/schema/kyc.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  freshKyc,
  saveStepData,
  validStepData,
  type Kyc,
  type KycCompany,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Caller } from '#server/testing/partners-fixtures.js';

const MIGRATION = new URL('../../../../drizzle/0007_kyc_amounts_exact.sql', import.meta.url);

describe.each(databaseTargets())('KYC amounts kept as exact decimals (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let company: KycCompany;
  let kyc: Kyc;
  let cdd: Record<string, unknown>;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    ({ company, kyc } = await freshKyc(server));
    cdd = validStepData(company.partner, 1).cdd;
  });
  afterAll(() => server.close());

  const saveVolume = (expectedMonthlyVolume: unknown) =>
    saveStepData(server, company.editor, kyc, 'cdd', {
      data: { ...cdd, expectedMonthlyVolume },
    });
  const readVolume = async () =>
    (await call(company.owner, 'GET', `/api/kyc/${kyc.id}/steps/cdd`)).json().data
      .expectedMonthlyVolume;

  it('keeps a decimal string exactly as it was sent', async () => {
    const saved = await saveVolume('25000.50');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.expectedMonthlyVolume).toBe('25000.50');
    expect(await readVolume()).toBe('25000.50');
    // The largest amount: all 15 significant digits kept.
    expect((await saveVolume('9999999999999.99')).statusCode).toBe(200);
    expect(await readVolume()).toBe('9999999999999.99');
  });

  it('writes a JSON number of at most 2 decimals as the canonical decimal string', async () => {
    const saved = await saveVolume(25000.5);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await readVolume()).toBe('25000.50');
    expect((await saveVolume(85000)).json().data.expectedMonthlyVolume).toBe('85000.00');
  });

  it.each([
    ['25.000,50', 'must be a decimal amount written like 25000.50', 'amountFormat'],
    ['25,000.50', 'must be a decimal amount written like 25000.50', 'amountFormat'],
    [true, 'must be a decimal amount written like 25000.50', 'amountFormat'],
    [1.234, 'must have at most 2 decimals', 'amountDecimals'],
    ['1.234', 'must have at most 2 decimals', 'amountDecimals'],
    [-1, 'must be an amount of 0 or more', 'amount'],
    ['10000000000000', 'must have at most 13 digits before the decimal point', 'amountTooLarge'],
    ['  ', 'is required', 'required'],
  ])(
    'refuses %j with a 400 naming data.expectedMonthlyVolume: %s',
    async (value, message, code) => {
      const before = await readVolume();
      const response = await saveVolume(value);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({
        message: `data.expectedMonthlyVolume: ${message}`,
        details: [{ field: 'data.expectedMonthlyVolume', message, code }],
      });
      expect(await readVolume()).toBe(before);
    },
  );

  it('migration 0006 turns the numbers stored before into decimal strings, digit for digit', async () => {
    const { db } = server.database;
    const { company: owner, kyc: other } = await freshKyc(server);
    const cddStep = and(eq(kycSteps.kycId, other.id), eq(kycSteps.stepType, 'cdd'));
    await db
      .update(kycSteps)
      .set({
        data: { ...cdd, expectedMonthlyVolume: 85000 },
        reviewedData: { ...cdd, expectedMonthlyVolume: 250000.5 },
        // A fraction of a cent (the old form read '1.234' so): kept whole, to be asked again.
        draft: { expectedMonthlyVolume: 1.234 },
      })
      .where(cddStep);
    const cocStep = and(eq(kycSteps.kycId, other.id), eq(kycSteps.stepType, 'coc'));
    await db
      .update(kycSteps)
      .set({ draft: { expectedMonthlyVolume: 5 } })
      .where(cocStep);

    const statements = (await readFile(MIGRATION, 'utf8')).split('--> statement-breakpoint');
    const migrate = async () => {
      for (const statement of statements) await db.execute(sql.raw(statement));
    };
    await migrate();
    // Once more changes nothing: a string is left as it is.
    await migrate();

    const [row] = await db.select().from(kycSteps).where(cddStep);
    expect(row!.data.expectedMonthlyVolume).toBe('85000.00');
    expect(row!.reviewedData!.expectedMonthlyVolume).toBe('250000.50');
    expect(row!.draft!.expectedMonthlyVolume).toBe('1.234');
    const [coc] = await db.select().from(kycSteps).where(cocStep);
    expect(coc!.draft!.expectedMonthlyVolume).toBe(5);
    const step = (await call(owner.owner, 'GET', `/api/kyc/${other.id}/steps/cdd`)).json();
    expect(step.data.expectedMonthlyVolume).toBe('85000.00');
    // The change since the review compares, and reads, the same notation on both sides.
    expect(step.changes).toEqual([
      {
        field: 'expectedMonthlyVolume',
        before: '250000.50',
        after: '85000.00',
      },
    ]);
  });
});
