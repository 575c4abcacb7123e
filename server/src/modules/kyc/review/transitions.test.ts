import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findTransition, KYC_STATUSES, type KycActor, type KycStatus } from '#common/kyc.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  fillKyc,
  forceKycState,
  kycWorld,
  moveTo,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, problems, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

/** The kinds of caller the table tells apart, and who each is in it. */
const KINDS = [
  'partner EDITOR',
  'partner OWNER',
  'employee',
  'manager',
  'CONTACT only',
  'other company',
] as const;
type Kind = (typeof KINDS)[number];
const ACTORS: Record<Kind, readonly KycActor[]> = {
  'partner EDITOR': ['partner'],
  'partner OWNER': ['partner', 'partnerAdmin'],
  employee: ['employee'],
  manager: ['employee', 'manager'],
  'CONTACT only': [],
  'other company': [],
};

/** What decision 012 says a move by this kind of caller gets. */
function expected(from: KycStatus, to: KycStatus, kind: Kind): number {
  if (kind === 'other company') return 404;
  if (kind === 'CONTACT only') return 403;
  const move = findTransition(from, to);
  if (!move) return 409;
  return move.who.some((who) => ACTORS[kind].includes(who)) ? 201 : 403;
}

describe.each(databaseTargets())('KYC transitions (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let kyc: Kyc;
  let who: Record<Kind, Actor>;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
    kyc = await createKyc(server, w.company.owner, w.company.partner);
    // Complete, so that a submit is refused only for the reasons the table gives.
    await fillKyc(server, w.company.owner, kyc, w.company.partner);
    who = {
      'partner EDITOR': w.company.editor,
      'partner OWNER': w.company.owner,
      employee: w.employee,
      manager: w.manager,
      'CONTACT only': w.company.contact,
      'other company': w.stranger,
    };
  });
  afterAll(() => server.close());

  const pairs = KYC_STATUSES.flatMap((from) => KYC_STATUSES.map((to) => [from, to] as const));

  it.each(pairs)('%s → %s: allowed or refused for each kind of caller', async (from, to) => {
    const outcome: Record<string, number> = {};
    const wanted: Record<string, number> = {};
    for (const kind of KINDS) {
      // Every condition but the actor holds: steps approved (or, for a move that sends the
      // file back, one the partner may change), a comment, compliant, and nobody reviewing it
      // (taking a file over from a reviewer is takeover.test.ts's).
      await forceKycState(server, kyc.id, {
        status: from,
        steps: findTransition(from, to)?.sendsBack ? 'IN_PROGRESS' : 'APPROVED',
        approvalRequestedBy: null,
        reviewerId: null,
      });

      const response = await call(
        who[kind],
        'POST',
        `/api/kyc/${kyc.id}/status`,
        moveTo(who[kind], to, { comment: 'Reason given.', isCompliant: true }),
      );
      outcome[kind] = response.statusCode;
      wanted[kind] = expected(from, to, kind);
      if (response.statusCode === 201) {
        expect(response.json()).toMatchObject({ status: to, fromStatus: from });
        const now = await call(w.manager, 'GET', `/api/kyc/${kyc.id}`);
        expect(now.json().status).toBe(to);
      } else if (response.statusCode === 409) {
        expect(response.json().message).toBe(
          `Cannot change a KYC submission from ${from} to ${to}.`,
        );
      }
    }
    expect(outcome).toEqual(wanted);
  });

  it("names a move the table does not list in the 409's details", async () => {
    await forceKycState(server, kyc.id, { status: 'APPROVED', steps: 'APPROVED' });
    const response = await call(
      w.manager,
      'POST',
      `/api/kyc/${kyc.id}/status`,
      moveTo(w.manager, 'DRAFT', { comment: 'Reason given.' }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().details).toEqual({
      reason: 'noSuchMove',
      from: 'APPROVED',
      to: 'DRAFT',
    });
  });

  describe('what a move needs', () => {
    const url = () => `/api/kyc/${kyc.id}/status`;

    it('refuses a move that needs a comment without one (400, field comment)', async () => {
      await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'APPROVED' });
      for (const comment of [undefined, '   ']) {
        const response = await call(
          w.manager,
          'POST',
          url(),
          moveTo(w.manager, 'REJECTED', { comment }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toEqual([{ field: 'comment', message: 'is required' }]);
      }
    });

    it('needs isCompliant for a proposal and true for an approval', async () => {
      await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'APPROVED' });
      const missing = await call(
        w.employee,
        'POST',
        url(),
        moveTo(w.employee, 'WAITING_FOR_APPROVAL'),
      );
      expect(missing.statusCode).toBe(400);
      expect(missing.json().details).toEqual([{ field: 'isCompliant', message: 'is required' }]);
      const notCompliant = await call(
        w.manager,
        'POST',
        url(),
        moveTo(w.manager, 'APPROVED', { isCompliant: false }),
      );
      expect(notCompliant.statusCode).toBe(400);
      expect(notCompliant.json().details).toEqual([
        { field: 'isCompliant', message: 'must be true to approve' },
      ]);
      // A proposal may say it is not compliant: the manager then decides.
      const proposal = await call(
        w.employee,
        'POST',
        url(),
        moveTo(w.employee, 'WAITING_FOR_APPROVAL', { isCompliant: false }),
      );
      expect(proposal.statusCode).toBe(201);
      expect(proposal.json().isCompliant).toBe(false);
    });

    it('names the steps that are not approved yet (409)', async () => {
      await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'APPROVED' });
      await server.database.db.execute(
        sql`update kyc_steps set status = 'PENDING' where kyc_id = ${kyc.id} and step_type in ('contacts', 'cdd')`,
      );
      const approve = await call(
        w.manager,
        'POST',
        url(),
        moveTo(w.manager, 'APPROVED', { isCompliant: true }),
      );
      expect(approve.statusCode).toBe(409);
      expect(approve.json().message).toBe(
        'Cannot change a KYC submission from IN_REVIEW to APPROVED: these steps are not approved yet: contacts, cdd.',
      );
      expect(approve.json().details).toEqual({ steps: ['contacts', 'cdd'] });
      await server.database.db.execute(
        sql`update kyc_steps set status = 'WAITING_FOR_APPROVAL' where kyc_id = ${kyc.id} and step_type = 'contacts'`,
      );
      const propose = await call(
        w.employee,
        'POST',
        url(),
        moveTo(w.employee, 'WAITING_FOR_APPROVAL', { isCompliant: true }),
      );
      expect(propose.statusCode).toBe(409);
      expect(propose.json().message).toMatch(/not approved or waiting for approval yet: cdd\.$/);
      // Nothing moved.
      expect((await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json().status).toBe('IN_REVIEW');
    });

    it('keeps four eyes on an approval: not the manager who asked for it', async () => {
      await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'APPROVED' });
      const asked = await call(
        w.manager,
        'POST',
        url(),
        moveTo(w.manager, 'WAITING_FOR_APPROVAL', { isCompliant: true }),
      );
      expect(asked.statusCode).toBe(201);
      const submission = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      expect(submission.approvalRequestedBy).toEqual({
        id: w.manager.userId,
        name: expect.any(String),
      });
      const self = await call(
        w.manager,
        'POST',
        url(),
        moveTo(w.manager, 'APPROVED', { isCompliant: true }),
      );
      expect(self.statusCode).toBe(403);
      expect(self.json().message).toMatch(/another manager must approve it \(four eyes\)/);
      const other = await call(
        w.manager2,
        'POST',
        url(),
        moveTo(w.manager2, 'APPROVED', { isCompliant: true }),
      );
      expect(other.statusCode).toBe(201);
    });

    it('names who may make a move when the caller may not (403)', async () => {
      await forceKycState(server, kyc.id, { status: 'SUBMITTED' });
      const response = await call(
        w.company.editor,
        'POST',
        url(),
        moveTo(w.company.editor, 'IN_REVIEW'),
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe(
        'Only employees may change a KYC submission from SUBMITTED to IN_REVIEW.',
      );
      const viewer = await call(w.company.viewer, 'POST', url(), moveTo(w.company.viewer, 'DRAFT'));
      expect(viewer.statusCode).toBe(403);
    });
  });

  describe('what a move does', () => {
    it('assigns the reviewer, records who asked for approval, and keeps the dates', async () => {
      await forceKycState(server, kyc.id, {
        status: 'DRAFT',
        steps: 'APPROVED',
        reviewerId: null,
        approvalRequestedBy: null,
      });
      const url = `/api/kyc/uuid/${kyc.uuid}/status`;
      const get = async () => (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      expect(
        (await call(w.company.editor, 'POST', url, moveTo(w.company.editor, 'SUBMITTED')))
          .statusCode,
      ).toBe(201);
      const submitted = await get();
      expect(submitted.submittedAt).not.toBeNull();
      expect(submitted.decidedAt).toBeNull();

      expect(
        (await call(w.employee, 'POST', url, moveTo(w.employee, 'IN_REVIEW'))).statusCode,
      ).toBe(201);
      const inReview = await get();
      expect(inReview.obligedEntityContactId).toBe(w.employee.userId);
      expect(inReview.reviewer).toEqual({
        id: w.employee.userId,
        name: expect.stringMatching(/^Employee/),
      });

      await call(
        w.employee,
        'POST',
        url,
        moveTo(w.employee, 'WAITING_FOR_APPROVAL', { isCompliant: true }),
      );
      expect((await get()).approvalRequestedBy.id).toBe(w.employee.userId);

      const approved = await call(
        w.manager,
        'POST',
        url,
        moveTo(w.manager, 'APPROVED', { isCompliant: true }),
      );
      expect(approved.statusCode).toBe(201);
      const decided = await get();
      // The approval keeps who asked for it: it is the record of the four eyes.
      expect(decided).toMatchObject({
        status: 'APPROVED',
        approvalRequestedBy: { id: w.employee.userId, name: expect.stringMatching(/^Employee/) },
      });
      expect(decided.decidedAt).not.toBeNull();
      expect(decided.version).toBeGreaterThan(inReview.version);

      // Reopened for a periodic review: no longer decided, the reviewer stays.
      await call(
        w.manager,
        'POST',
        url,
        moveTo(w.manager, 'IN_REVIEW', { comment: 'Annual review.' }),
      );
      const reopened = await get();
      expect(reopened.decidedAt).toBeNull();
      expect(reopened.reviewer.id).toBe(w.employee.userId);
      // A new review: nobody has asked for approval yet.
      expect(reopened.approvalRequestedBy).toBeNull();

      const history = (await call(w.company.viewer, 'GET', `/api/kyc/${kyc.id}/status`)).json();
      expect(history.slice(-5).map((r: { status: string }) => r.status)).toEqual([
        'SUBMITTED',
        'IN_REVIEW',
        'WAITING_FOR_APPROVAL',
        'APPROVED',
        'IN_REVIEW',
      ]);
      // A manager's reason is internal unless shared (issue 14): the partner sees the move only.
      expect(history.at(-1)).toMatchObject({
        fromStatus: 'APPROVED',
        comment: null,
        visibility: 'internal',
      });
      const staffHistory = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/status`)).json();
      expect(staffHistory.at(-1)).toMatchObject({ comment: 'Annual review.' });

      const one = await call(w.company.viewer, 'GET', `/api/kyc/${kyc.id}/status/${history[0].id}`);
      expect(one.json()).toEqual(history[0]);
      expect(history[0]).toMatchObject({ status: 'DRAFT', fromStatus: null });
      expect((await call(w.manager, 'GET', `/api/kyc/${kyc.id}/status/987654`)).statusCode).toBe(
        404,
      );
    });

    it('keeps who asked for approval on a rejection, not when the file goes back', async () => {
      const url = `/api/kyc/${kyc.id}/status`;
      const get = async () => (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      const ask = async () => {
        await forceKycState(server, kyc.id, {
          status: 'IN_REVIEW',
          steps: 'APPROVED',
          approvalRequestedBy: null,
        });
        const asked = await call(
          w.employee,
          'POST',
          url,
          moveTo(w.employee, 'WAITING_FOR_APPROVAL', { isCompliant: true }),
        );
        expect(asked.statusCode).toBe(201);
      };

      await ask();
      const rejected = await call(
        w.manager,
        'POST',
        url,
        moveTo(w.manager, 'REJECTED', { comment: 'Ownership unclear.' }),
      );
      expect(rejected.statusCode).toBe(201);
      expect((await get()).approvalRequestedBy).toEqual({
        id: w.employee.userId,
        name: expect.stringMatching(/^Employee/),
      });

      // Sent back for more review, the request is over: nobody has asked for approval now.
      await ask();
      const back = await call(
        w.manager,
        'POST',
        url,
        moveTo(w.manager, 'IN_REVIEW', { comment: 'Check the UBO register.' }),
      );
      expect(back.statusCode).toBe(201);
      expect((await get()).approvalRequestedBy).toBeNull();
    });

    it('adds a submission comment without moving the file', async () => {
      await forceKycState(server, kyc.id, { status: 'SUBMITTED' });
      const url = `/api/kyc/${kyc.id}/status`;
      const before = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      const response = await call(
        w.company.editor,
        'POST',
        url,
        moveTo(w.company.editor, 'SUBMISSION_COMMENT', {
          comment: 'Our UBO register extract follows.',
        }),
      );
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        status: 'SUBMISSION_COMMENT',
        fromStatus: null,
        comment: 'Our UBO register extract follows.',
      });
      const after = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      expect(after).toMatchObject({ status: 'SUBMITTED', version: before.version });
      const comments = (await call(w.company.owner, 'GET', `/api/kyc/${kyc.id}/comments`)).json();
      expect(comments.at(-1)).toMatchObject({
        comment: 'Our UBO register extract follows.',
        context: { kind: 'status', status: 'SUBMISSION_COMMENT' },
      });
      const empty = await call(
        w.company.editor,
        'POST',
        url,
        moveTo(w.company.editor, 'SUBMISSION_COMMENT'),
      );
      expect(empty.statusCode).toBe(400);
      const viewer = await call(
        w.company.viewer,
        'POST',
        url,
        moveTo(w.company.viewer, 'SUBMISSION_COMMENT', { comment: 'Hello' }),
      );
      expect(viewer.statusCode).toBe(403);
    });

    it('refuses a second open submission when a decided one is reopened beside it', async () => {
      await forceKycState(server, kyc.id, { status: 'REJECTED' });
      const fresh = await createKyc(server, w.company.owner, w.company.partner);
      const reopen = await call(
        w.manager,
        'POST',
        `/api/kyc/${kyc.id}/status`,
        moveTo(w.manager, 'IN_REVIEW', { comment: 'Reopened.' }),
      );
      expect(reopen.statusCode).toBe(409);
      expect(reopen.json().message).toBe(
        `Trade partner ${w.company.partner.name} already has an open KYC submission (id ${fresh.id}).`,
      );
      await forceKycState(server, fresh.id, { status: 'CANCELLED' });
    });
  });

  describe('the request', () => {
    const url = () => `/api/kyc/${kyc.id}/status`;

    it('needs status and userId (SPEC 5 wording)', async () => {
      const noUser = await call(w.manager, 'POST', url(), { status: 'IN_REVIEW' });
      expect(noUser.statusCode).toBe(400);
      expect(noUser.json().message).toBe(
        'Required parameter userId was null or undefined when calling createKycStatus.',
      );
      const noStatus = await call(w.manager, 'POST', `/api/kyc/uuid/${kyc.uuid}/status`, {
        userId: w.manager.userId,
      });
      expect(noStatus.json().message).toBe(
        'Required parameter status was null or undefined when calling createOrUpdateStatusByUuid.',
      );
      const unknown = await call(w.manager, 'POST', url(), moveTo(w.manager, 'DONE'));
      expect(unknown.statusCode).toBe(400);
      expect(problems(unknown)[0]).toMatch(/^body\.status: must be one of DRAFT, /);
    });

    it("refuses someone else's userId (403)", async () => {
      await forceKycState(server, kyc.id, { status: 'SUBMITTED' });
      const response = await call(w.employee, 'POST', url(), {
        status: 'IN_REVIEW',
        userId: w.manager.userId,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('userId must be your own user id.');
    });

    it('answers 409 with the current submission for a stale version', async () => {
      await forceKycState(server, kyc.id, { status: 'SUBMITTED' });
      const current = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      const stale = await call(
        w.employee,
        'POST',
        url(),
        moveTo(w.employee, 'IN_REVIEW', { version: current.version - 1 }),
      );
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        'The submission was changed by someone else; reload and try again.',
      );
      expect(stale.json().details.current).toMatchObject({ id: kyc.id, version: current.version });
    });

    it('lets exactly one of two simultaneous moves win', async () => {
      await forceKycState(server, kyc.id, { status: 'SUBMITTED', reviewerId: null });
      const { version } = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      const before = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/status`)).json().length;
      const [a, b] = await Promise.all([
        call(w.employee, 'POST', url(), moveTo(w.employee, 'IN_REVIEW', { version })),
        call(
          w.manager,
          'POST',
          url(),
          moveTo(w.manager, 'CANCELLED', { version, comment: 'Duplicate.' }),
        ),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const winner = a.statusCode === 201 ? 'IN_REVIEW' : 'CANCELLED';
      const loser = a.statusCode === 201 ? b : a;
      expect(loser.json().details.current.status).toBe(winner);
      const stored = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
      expect(stored).toMatchObject({ status: winner, version: version + 1 });
      const history = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/status`)).json();
      expect(history).toHaveLength(before + 1);
      expect(history.at(-1).status).toBe(winner);
    });
  });
});
