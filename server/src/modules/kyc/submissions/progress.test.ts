import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  fillKyc,
  freshKyc,
  kycWorld,
  moveTo,
  saveStepData,
  uploadDocument,
  validStepData,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

/** Decision 029: a file's progress, the same wherever the server answers the file. */
describe.each(databaseTargets())('KYC progress (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  const states = (progress: { steps: { stepType: string; state: string }[] }) =>
    Object.fromEntries(progress.steps.map(({ stepType, state }) => [stepType, state]));

  /** The file's progress as its page, its company's list and the staff list answer it. */
  async function progressEverywhere(kyc: Kyc, partnerUuid: string, who: Actor) {
    const file = (await call(who, 'GET', `/api/kyc/${kyc.id}`)).json();
    const ofPartner = (await call(who, 'GET', `/api/kyc/partner/uuid/${partnerUuid}`)).json();
    const listed = (await call(w.manager, 'GET', '/api/kyc?size=100')).json();
    const inList = listed.content.find((row: { id: number }) => row.id === kyc.id);
    const inPartner = ofPartner.find((row: { id: number }) => row.id === kyc.id);
    expect(inPartner.progress).toEqual(file.progress);
    expect(inList.progress).toEqual(file.progress);
    return file.progress;
  }

  it('tells a saved step from an untouched one, and a complete one from both', async () => {
    const { company, kyc } = await freshKyc(server);
    const uuid = company.partner.uuid;
    expect(await progressEverywhere(kyc, uuid, company.owner)).toMatchObject({ done: 0, total: 6 });

    const valid = validStepData(company.partner, 1);
    await saveStepData(server, company.owner, kyc, 'coc', { data: valid.coc });
    await saveStepData(server, company.owner, kyc, 'cdd', { data: valid.cdd });
    const saved = await progressEverywhere(kyc, uuid, company.owner);
    // coc lacks its extract; cdd needs no document, so it is complete.
    expect(states(saved)).toEqual({
      coc: 'inProgress',
      contacts: 'notStarted',
      addresses: 'notStarted',
      'bank-and-vat': 'notStarted',
      cdd: 'complete',
      insights: 'inProgress',
    });
    expect(saved.done).toBe(1);

    await uploadDocument(server, company.owner, company.partner, 'COC_EXTRACT');
    expect(states(await progressEverywhere(kyc, uuid, company.owner)).coc).toBe('complete');
  });

  it('shows a handed-in file as under review, all six counted', async () => {
    const { company, kyc } = await freshKyc(server);
    await fillKyc(server, company.owner, kyc, company.partner);
    const filled = await progressEverywhere(kyc, company.partner.uuid, company.owner);
    expect(filled).toMatchObject({ done: 6, total: 6 });

    const moved = await call(
      company.owner,
      'POST',
      `/api/kyc/${kyc.id}/status`,
      moveTo(company.owner, 'SUBMITTED'),
    );
    expect(moved.statusCode).toBe(201);
    const submitted = await progressEverywhere(kyc, company.partner.uuid, company.owner);
    expect(new Set(Object.values(states(submitted)))).toEqual(new Set(['underReview']));
    expect(submitted.done).toBe(6);
  });
});
