import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { caller, demoTokens, type Caller } from '#server/testing/partners-fixtures.js';
import { seedDemoKyc } from './demo-data.js';

interface Summary {
  id: number;
  uuid: string;
  status: string;
  tradePartnerName: string;
  reviewer: { name: string } | null;
  steps: { stepType: string; status: string }[];
  decidedAt: string | null;
  submittedAt: string | null;
}

describe.each(databaseTargets())('demo KYC files (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let tokens: Record<string, string>;
  const userIds: Record<string, number> = {};
  let files: Record<string, Summary>;

  beforeAll(async () => {
    server = await startTestServer(target, {}, { demoData: true });
    call = caller(server);
    tokens = await demoTokens(server);
    for (const [username, token] of Object.entries(tokens)) {
      const ensured = await call(token, 'POST', '/api/auth/keycloak/ensure-user');
      userIds[username] = ensured.json().userId;
    }
    const page = (await call(tokens.manager!, 'GET', '/api/kyc?size=100')).json();
    files = Object.fromEntries(
      page.content.map((k: Summary) => [k.tradePartnerName.split(' ')[0], k]),
    );
  });
  afterAll(() => server.close());

  const statuses = (steps: Summary['steps']) => [...new Set(steps.map((s) => s.status))];

  it("has Van Dijk's file in review with Eva Jansen, its steps pending, CoC data filled in", async () => {
    const vanDijk = files['Van']!;
    expect(vanDijk).toMatchObject({ status: 'IN_REVIEW', reviewer: { name: 'Eva Jansen' } });
    expect(statuses(vanDijk.steps)).toEqual(['PENDING']);
    const coc = (await call(tokens.owner!, 'GET', `/api/kyc/${vanDijk.id}/steps/coc`)).json();
    expect(coc.data).toMatchObject({
      cocNumber: '12345678',
      registeredName: 'Van Dijk Logistics B.V.',
      legalForm: 'B.V.',
      registrationDate: '2011-03-14',
    });
    const months = (Date.now() - Date.parse(coc.data.extractDate)) / (30 * 24 * 3600 * 1000);
    expect(months).toBeGreaterThan(1.5);
    expect(months).toBeLessThan(2.5);
    const history = (await call(tokens.owner!, 'GET', `/api/kyc/${vanDijk.id}/status`)).json();
    expect(
      history.map((r: { status: string; user: { name: string } }) => [r.status, r.user.name]),
    ).toEqual([
      ['DRAFT', 'Olivia Smit'],
      ['SUBMITTED', 'Olivia Smit'],
      ['IN_REVIEW', 'Eva Jansen'],
    ]);
    const audit = (await call(tokens.employee!, 'GET', `/api/kyc/${vanDijk.id}/audit`)).json();
    expect(audit.map((e: { action: string }) => e.action)).toEqual([
      'created',
      'status_changed',
      'status_changed',
      'reviewer_assigned',
    ]);
    // Nothing in its trail yet that the browser journey counts.
    expect(audit.some((e: { user: { name: string } }) => e.user.name === 'Mark de Vries')).toBe(
      false,
    );
  });

  it("has Müller's file approved by Mark de Vries after Eva Jansen's proposal", async () => {
    const mueller = files['Müller']!;
    expect(mueller.status).toBe('APPROVED');
    expect(statuses(mueller.steps)).toEqual(['APPROVED']);
    expect(mueller.decidedAt).not.toBeNull();
    const history = (
      await call(tokens.partner!, 'GET', `/api/kyc/uuid/${mueller.uuid}/status`)
    ).json();
    expect(
      history.map((r: { status: string; user: { name: string } }) => [r.status, r.user.name]),
    ).toEqual([
      ['DRAFT', 'Peter Bakker'],
      ['SUBMITTED', 'Peter Bakker'],
      ['IN_REVIEW', 'Eva Jansen'],
      ['WAITING_FOR_APPROVAL', 'Eva Jansen'],
      ['APPROVED', 'Mark de Vries'],
    ]);
    expect(history.at(-1)).toMatchObject({ isCompliant: true, fromStatus: 'WAITING_FOR_APPROVAL' });
    const audit = (await call(tokens.manager!, 'GET', `/api/kyc/${mueller.id}/audit`)).json();
    const stepChanges = audit.filter((e: { action: string }) => e.action === 'step_status_changed');
    expect(stepChanges).toHaveLength(12);
    expect(
      stepChanges
        .slice(6)
        .every((e: { user: { name: string } }) => e.user.name === 'Mark de Vries'),
    ).toBe(true);
    // Times run forward.
    const times = audit.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("has Rossi's file submitted, waiting for a reviewer", () => {
    expect(files['Rossi']).toMatchObject({ status: 'SUBMITTED', reviewer: null });
    expect(files['Rossi']!.submittedAt).not.toBeNull();
  });

  it("has Rossi's submitted file complete, with its documents and its people's ID documents", async () => {
    const rossi = files['Rossi']!;
    const readiness = (await call(tokens.owner!, 'GET', `/api/kyc/${rossi.id}/readiness`)).json();
    expect(readiness.missing).toEqual([]);
    const contacts = (
      await call(tokens.owner!, 'GET', `/api/kyc/${rossi.id}/steps/contacts`)
    ).json();
    const idDocuments = contacts.data.people.map((p: { idDocumentId: number }) => p.idDocumentId);
    for (const id of idDocuments) {
      const document = await call(tokens.owner!, 'GET', `/api/documents/${id}/content`);
      expect(document.statusCode).toBe(200);
      expect(document.headers['content-type']).toBe('application/pdf');
      expect(document.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    }
  });

  it("knows the risk of the files handed in: Rossi's is HIGH before anyone opens its insights", async () => {
    const page = (await call(tokens.manager!, 'GET', '/api/kyc?size=100')).json();
    const risk = Object.fromEntries(
      page.content.map((k: Summary & { riskLevel: string | null }) => [
        k.tradePartnerName.split(' ')[0],
        k.riskLevel,
      ]),
    );
    expect(risk['Rossi']).toBe('HIGH');
    expect(risk['Van']).not.toBeNull();
    expect(risk['Müller']).not.toBeNull();
  });

  it("keeps the manager's reason for approving Müller's file among staff", async () => {
    const mueller = files['Müller']!;
    const reason = 'All documents verified; low risk.';
    const staff = await call(tokens.manager!, 'GET', `/api/kyc/${mueller.id}/status`);
    expect(staff.body).toContain(reason);
    for (const path of ['status', 'comments']) {
      const partner = await call(tokens.partner!, 'GET', `/api/kyc/${mueller.id}/${path}`);
      expect(partner.statusCode).toBe(200);
      expect(partner.body).not.toContain(reason);
    }
  });

  it('lets the browser journey start: the employee completes a step of Van Dijk’s file', async () => {
    const vanDijk = files['Van']!;
    const response = await call(
      tokens.employee!,
      'POST',
      `/api/kyc/${vanDijk.id}/steps/coc/status?userId=${userIds.employee}`,
      { status: 'COMPLETED' },
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('WAITING_FOR_APPROVAL');
  });

  it('seeds nothing twice', async () => {
    expect(
      await seedDemoKyc(server.database.db, server.app.storage, server.app.log, 'NT24 B.V.'),
    ).toEqual([]);
    const page = (await call(tokens.manager!, 'GET', '/api/kyc?size=100')).json();
    expect(page.totalElements).toBe(3);
  });
});
