import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { pdfText } from '#server/testing/pdf-text.js';
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
import {
  caller,
  createPartner,
  uniqueCoc,
  type Actor,
  type Caller,
} from '#server/testing/partners-fixtures.js';

/*
 * Issue 14, point 3: the risk is known before anyone decides. The insights are computed on
 * submission and whenever what they read changes, stored, and shown in the lists; approving a
 * HIGH-risk file, or one with open findings, needs an acknowledgement with a reason.
 */
describe.each(databaseTargets())('KYC risk (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let kyc: Kyc;
  let idDocumentId: number;

  const status = (who: Actor, to: string, extra: Record<string, unknown> = {}) =>
    call(who, 'POST', `/api/kyc/${kyc.id}/status`, moveTo(who, to, extra));
  const file = async (who: Actor = w.manager) =>
    (await call(who, 'GET', `/api/kyc/${kyc.id}`)).json();
  const listed = async () =>
    (await call(w.manager, 'GET', `/api/kyc/filter?customerId=${w.company.partner.id}`))
      .json()
      .content.find((row: { id: number }) => row.id === kyc.id);
  const insights = async () => (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/insights`)).json();
  const approveSteps = async () => {
    for (const stepType of ['coc', 'contacts', 'addresses', 'bank-and-vat', 'cdd', 'insights']) {
      const response = await call(w.manager, 'POST', stepUrl(kyc, stepType, 'status', w.manager), {
        status: 'APPROVED',
      });
      expect(response.statusCode, response.body).toBe(200);
    }
  };
  const declarePep = () =>
    saveStepData(server, w.company.owner, kyc, 'cdd', {
      data: { ...validStepData(w.company.partner, idDocumentId).cdd, pepDeclared: true },
    });

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  beforeEach(async () => {
    const company = await kycCompany(server);
    w = { ...w, company };
    kyc = await createKyc(server, company.owner, company.partner);
    ({ idDocumentId } = await fillKyc(server, company.owner, kyc, company.partner));
  });

  it('stores the risk on submission and recomputes it whenever the data changes', async () => {
    expect((await declarePep()).statusCode).toBe(200);
    // Computed as the partner saved, before anyone opened the insights.
    expect((await file()).riskLevel).toBe('HIGH');
    expect((await listed()).riskLevel).toBe('HIGH');

    // The declaration withdrawn: LOW again, without a reviewer looking.
    await saveStepData(server, w.company.owner, kyc, 'cdd', {
      data: validStepData(w.company.partner, idDocumentId).cdd,
    });
    expect((await file()).riskLevel).toBe('LOW');
    expect((await status(w.company.owner, 'SUBMITTED')).statusCode).toBe(201);
    // The risk is the reviewers' own assessment: the partner is told nothing of it.
    expect(await file(w.company.owner)).not.toHaveProperty('riskLevel');
  });

  it('recomputes the risk when the company data or its documents change', async () => {
    const { owner, partner } = w.company;
    expect((await status(owner, 'SUBMITTED')).statusCode).toBe(201);
    expect((await file()).riskLevel).toBe('LOW');
    const codes = async () =>
      (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json() &&
      (await insights()).findings.map((f: { code: string }) => f.code);

    // The company's own CoC number changes: the file now declares another one.
    const declared = partner.cocNumber;
    const changed = await call(owner, 'PATCH', `/api/partners/${partner.id}`, {
      cocNumber: uniqueCoc(),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await file()).riskLevel).toBe('MEDIUM');

    // Another company registers with the number the file declares: a conflict, HIGH.
    const other = await kycCompany(server);
    await createPartner(server, other.owner, { cocNumber: declared });
    expect((await file()).riskLevel).toBe('HIGH');
    expect(await codes()).toEqual(
      expect.arrayContaining(['COC_NUMBER_MISMATCH', 'SEARCH_CONFLICT']),
    );

    // An ACTIVE bank statement archived: a required document is missing now.
    const fresh = await kycCompany(server);
    w = { ...w, company: fresh };
    kyc = await createKyc(server, fresh.owner, fresh.partner);
    await fillKyc(server, fresh.owner, kyc, fresh.partner);
    expect((await file()).riskLevel).toBe('LOW');
    const documents = (
      await call(
        fresh.owner,
        'GET',
        `/api/documents/filter?tradePartnerUuid=${fresh.partner.uuid}&documentType=BANK_STATEMENT`,
      )
    ).json();
    const statement = documents.documents[0].id;
    expect(
      (await call(fresh.owner, 'PATCH', `/api/documents/${statement}/status?status=ARCHIVED`))
        .statusCode,
    ).toBe(200);
    expect((await file()).riskLevel).not.toBe('LOW');
    await uploadDocument(server, fresh.owner, fresh.partner, 'BANK_STATEMENT');
    expect((await file()).riskLevel).toBe('LOW');
  });

  it('approves a HIGH-risk file only with an acknowledgement of its findings and a reason', async () => {
    await declarePep();
    expect((await status(w.company.owner, 'SUBMITTED')).statusCode).toBe(201);
    expect((await status(w.employee, 'IN_REVIEW')).statusCode).toBe(201);
    await approveSteps();

    const reviewed = await insights();
    expect(reviewed).toMatchObject({ riskLevel: 'HIGH', acknowledgementNeeded: true });
    expect(reviewed.fingerprint).toMatch(/^[0-9a-f]{64}$/);

    const bare = await status(w.manager, 'APPROVED', { isCompliant: true });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().details).toEqual([
      {
        field: 'riskAcknowledgement',
        message: "is required: the file's risk is HIGH with 1 open finding",
      },
    ]);
    const noReason = await status(w.manager, 'APPROVED', {
      isCompliant: true,
      riskAcknowledgement: { reason: '  ', fingerprint: reviewed.fingerprint },
    });
    expect(noReason.statusCode).toBe(400);
    const stale = await status(w.manager, 'APPROVED', {
      isCompliant: true,
      riskAcknowledgement: { reason: 'PEP checked.', fingerprint: 'a'.repeat(64) },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().details).toMatchObject({
      reason: 'riskChanged',
      insights: { riskLevel: 'HIGH' },
    });
    expect((await file()).status).toBe('IN_REVIEW');

    const reason = 'PEP is a councillor; EDD done.';
    const approved = await status(w.manager, 'APPROVED', {
      isCompliant: true,
      riskAcknowledgement: { reason, fingerprint: reviewed.fingerprint },
    });
    expect(approved.statusCode, approved.body).toBe(201);
    const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    const acknowledged = audit.find(
      (event: { action: string }) => event.action === 'risk_acknowledged',
    );
    expect(acknowledged).toMatchObject({
      to: 'HIGH',
      reason,
      user: { id: w.manager.userId },
      details: {
        riskLevel: 'HIGH',
        fingerprint: reviewed.fingerprint,
        findings: [expect.objectContaining({ code: 'PEP_DECLARED', severity: 'HIGH' })],
      },
    });
    // The record reaches the review file, even without the audit trail.
    const pdf = await call(
      w.manager,
      'GET',
      `/api/kyc/${kyc.id}/export-pdf?includeAuditLogs=false`,
    );
    expect(pdf.statusCode).toBe(200);
    const { text } = await pdfText(pdf.rawPayload);
    expect(text).toContain('Risk accepted');
    expect(text).toContain(reason);
  });

  it('approves a LOW-risk file without an acknowledgement', async () => {
    expect((await status(w.company.owner, 'SUBMITTED')).statusCode).toBe(201);
    expect((await status(w.employee, 'IN_REVIEW')).statusCode).toBe(201);
    await approveSteps();
    expect((await insights()).acknowledgementNeeded).toBe(false);
    expect((await status(w.manager, 'APPROVED', { isCompliant: true })).statusCode).toBe(201);
  });

  it('keeps the insights from the partner', async () => {
    const owner = await call(w.company.owner, 'GET', `/api/kyc/${kyc.id}/insights`);
    expect(owner.statusCode).toBe(403);
    const byUuid = (await call(w.company.owner, 'GET', `/api/kyc/${kyc.uuid}`)).json();
    expect(byUuid.insights).toBeUndefined();
  });
});
