import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  fillKyc,
  freshKyc,
  kycWorld,
  moveTo,
  stepUrl,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

const API = '/api/kyc/selfservice';

/*
 * Issue 31, point 2: the person holding a self-service link reads what the reviewer asked of
 * each step sent back, as the signed-in partner does, and never a reviewer's internal note
 * (decision 017).
 */
const SHARED = {
  request: 'Shared: the IBAN belongs to another company, give the one in your own name.',
  note: 'Shared: a bank statement of the last three months will do.',
};
const INTERNAL = {
  note: 'INTERNAL: the bank was flagged last year, check twice.',
  approval: 'INTERNAL: CoC checked against the register by phone.',
};

interface LinkStep {
  stepType: string;
  comment: string | null;
  request: { kind: string; comment: string; open: boolean } | null;
  comments: { comment: string; visibility: string; stepType: string }[];
}

describe.each(databaseTargets())(
  "a self-service link and the reviewer's requests (%s)",
  (target) => {
    let server: TestServer;
    let call: Caller;
    let w: KycWorld;

    beforeAll(async () => {
      server = await startTestServer(target);
      call = caller(server);
      w = await kycWorld(server);
    });
    afterAll(() => server?.close());

    const ok = async (who: Actor, method: 'POST' | 'GET', url: string, body?: unknown) => {
      const response = await call(who, method, url, body);
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json();
    };

    const viaLink = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, body?: object) =>
      server.app.inject({
        method,
        url,
        headers: { 'x-self-service-token': token },
        ...(body === undefined ? {} : { payload: body }),
      });

    const stepOf = (response: LightMyRequestResponse, stepType: string): LinkStep =>
      (response.json().steps as LinkStep[]).find((step) => step.stepType === stepType)!;

    it('carries the request and the shared comments of a step sent back, never an internal note', async () => {
      const { company, kyc } = await freshKyc(server);
      await fillKyc(server, company.owner, kyc, company.partner);
      const status = `/api/kyc/${kyc.id}/status`;
      await ok(company.owner, 'POST', status, moveTo(company.owner, 'SUBMITTED'));
      await ok(w.manager, 'POST', status, moveTo(w.manager, 'IN_REVIEW'));
      await ok(w.manager, 'POST', stepUrl(kyc, 'coc', 'status', w.manager), {
        status: 'APPROVED',
        comment: INTERNAL.approval,
      });
      await ok(w.manager, 'POST', stepUrl(kyc, 'bank-and-vat', 'status', w.manager), {
        status: 'CHANGES_REQUESTED',
        comment: SHARED.request,
      });
      const comments = `/api/kyc/${kyc.id}/comments`;
      await ok(w.manager, 'POST', comments, {
        comment: SHARED.note,
        stepType: 'bank-and-vat',
        visibility: 'shared',
      });
      await ok(w.manager, 'POST', comments, {
        comment: INTERNAL.note,
        stepType: 'bank-and-vat',
        visibility: 'internal',
      });
      await ok(w.manager, 'POST', status, {
        ...moveTo(w.manager, 'CHANGES_REQUESTED'),
        comment: 'Shared: see the bank step.',
      });
      const link = await ok(w.manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});

      const opened = await viaLink(link.token, 'POST', `${API}/validate-token`, {
        token: link.token,
      });
      const file = await viaLink(link.token, 'GET', `${API}/file`);
      for (const answer of [opened, file]) {
        expect(answer.statusCode, answer.body).toBe(200);
        const bank = stepOf(answer, 'bank-and-vat');
        expect(bank.request).toMatchObject({
          kind: 'CHANGES_REQUESTED',
          comment: SHARED.request,
          open: true,
          by: { id: w.manager.userId },
        });
        expect(bank.comment).toBe(SHARED.request);
        // The step's shared comments, oldest first, as the signed-in partner reads them.
        expect(bank.comments.map((each) => each.comment)).toEqual([SHARED.request, SHARED.note]);
        expect(bank.comments.every((each) => each.visibility === 'shared')).toBe(true);
        // The approved step keeps its place; its internal comment is none of the link's business.
        expect(stepOf(answer, 'coc')).toMatchObject({ status: 'APPROVED', comment: null });
        expect(stepOf(answer, 'coc').comments).toEqual([]);
        for (const text of Object.values(INTERNAL)) expect(answer.body).not.toContain(text);
      }

      // The signed-in owner reads the same comments on the step.
      const own = (await ok(company.owner, 'GET', comments)) as {
        comment: string;
        stepType: string;
      }[];
      expect(own.filter((each) => each.stepType === 'bank-and-vat')).toEqual(
        stepOf(file, 'bank-and-vat').comments,
      );
    });
  },
);
