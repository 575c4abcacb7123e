import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { KYC_STEP_TYPES } from '#common/kyc.js';
import { kycSteps } from '#server/db/schema/kyc.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  forceKycState,
  kycWorld,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, problems, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

describe.each(databaseTargets())('KYC steps (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  let kyc: Kyc;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
    kyc = await createKyc(server, w.company.owner, w.company.partner);
  });
  afterAll(() => server.close());

  /** Changes a step's status over HTTP, as `who`. */
  const setStep = (who: Actor, stepType: string, body: Record<string, unknown>) =>
    call(who, 'POST', `/api/kyc/${kyc.id}/steps/${stepType}/status?userId=${who.userId}`, body);
  const step = async (stepType: string) =>
    (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/steps/${stepType}`)).json();

  describe('reading and creating', () => {
    it('lists the six steps in order, by id and by uuid, ignoring cache-busting parameters', async () => {
      for (const url of [
        `/api/kyc/${kyc.id}/steps?_=${Date.now()}`,
        `/api/kyc/uuid/${kyc.uuid}/steps?t=1`,
      ]) {
        const response = await call(w.company.viewer, 'GET', url);
        expect(response.statusCode).toBe(200);
        expect(response.json().map((s: { stepType: string }) => s.stepType)).toEqual([
          ...KYC_STEP_TYPES,
        ]);
      }
      const coc = await call(w.company.viewer, 'GET', `/api/kyc/uuid/${kyc.uuid}/steps/coc?_=1`);
      expect(coc.json()).toMatchObject({
        kycId: kyc.id,
        kycUuid: kyc.uuid,
        stepType: 'coc',
        status: 'PENDING',
        data: {},
        comment: null,
        version: 1,
        documentTypes: ['COC_EXTRACT', 'ARTICLES_OF_ASSOCIATION'],
      });
      const bad = await call(w.manager, 'GET', `/api/kyc/${kyc.id}/steps/summary`);
      expect(bad.statusCode).toBe(400);
    });

    it('answers 404 for a missing step, and creates it PENDING on request (201, then 200)', async () => {
      await server.database.db
        .delete(kycSteps)
        .where(and(eq(kycSteps.kycId, kyc.id), eq(kycSteps.stepType, 'cdd')));
      const missing = await call(w.manager, 'GET', `/api/kyc/${kyc.id}/steps/cdd`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(`KYC step cdd not found for KYC ${kyc.id}`);

      const url = `/api/kyc/uuid/${kyc.uuid}/steps/cdd?userId=${w.company.editor.userId}`;
      const created = await call(w.company.editor, 'POST', url);
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ stepType: 'cdd', status: 'PENDING', version: 1 });
      // The app may send an empty JSON body: that is no body.
      const empty = await server.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${w.company.editor.token}`,
          'content-type': 'application/json',
        },
        payload: '',
      });
      expect(empty.statusCode).toBe(200);
      const broken = await server.app.inject({
        method: 'POST',
        url,
        headers: {
          authorization: `Bearer ${w.company.editor.token}`,
          'content-type': 'application/json',
        },
        payload: '{"status":',
      });
      expect(broken.statusCode).toBe(400);
      const again = await call(w.company.editor, 'POST', url, { status: 'IN_PROGRESS' });
      expect(again.statusCode).toBe(200);
      expect(again.json().id).toBe(created.json().id);
      const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
      expect(audit.filter((e: { action: string }) => e.action === 'step_created')).toEqual([
        expect.objectContaining({ stepType: 'cdd', to: 'PENDING', entityId: created.json().id }),
      ]);
      // The list is in order again.
      const list = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/steps`)).json();
      expect(list.map((s: { stepType: string }) => s.stepType)).toEqual([...KYC_STEP_TYPES]);
    });

    it('creates a step only for staff and partner editors, with their own userId', async () => {
      const url = (who: Actor) => `/api/kyc/${kyc.id}/steps/coc?userId=${who.userId}`;
      expect((await call(w.company.viewer, 'POST', url(w.company.viewer))).statusCode).toBe(403);
      expect((await call(w.employee, 'POST', url(w.employee))).statusCode).toBe(200);
      const other = await call(w.employee, 'POST', url(w.manager));
      expect(other.statusCode).toBe(403);
      const none = await call(w.employee, 'POST', `/api/kyc/${kyc.id}/steps/coc`);
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe(
        'Required parameter userId was null or undefined when calling createKycStep.',
      );
      const badStatus = await call(w.employee, 'POST', url(w.employee), { status: 'APPROVED' });
      expect(problems(badStatus)).toEqual(['body.status: must be PENDING or IN_PROGRESS']);
    });
  });

  describe('reviewing', () => {
    beforeEach(async () => {
      await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'PENDING' });
    });

    it('completes a step: APPROVED for a manager, WAITING_FOR_APPROVAL for an employee', async () => {
      const byEmployee = await setStep(w.employee, 'coc', { status: 'COMPLETED' });
      expect(byEmployee.statusCode).toBe(200);
      expect(byEmployee.json()).toMatchObject({
        status: 'WAITING_FOR_APPROVAL',
        updatedBy: { id: w.employee.userId },
      });
      const byManager = await setStep(w.manager, 'contacts', { status: 'COMPLETE' });
      expect(byManager.json().status).toBe('APPROVED');
      expect((await step('coc')).status).toBe('WAITING_FOR_APPROVAL');
    });

    it.each([
      ['partner OWNER', 'owner'],
      ['partner EDITOR', 'editor'],
      ['partner ADMIN', 'admin'],
    ] as const)('never lets a %s change a step', async (_, member) => {
      const who = w.company[member];
      const complete = await setStep(who, 'coc', { status: 'COMPLETED' });
      expect(complete.statusCode).toBe(403);
      expect(complete.json().message).toBe('Insufficient permissions to complete KYC step');
      for (const status of ['APPROVED', 'REJECTED', 'IN_PROGRESS', 'WAITING_FOR_APPROVAL']) {
        const response = await setStep(who, 'coc', { status, comment: 'x' });
        expect(response.statusCode, status).toBe(403);
      }
      expect((await step('coc')).status).toBe('PENDING');
    });

    it('leaves APPROVED and REJECTED to managers', async () => {
      for (const status of ['APPROVED', 'REJECTED']) {
        const response = await setStep(w.employee, 'coc', { status, comment: 'x' });
        expect(response.statusCode).toBe(403);
        expect(response.json().message).toBe(`Only managers may set a KYC step to ${status}.`);
      }
      expect((await setStep(w.manager, 'coc', { status: 'APPROVED' })).statusCode).toBe(200);
    });

    it('needs a comment to reject or ask for changes, and keeps it with the step', async () => {
      const bare = await setStep(w.manager, 'contacts', { status: 'REJECTED' });
      expect(bare.statusCode).toBe(400);
      expect(bare.json().details).toEqual([{ field: 'comment', message: 'is required' }]);
      const changes = await setStep(w.employee, 'addresses', { status: 'CHANGES_REQUESTED' });
      expect(changes.statusCode).toBe(400);

      const reason = 'The passport has expired.';
      const rejected = await setStep(w.manager, 'contacts', {
        status: 'REJECTED',
        comment: reason,
      });
      expect(rejected.json()).toMatchObject({ status: 'REJECTED', comment: reason });
      const asked = await setStep(w.employee, 'addresses', {
        status: 'CHANGES_REQUESTED',
        comment: 'Upload a recent utility bill.',
      });
      expect(asked.json().status).toBe('CHANGES_REQUESTED');
      const comments = (await call(w.company.owner, 'GET', `/api/kyc/${kyc.id}/comments`)).json();
      expect(comments.slice(-2)).toEqual([
        expect.objectContaining({
          stepType: 'contacts',
          comment: reason,
          context: { kind: 'step', status: 'REJECTED' },
        }),
        expect.objectContaining({
          stepType: 'addresses',
          context: { kind: 'step', status: 'CHANGES_REQUESTED' },
        }),
      ]);
    });

    it('leaves a decided step as it is when asked for anything but APPROVED or REJECTED (200, unchanged)', async () => {
      const approved = await setStep(w.manager, 'coc', { status: 'APPROVED' });
      expect(approved.json()).toMatchObject({ status: 'APPROVED', unchanged: false });
      const before = await step('coc');
      const back = await setStep(w.employee, 'coc', { status: 'COMPLETED' });
      expect(back.statusCode).toBe(200);
      expect(back.json()).toEqual({ ...before, unchanged: true });
      for (const status of ['PENDING', 'IN_PROGRESS', 'CHANGES_REQUESTED']) {
        const response = await setStep(w.manager, 'coc', { status, comment: 'x' });
        expect(response.statusCode, status).toBe(200);
        expect(response.json(), status).toMatchObject({
          status: 'APPROVED',
          version: before.version,
          unchanged: true,
        });
      }
      // Nothing changed: the step reads as before, at the same version.
      expect(await step('coc')).toEqual(before);
      const rejected = await setStep(w.manager, 'coc', { status: 'REJECTED', comment: 'Forged.' });
      expect(rejected.statusCode).toBe(200);
      const again = await setStep(w.manager, 'coc', { status: 'PENDING' });
      expect(again.json()).toMatchObject({ status: 'REJECTED', unchanged: true });
      // The rejection asks the partner for a change (issue 14): withdrawn, it may be approved.
      const withdrawn = await call(
        w.manager,
        'POST',
        `/api/kyc/${kyc.id}/steps/coc/request/withdraw?userId=${w.manager.userId}`,
        { comment: 'Rejected by mistake.' },
      );
      expect(withdrawn.json()).toMatchObject({ status: 'REJECTED', request: null });
      expect((await setStep(w.manager, 'coc', { status: 'APPROVED' })).json().status).toBe(
        'APPROVED',
      );
    });

    it.each([
      'DRAFT',
      'SUBMITTED',
      'CHANGES_REQUESTED',
      'APPROVED',
      'REJECTED',
      'CANCELLED',
    ] as const)('reviews steps only while the file is in review, not %s (409)', async (status) => {
      await forceKycState(server, kyc.id, { status });
      const response = await setStep(w.manager, 'coc', { status: 'COMPLETED' });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(
        'Steps can only be reviewed while the submission is in review.',
      );
    });

    it("names the file's status in the 409's details, with the step as it is", async () => {
      await forceKycState(server, kyc.id, { status: 'SUBMITTED' });
      const early = await setStep(w.manager, 'coc', { status: 'COMPLETED' });
      expect(early.statusCode).toBe(409);
      expect(early.json().details).toMatchObject({
        reason: 'notInReview',
        status: 'SUBMITTED',
        current: { stepType: 'coc' },
      });
    });

    it('reviews steps while the file waits for approval', async () => {
      await forceKycState(server, kyc.id, { status: 'WAITING_FOR_APPROVAL' });
      expect((await setStep(w.manager, 'coc', { status: 'COMPLETED' })).json().status).toBe(
        'APPROVED',
      );
    });

    it('changes the insights step by its uuid, with the same rules', async () => {
      const insights = await step('insights');
      const url = (stepUuid: string) =>
        `/api/kyc/uuid/${kyc.uuid}/steps/insights/${stepUuid}/status`;
      const partner = await call(w.company.owner, 'PUT', url(insights.uuid), {
        status: 'COMPLETED',
        userId: w.company.owner.userId,
      });
      expect(partner.statusCode).toBe(403);
      expect(partner.json().message).toBe('Insufficient permissions to complete KYC step');
      const done = await call(
        w.employee,
        'PUT',
        `/api/kyc/${kyc.id}/steps/insights/${insights.uuid}/status`,
        {
          status: 'COMPLETED',
          userId: w.employee.userId,
        },
      );
      expect(done.statusCode).toBe(200);
      expect(done.json()).toMatchObject({ stepType: 'insights', status: 'WAITING_FOR_APPROVAL' });
      const coc = await step('coc');
      for (const stepUuid of [coc.uuid, randomUUID()]) {
        const response = await call(w.manager, 'PUT', url(stepUuid), {
          status: 'APPROVED',
          userId: w.manager.userId,
        });
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe(`KYC step insights not found for KYC ${kyc.id}`);
      }
      const noUser = await call(w.manager, 'PUT', url(insights.uuid), { status: 'APPROVED' });
      expect(noUser.json().message).toBe(
        'Required parameter userId was null or undefined when calling updateInsightsStepStatusByUuid.',
      );
    });

    it('needs status and its own userId', async () => {
      const noStatus = await setStep(w.manager, 'coc', {});
      expect(noStatus.json().message).toBe(
        'Required parameter status was null or undefined when calling updateKycStepStatus.',
      );
      const noUser = await call(w.manager, 'POST', `/api/kyc/${kyc.id}/steps/coc/status`, {
        status: 'APPROVED',
      });
      expect(noUser.statusCode).toBe(400);
      const other = await call(
        w.manager,
        'POST',
        `/api/kyc/${kyc.id}/steps/coc/status?userId=${w.employee.userId}`,
        { status: 'APPROVED' },
      );
      expect(other.statusCode).toBe(403);
      const unknown = await setStep(w.manager, 'coc', { status: 'FINISHED' });
      expect(unknown.statusCode).toBe(400);
    });
  });

  describe('concurrent changes', () => {
    beforeEach(async () => {
      await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'WAITING_FOR_APPROVAL' });
    });

    it('lets exactly one of two simultaneous changes win; nothing is lost', async () => {
      const { version } = await step('bank-and-vat');
      const [a, b] = await Promise.all([
        setStep(w.manager, 'bank-and-vat', { status: 'APPROVED', version }),
        setStep(w.manager2, 'bank-and-vat', {
          status: 'REJECTED',
          comment: 'IBAN does not match.',
          version,
        }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
      const [winner, loser] = a.statusCode === 200 ? [a, b] : [b, a];
      expect(loser.json().message).toBe(
        'The step was changed by someone else; reload and try again.',
      );
      expect(loser.json().details.current).toMatchObject({
        status: winner.json().status,
        version: version + 1,
      });
      const stored = await step('bank-and-vat');
      expect(stored).toMatchObject({ status: winner.json().status, version: version + 1 });
      const changes = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`))
        .json()
        .filter(
          (e: { action: string; stepType: string; details: { version: number } }) =>
            e.action === 'step_status_changed' &&
            e.stepType === 'bank-and-vat' &&
            e.details.version === version + 1,
        );
      expect(changes).toHaveLength(1);
      expect(changes[0].to).toBe(winner.json().status);
    });

    it('refuses a change based on a stale version, and accepts it on the fresh one', async () => {
      const { version } = await step('cdd');
      expect((await setStep(w.manager, 'cdd', { status: 'APPROVED', version })).statusCode).toBe(
        200,
      );
      const stale = await setStep(w.manager2, 'cdd', {
        status: 'REJECTED',
        comment: 'No.',
        version,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().details.current).toMatchObject({
        status: 'APPROVED',
        version: version + 1,
      });
      const fresh = await setStep(w.manager2, 'cdd', {
        status: 'REJECTED',
        comment: 'No.',
        version: version + 1,
      });
      expect(fresh.statusCode).toBe(200);
    });
  });

  it('runs the review of the browser journey: complete, approve, reject; the owner sees it', async () => {
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'PENDING' });
    for (const type of ['coc', 'contacts']) {
      expect((await setStep(w.employee, type, { status: 'COMPLETED' })).json().status).toBe(
        'WAITING_FOR_APPROVAL',
      );
      expect((await setStep(w.manager, type, { status: 'APPROVED' })).json().status).toBe(
        'APPROVED',
      );
    }
    const reason = 'The director’s passport has expired; upload a valid one.';
    await setStep(w.manager, 'contacts', { status: 'REJECTED', comment: reason });
    const seen = (await call(w.company.owner, 'GET', `/api/kyc/uuid/${kyc.uuid}/steps`)).json();
    expect(seen.slice(0, 2)).toEqual([
      expect.objectContaining({ stepType: 'coc', status: 'APPROVED' }),
      expect.objectContaining({ stepType: 'contacts', status: 'REJECTED', comment: reason }),
    ]);
    expect((await call(w.company.owner, 'GET', `/api/kyc/${kyc.id}/audit`)).statusCode).toBe(403);
  });
});
