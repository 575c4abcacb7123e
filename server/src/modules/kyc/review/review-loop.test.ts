import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  fillKyc,
  kycCompany,
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

/*
 * Issue 14, points 1 and 2: the reviewer's loop with the partner has no dead ends. A rejected or
 * sent-back step is the partner's to change while the file is back with them; a request is not
 * approved over; a file is not sent back with nothing to change.
 */
describe.each(databaseTargets())('KYC review loop (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let kyc: Kyc;
  let idDocumentId: number;

  const status = (who: Actor, to: string, extra: Record<string, unknown> = {}) =>
    call(who, 'POST', `/api/kyc/${kyc.id}/status`, moveTo(who, to, extra));
  const setStep = (who: Actor, stepType: string, body: Record<string, unknown>) =>
    call(who, 'POST', stepUrl(kyc, stepType, 'status', who), body);
  const withdraw = (who: Actor, stepType: string, body: Record<string, unknown>) =>
    call(who, 'POST', stepUrl(kyc, stepType, 'request/withdraw', who), body);
  const step = async (who: Actor, stepType: string) =>
    (await call(who, 'GET', `/api/kyc/${kyc.id}/steps/${stepType}`)).json();
  const readiness = async (who: Actor) =>
    (await call(who, 'GET', `/api/kyc/${kyc.id}/readiness`)).json();
  const file = async () => (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  /** A filled-in file, submitted and in review with the employee. */
  beforeEach(async () => {
    const company = await kycCompany(server);
    w = { ...w, company };
    kyc = await createKyc(server, company.owner, company.partner);
    ({ idDocumentId } = await fillKyc(server, company.owner, kyc, company.partner));
    expect((await status(company.owner, 'SUBMITTED')).statusCode).toBe(201);
    expect((await status(w.employee, 'IN_REVIEW')).statusCode).toBe(201);
  });

  it('rejects a step, sends the file back, the partner fixes it, resubmits, and it is approved', async () => {
    const { owner, partner } = w.company;
    const rejected = await setStep(w.manager, 'coc', {
      status: 'REJECTED',
      comment: 'CoC extract older than 6 months',
    });
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      request: { kind: 'REJECTED', comment: 'CoC extract older than 6 months', open: true },
    });
    expect(
      (await status(w.manager, 'CHANGES_REQUESTED', { comment: 'See the CoC step.' })).statusCode,
    ).toBe(201);

    // The owner may change the rejected step; until they do, it is what stops a resubmission.
    const before = await step(owner, 'coc');
    expect(before).toMatchObject({
      status: 'REJECTED',
      editable: true,
      request: { open: true, comment: 'CoC extract older than 6 months' },
    });
    expect(await readiness(owner)).toEqual({
      ready: false,
      missing: [expect.objectContaining({ stepType: 'coc', kind: 'rejected' })],
    });
    const early = await status(owner, 'SUBMITTED');
    expect(early.statusCode).toBe(409);
    expect(early.json().details.missing).toEqual([
      expect.objectContaining({ stepType: 'coc', kind: 'rejected' }),
    ]);

    // A new extract, and its date.
    await uploadDocument(server, owner, partner, 'COC_EXTRACT');
    const data = validStepData(partner, idDocumentId).coc;
    const today = new Date().toISOString().slice(0, 10);
    const saved = await saveStepData(server, owner, kyc, 'coc', {
      data: { ...data, extractDate: today },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // SPEC 4: a rejected step only becomes APPROVED or REJECTED; the request is answered.
    expect(saved.json()).toMatchObject({
      status: 'REJECTED',
      request: { open: false, answeredBy: { id: owner.userId } },
      changes: [{ field: 'extractDate', before: data.extractDate, after: today }],
    });
    expect(saved.json().request.documents).toEqual([
      expect.objectContaining({ fileName: 'coc_extract.pdf', change: 'added' }),
    ]);
    expect(await readiness(owner)).toEqual({ ready: true, missing: [] });
    expect((await status(owner, 'SUBMITTED')).statusCode).toBe(201);

    // The reviewer sees what changed and decides again; the file can be approved.
    expect((await status(w.employee, 'IN_REVIEW')).statusCode).toBe(201);
    const reviewed = await step(w.manager, 'coc');
    expect(reviewed.changes).toEqual([
      { field: 'extractDate', before: data.extractDate, after: today },
    ]);
    const approved = await setStep(w.manager, 'coc', { status: 'APPROVED' });
    expect(approved.json()).toMatchObject({ status: 'APPROVED', request: null });
    for (const stepType of ['contacts', 'addresses', 'bank-and-vat', 'cdd', 'insights']) {
      expect((await setStep(w.manager, stepType, { status: 'COMPLETED' })).statusCode).toBe(200);
    }
    const done = await status(w.manager, 'APPROVED', { isCompliant: true });
    expect(done.statusCode, done.body).toBe(201);
    expect((await file()).status).toBe('APPROVED');
  });

  it('answers a request with a document: a utility bill for the addresses step', async () => {
    const { owner, partner } = w.company;
    await setStep(w.manager, 'addresses', {
      status: 'CHANGES_REQUESTED',
      comment: 'please upload a recent utility bill',
    });
    await status(w.manager, 'CHANGES_REQUESTED', { comment: 'See the addresses step.' });
    const documentId = await uploadDocument(server, owner, partner, 'PROOF_OF_ADDRESS');
    const answered = await step(w.manager, 'addresses');
    expect(answered).toMatchObject({
      status: 'IN_PROGRESS',
      request: {
        kind: 'CHANGES_REQUESTED',
        open: false,
        documents: [{ id: documentId, fileName: 'proof_of_address.pdf', change: 'added' }],
      },
    });
    const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    expect(audit.at(-1)).toMatchObject({
      action: 'step_request_answered',
      stepType: 'addresses',
      details: { how: 'document' },
    });
    expect((await status(owner, 'SUBMITTED')).statusCode).toBe(201);
  });

  it('does not approve over an open request; the reviewer may withdraw it with a comment', async () => {
    await setStep(w.manager, 'addresses', {
      status: 'CHANGES_REQUESTED',
      comment: 'please upload a recent utility bill',
    });
    for (const body of [{ status: 'APPROVED' }, { status: 'COMPLETED' }]) {
      const refused = await setStep(w.manager, 'addresses', body);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().details).toMatchObject({
        reason: 'openRequest',
        current: { status: 'CHANGES_REQUESTED', request: { open: true } },
      });
    }
    expect((await setStep(w.employee, 'addresses', { status: 'COMPLETED' })).statusCode).toBe(409);

    // Every other step approved: the file still cannot be approved or proposed.
    for (const stepType of ['coc', 'contacts', 'bank-and-vat', 'cdd', 'insights']) {
      await setStep(w.manager, stepType, { status: 'APPROVED' });
    }
    const approval = await status(w.manager, 'APPROVED', { isCompliant: true });
    expect(approval.statusCode).toBe(409);

    // Withdrawing needs a comment, and staff.
    expect((await withdraw(w.manager, 'addresses', {})).statusCode).toBe(400);
    expect(
      (await withdraw(w.company.owner, 'addresses', { comment: 'Not needed.' })).statusCode,
    ).toBe(403);
    const withdrawn = await withdraw(w.manager, 'addresses', {
      comment: 'The bank statement shows the address.',
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json()).toMatchObject({ status: 'IN_PROGRESS', request: null });
    expect((await withdraw(w.manager, 'addresses', { comment: 'Again.' })).statusCode).toBe(409);
    const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    expect(audit.at(-1)).toMatchObject({
      action: 'step_request_withdrawn',
      reason: 'The bank statement shows the address.',
      details: { request: { kind: 'CHANGES_REQUESTED' } },
    });

    expect((await setStep(w.manager, 'addresses', { status: 'APPROVED' })).statusCode).toBe(200);
    expect((await status(w.manager, 'APPROVED', { isCompliant: true })).statusCode).toBe(201);
  });

  it('refuses to send a file back when the partner could change nothing', async () => {
    for (const stepType of ['coc', 'contacts', 'addresses', 'bank-and-vat', 'cdd']) {
      await setStep(w.employee, stepType, { status: 'COMPLETED' });
    }
    const refused = await status(w.employee, 'CHANGES_REQUESTED', { comment: 'Please check.' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual({ reason: 'nothingToSendBack' });
    expect((await file()).status).toBe('IN_REVIEW');

    // Once a step is sent back, the file may follow it.
    await setStep(w.employee, 'cdd', { status: 'CHANGES_REQUESTED', comment: 'Source of funds?' });
    expect(
      (await status(w.employee, 'CHANGES_REQUESTED', { comment: 'See cdd.' })).statusCode,
    ).toBe(201);
    expect(await step(w.company.owner, 'cdd')).toMatchObject({ editable: true });
    expect(await step(w.company.owner, 'coc')).toMatchObject({ editable: false });
  });

  it('keeps an approved step closed to the partner while the file is back with them', async () => {
    await setStep(w.manager, 'coc', { status: 'APPROVED' });
    await setStep(w.manager, 'cdd', { status: 'REJECTED', comment: 'Source of funds unclear.' });
    await status(w.manager, 'CHANGES_REQUESTED', { comment: 'See cdd.' });
    const data = validStepData(w.company.partner, idDocumentId);
    const closed = await saveStepData(server, w.company.owner, kyc, 'coc', { data: data.coc });
    expect(closed.statusCode).toBe(409);
    const open = await saveStepData(server, w.company.owner, kyc, 'cdd', {
      data: { ...data.cdd, sourceOfFunds: 'Revenue and a shareholder loan' },
    });
    expect(open.json()).toMatchObject({ status: 'REJECTED', request: { open: false } });
  });
});
