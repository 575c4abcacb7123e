import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  fillKyc,
  forceKycState,
  isoDaysAgo,
  freshKyc,
  kycWorld,
  moveTo,
  saveStepData,
  stepUrl,
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

  /**
   * A file handed in with data on every step but, of the required documents, only the ID
   * document: as a file from before the rule reads, or one whose documents were archived since.
   * Its steps are left as `steps`; it is in review with the employee.
   */
  async function handedInWithoutDocuments(steps: 'PENDING' | 'IN_PROGRESS') {
    const { company, kyc } = await freshKyc(server);
    const idDocument = await uploadDocument(server, company.owner, company.partner, 'ID_DOCUMENT');
    const valid = validStepData(company.partner, idDocument);
    for (const stepType of ['coc', 'contacts', 'addresses', 'bank-and-vat', 'cdd'] as const) {
      const saved = await saveStepData(server, company.owner, kyc, stepType, {
        data: valid[stepType],
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    await forceKycState(server, kyc.id, {
      status: 'IN_REVIEW',
      steps,
      reviewerId: w.employee.userId,
    });
    return { company, kyc };
  }

  it('counts a handed-in step lacking its required document as incomplete, in the list as in the file', async () => {
    const { company, kyc } = await handedInWithoutDocuments('IN_PROGRESS');
    const progress = await progressEverywhere(kyc, company.partner.uuid, w.manager);
    expect(states(progress)).toEqual({
      coc: 'incomplete',
      contacts: 'underReview',
      addresses: 'incomplete',
      'bank-and-vat': 'incomplete',
      cdd: 'underReview',
      insights: 'underReview',
    });
    expect(progress).toMatchObject({ done: 3, total: 6 });
    // The partner reads the same count as staff.
    expect(await progressEverywhere(kyc, company.partner.uuid, company.owner)).toEqual(progress);
  });

  it('keeps a sent-back step what it was: saved data without its document is in progress', async () => {
    const { company, kyc } = await handedInWithoutDocuments('PENDING');
    const asked = await call(w.employee, 'POST', stepUrl(kyc, 'cdd', 'status', w.employee), {
      status: 'CHANGES_REQUESTED',
      comment: 'Where do the funds come from?',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const sent = await call(
      w.employee,
      'POST',
      `/api/kyc/${kyc.id}/status`,
      moveTo(w.employee, 'CHANGES_REQUESTED', { comment: 'See the steps.' }),
    );
    expect(sent.statusCode, sent.body).toBe(201);

    const progress = await progressEverywhere(kyc, company.partner.uuid, company.owner);
    expect(states(progress)).toEqual({
      coc: 'inProgress',
      contacts: 'complete',
      addresses: 'inProgress',
      'bank-and-vat': 'inProgress',
      cdd: 'changesRequested',
      insights: 'inProgress',
    });
    const cdd = (await call(company.owner, 'GET', `/api/kyc/${kyc.id}/steps/cdd`)).json();
    expect(cdd).toMatchObject({
      status: 'CHANGES_REQUESTED',
      request: { open: true, comment: 'Where do the funds come from?' },
    });
  });

  it('reaches six of six exactly when the readiness check finds nothing missing', async () => {
    const { company, kyc } = await freshKyc(server);
    const { idDocumentId } = await fillKyc(server, company.owner, kyc, company.partner);
    const move = (who: Actor, to: string, comment?: string) =>
      call(who, 'POST', `/api/kyc/${kyc.id}/status`, moveTo(who, to, comment ? { comment } : {}));
    expect((await move(company.owner, 'SUBMITTED')).statusCode).toBe(201);
    expect((await move(w.employee, 'IN_REVIEW')).statusCode).toBe(201);
    const rejected = await call(w.manager, 'POST', stepUrl(kyc, 'coc', 'status', w.manager), {
      status: 'REJECTED',
      comment: 'The extract is too old.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await move(w.manager, 'CHANGES_REQUESTED', 'See the CoC step.')).statusCode).toBe(201);
    const sentBack = await progressEverywhere(kyc, company.partner.uuid, company.owner);
    expect(states(sentBack)).toMatchObject({ coc: 'changesRequested', insights: 'inProgress' });
    expect(sentBack.done).toBe(4);

    // The owner answers the rejection: the step stays REJECTED for the reviewer to decide again,
    // and nothing is missing any more, so every step is done, as the summary's headline says.
    const valid = validStepData(company.partner, idDocumentId);
    const answered = await saveStepData(server, company.owner, kyc, 'coc', {
      data: { ...valid.coc, extractDate: isoDaysAgo(2) },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const readiness = (await call(company.owner, 'GET', `/api/kyc/${kyc.id}/readiness`)).json();
    expect(readiness).toEqual({ ready: true, missing: [] });
    const progress = await progressEverywhere(kyc, company.partner.uuid, company.owner);
    expect(states(progress).coc).toBe('complete');
    expect(progress).toMatchObject({ done: 6, total: 6 });
  });

  it('tells a partner nothing of the risk, not even that it was not assessed', async () => {
    const { company, kyc } = await freshKyc(server);
    const uuid = company.partner.uuid;
    const asStaff = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
    expect(asStaff).toHaveProperty('riskLevel');
    for (const who of [company.owner, company.admin, company.viewer]) {
      const file = (await call(who, 'GET', `/api/kyc/${kyc.id}`)).json();
      const ofPartner = (await call(who, 'GET', `/api/kyc/partner/uuid/${uuid}`)).json();
      const listed = (await call(who, 'GET', '/api/kyc?size=100')).json();
      for (const answer of [file, ...ofPartner, ...listed.content]) {
        expect(answer).not.toHaveProperty('riskLevel');
      }
    }
  });

  it('calls a company verified only while its latest file is approved', async () => {
    const { company, kyc } = await freshKyc(server);
    const verified = async () =>
      (await call(w.manager, 'GET', `/api/partners/uuid/${company.partner.uuid}`)).json().verified;
    const mine = async () =>
      (await call(company.owner, 'GET', '/api/partners/user'))
        .json()
        .find((partner: { uuid: string }) => partner.uuid === company.partner.uuid).verified;

    expect([await verified(), await mine()]).toEqual([false, false]);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
    expect([await verified(), await mine()]).toEqual([false, false]);
    await forceKycState(server, kyc.id, { status: 'APPROVED', steps: 'APPROVED' });
    expect([await verified(), await mine()]).toEqual([true, true]);
    // Reopened for a review (decision 012): no longer verified until approved again.
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW' });
    expect([await verified(), await mine()]).toEqual([false, false]);
  });
});
