import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  fillKyc,
  kycWorld,
  moveTo,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

interface Event {
  id: number;
  entity: string;
  entityId: number | null;
  stepType: string | null;
  action: string;
  from: string | null;
  to: string | null;
  reason: string | null;
  details: Record<string, unknown> | null;
  user: { id: number; name: string } | null;
}

describe.each(databaseTargets())('KYC audit trail (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let kyc: Kyc;
  /** A manager whose token carries no names: the trail names them by username. */
  let nameless: { token: string; userId: number };

  const audit = async (): Promise<Event[]> =>
    (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
    kyc = await createKyc(server, w.company.owner, w.company.partner);
    await fillKyc(server, w.company.editor, kyc, w.company.partner);
    const token = await server.token({
      sub: randomUUID(),
      preferred_username: 'nameless.reviewer',
      email: 'nameless@nt24.example',
      realm_access: { roles: ['NT24_MANAGER'] },
    });
    const ensured = await call(token, 'POST', '/api/auth/keycloak/ensure-user');
    nameless = { token, userId: ensured.json().userId };
  });
  afterAll(() => server.close());

  it('records every kind of change with who, what, from, to and why', async () => {
    const url = `/api/kyc/${kyc.id}/status`;
    const ok = async (response: Promise<{ statusCode: number; body: string }>) => {
      const answered = await response;
      expect(answered.statusCode, answered.body).toBeLessThan(300);
    };
    await ok(call(w.company.editor, 'POST', url, moveTo(w.company.editor, 'SUBMITTED')));
    await ok(
      call(
        w.company.owner,
        'POST',
        url,
        moveTo(w.company.owner, 'SUBMISSION_COMMENT', { comment: 'Please hurry.' }),
      ),
    );
    await ok(call(w.employee, 'POST', url, moveTo(w.employee, 'IN_REVIEW')));
    await ok(
      call(w.employee, 'POST', `/api/kyc/${kyc.id}/comments`, {
        comment: 'Checking the register.',
        stepType: 'coc',
      }),
    );
    await ok(
      call(w.employee, 'POST', `/api/kyc/${kyc.id}/steps/coc/status?userId=${w.employee.userId}`, {
        status: 'COMPLETED',
      }),
    );
    await ok(
      call(
        nameless.token,
        'POST',
        `/api/kyc/${kyc.id}/steps/contacts/status?userId=${nameless.userId}`,
        { status: 'REJECTED', comment: 'Passport expired.' },
      ),
    );
    await ok(
      call(
        w.employee,
        'POST',
        url,
        moveTo(w.employee, 'CHANGES_REQUESTED', { comment: 'See contacts.' }),
      ),
    );

    const events = await audit();
    const name = (who: { name: string }) => expect.stringMatching(new RegExp(`^${who.name} `, 'i'));
    expect(events.map((e) => e.action)).toEqual([
      'created',
      ...Array<string>(5).fill('step_data_saved'),
      'status_changed',
      'comment_added',
      'status_changed',
      'reviewer_assigned',
      'comment_added',
      'step_status_changed',
      'step_status_changed',
      'status_changed',
    ]);
    expect(events).toEqual([
      expect.objectContaining({ entity: 'submission', entityId: kyc.id, to: 'DRAFT' }),
      ...['coc', 'contacts', 'addresses', 'bank-and-vat', 'cdd'].map((stepType) =>
        expect.objectContaining({
          entity: 'step',
          stepType,
          from: 'PENDING',
          to: 'IN_PROGRESS',
          user: { id: w.company.editor.userId, name: name(w.company.editor) },
          details: expect.objectContaining({ version: 2, previousVersion: 1 }),
        }),
      ),
      expect.objectContaining({
        from: 'DRAFT',
        to: 'SUBMITTED',
        user: { id: w.company.editor.userId, name: name(w.company.editor) },
        // The risk as computed on what was handed in (issue 14).
        details: { version: 2, previousVersion: 1, riskLevel: expect.any(String) },
      }),
      expect.objectContaining({ entity: 'comment', reason: 'Please hurry.' }),
      expect.objectContaining({
        from: 'SUBMITTED',
        to: 'IN_REVIEW',
        details: { version: 3, previousVersion: 2 },
      }),
      expect.objectContaining({
        from: null,
        to: expect.stringMatching(/^Employee\S* Tester$/),
        details: { reviewerId: w.employee.userId, previousReviewerId: null },
      }),
      expect.objectContaining({
        entity: 'comment',
        stepType: 'coc',
        reason: 'Checking the register.',
      }),
      expect.objectContaining({
        entity: 'step',
        stepType: 'coc',
        from: 'IN_PROGRESS',
        to: 'WAITING_FOR_APPROVAL',
        reason: null,
        details: { version: 3, previousVersion: 2, requested: 'COMPLETED' },
      }),
      expect.objectContaining({
        stepType: 'contacts',
        from: 'IN_PROGRESS',
        to: 'REJECTED',
        reason: 'Passport expired.',
        user: { id: nameless.userId, name: 'nameless.reviewer' },
      }),
      expect.objectContaining({
        from: 'IN_REVIEW',
        to: 'CHANGES_REQUESTED',
        reason: 'See contacts.',
        user: { id: w.employee.userId, name: name(w.employee) },
      }),
    ]);

    // Every comment, whatever it came with; the employee's own note is internal (issue 14).
    const comments = async (who: Actor) =>
      (await call(who, 'GET', `/api/kyc/uuid/${kyc.uuid}/comments`))
        .json()
        .map(
          (c: {
            comment: string;
            context: unknown;
            stepType: string | null;
            visibility: string;
          }) => [c.comment, c.stepType, c.context, c.visibility],
        );
    const partnerReads = [
      ['Please hurry.', null, { kind: 'status', status: 'SUBMISSION_COMMENT' }, 'shared'],
      ['Passport expired.', 'contacts', { kind: 'step', status: 'REJECTED' }, 'shared'],
      ['See contacts.', null, { kind: 'status', status: 'CHANGES_REQUESTED' }, 'shared'],
    ];
    expect(await comments(w.company.viewer)).toEqual(partnerReads);
    expect(await comments(w.employee)).toEqual([
      partnerReads[0],
      ['Checking the register.', 'coc', { kind: 'comment', status: null }, 'internal'],
      ...partnerReads.slice(1),
    ]);
  });

  it('writes nothing for a refused change', async () => {
    const before = (await audit()).length;
    const refused = [
      await call(
        w.company.editor,
        'POST',
        `/api/kyc/${kyc.id}/status`,
        moveTo(w.company.editor, 'APPROVED'),
      ),
      await call(w.manager, 'POST', `/api/kyc/${kyc.id}/status`, moveTo(w.manager, 'CANCELLED')),
      await call(w.company.viewer, 'POST', `/api/kyc/${kyc.id}/comments`, { comment: 'x' }),
      await call(
        w.manager,
        'POST',
        `/api/kyc/${kyc.id}/steps/coc/status?userId=${w.manager.userId}`,
        { status: 'APPROVED' },
      ),
    ];
    expect(refused.map((r) => r.statusCode)).toEqual([409, 400, 403, 409]);
    expect(await audit()).toHaveLength(before);
  });

  it('is append-only: the database refuses to change or delete an event', async () => {
    const db = server.database.db;
    const [first] = await audit();
    await expect(
      db.execute(sql`update kyc_audit_events set reason = 'rewritten' where id = ${first!.id}`),
    ).rejects.toThrow();
    await expect(
      db.execute(sql`delete from kyc_audit_events where id = ${first!.id}`),
    ).rejects.toThrow();
    await expect(db.execute(sql`delete from kyc_audit_events`)).rejects.toThrow();
    const after = await audit();
    expect(after[0]).toEqual(expect.objectContaining({ id: first!.id, reason: first!.reason }));
  });

  it('is for staff: partners get 403, others 404', async () => {
    expect((await call(w.employee, 'GET', `/api/kyc/uuid/${kyc.uuid}/audit`)).statusCode).toBe(200);
    expect((await call(w.company.owner, 'GET', `/api/kyc/${kyc.id}/audit`)).statusCode).toBe(403);
    expect((await call(w.stranger, 'GET', `/api/kyc/${kyc.id}/audit`)).statusCode).toBe(404);
  });
});
