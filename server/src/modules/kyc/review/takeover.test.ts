import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  fillKyc,
  kycCompany,
  kycWorld,
  moveTo,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

interface Event {
  action: string;
  from: string | null;
  to: string | null;
  details: Record<string, unknown> | null;
  user: { id: number; name: string } | null;
}

interface Submission {
  id: number;
  status: string;
  version: number;
  reviewer: { id: number; name: string } | null;
}

/** Decision 037: starting the review of someone else's file takes it over, and only if asked. */
describe.each(databaseTargets())('taking over a KYC review (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  const read = async (id: number): Promise<Submission> =>
    (await call(w.manager, 'GET', `/api/kyc/${id}`)).json();
  const trail = async (id: number): Promise<Event[]> =>
    (await call(w.manager, 'GET', `/api/kyc/${id}/audit`)).json();
  const reviewerMoves = async (id: number) =>
    (await trail(id)).filter((e) => ['reviewer_assigned', 'review_taken_over'].includes(e.action));
  const start = (who: Actor, id: number, extra: { takeOver?: boolean; version?: number } = {}) =>
    call(who, 'POST', `/api/kyc/${id}/status`, { ...moveTo(who, 'IN_REVIEW'), ...extra });

  /**
   * A file the employee reviewed, sent back and handed in again: waiting for a reviewer, and
   * still the employee's.
   */
  async function resubmitted(): Promise<Submission> {
    const company = await kycCompany(server);
    const kyc = await createKyc(server, company.owner, company.partner);
    await fillKyc(server, company.editor, kyc, company.partner);
    const url = `/api/kyc/${kyc.id}/status`;
    for (const [who, change] of [
      [company.owner, moveTo(company.owner, 'SUBMITTED')],
      [w.employee, moveTo(w.employee, 'IN_REVIEW')],
      [w.employee, moveTo(w.employee, 'CHANGES_REQUESTED', { comment: 'Sign the CDD form.' })],
      [company.owner, moveTo(company.owner, 'SUBMITTED')],
    ] as const) {
      const response = await call(who, 'POST', url, change);
      expect(response.statusCode, response.body).toBe(201);
    }
    const file = await read(kyc.id);
    expect(file).toMatchObject({ status: 'SUBMITTED', reviewer: { id: w.employee.userId } });
    return file;
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  it("refuses another reviewer's start without takeOver: 409 naming the reviewer", async () => {
    const file = await resubmitted();
    const reviewer = file.reviewer!;

    const refused = await start(w.manager, file.id);

    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(reviewer.name);
    expect(refused.json().details).toEqual({ reason: 'reviewedBySomeoneElse', reviewer });
    expect(await read(file.id)).toMatchObject({
      status: 'SUBMITTED',
      reviewer,
      version: file.version,
    });
    expect(await reviewerMoves(file.id)).toHaveLength(1);
  });

  it('hands the file over with takeOver, and the trail says who took it from whom', async () => {
    const file = await resubmitted();
    const from = file.reviewer!;

    const taken = await start(w.manager, file.id, { takeOver: true });

    expect(taken.statusCode, taken.body).toBe(201);
    const now = await read(file.id);
    expect(now).toMatchObject({ status: 'IN_REVIEW', reviewer: { id: w.manager.userId } });
    const moves = await reviewerMoves(file.id);
    expect(moves.map((e) => e.action)).toEqual(['reviewer_assigned', 'review_taken_over']);
    expect(moves[1]).toMatchObject({
      from: from.name,
      to: now.reviewer!.name,
      user: { id: w.manager.userId },
      details: { reviewerId: w.manager.userId, previousReviewerId: from.id },
    });
  });

  it("leaves the reviewer's own start as it was: no takeover needed, none recorded", async () => {
    const file = await resubmitted();

    const started = await start(w.employee, file.id);

    expect(started.statusCode, started.body).toBe(201);
    expect(await read(file.id)).toMatchObject({
      status: 'IN_REVIEW',
      reviewer: { id: w.employee.userId },
    });
    expect((await reviewerMoves(file.id)).map((e) => e.action)).toEqual(['reviewer_assigned']);
  });

  it('lets one of two people taking the file at once win; the other is told', async () => {
    const file = await resubmitted();
    const takers = [w.manager, w.manager2];

    const answers = await Promise.all(
      takers.map((who) => start(who, file.id, { takeOver: true, version: file.version })),
    );

    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const winner = takers[answers.findIndex((a) => a.statusCode === 201)]!;
    const loser = answers.find((a) => a.statusCode === 409)!;
    // Told that someone else changed the file first, with the file as it is now: the winner's.
    expect(loser.json().details).toMatchObject({
      reason: 'staleVersion',
      current: { status: 'IN_REVIEW', reviewer: { id: winner.userId } },
    });
    expect(await read(file.id)).toMatchObject({ reviewer: { id: winner.userId } });
    const taken = (await reviewerMoves(file.id)).filter((e) => e.action === 'review_taken_over');
    expect(taken).toEqual([
      expect.objectContaining({ user: expect.objectContaining({ id: winner.userId }) }),
    ]);
  });
});
