import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  fillKyc,
  freshKyc,
  kycWorld,
  moveTo,
  saveStepData,
  saveStepDraft,
  stepUrl,
  validStepData,
  type Kyc,
  type KycCompany,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Caller } from '#server/testing/partners-fixtures.js';

const API = '/api/kyc/selfservice';
const SAVED = 'Wholesale of metals';
const TYPED = 'Retail of textiles';

/**
 * Decision 038: a file is not handed in while a step holds a draft newer than its data, signed
 * in or through a link; saving the draft or discarding it lets it go, and the reviewer reads
 * what the person chose.
 */
describe.each(databaseTargets())('submitting with changes not saved (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server?.close());

  /** A DRAFT file filled in and complete, its cdd step saved with SAVED, then B typed. */
  async function fileWithDraft(): Promise<{ company: KycCompany; kyc: Kyc; cdd: object }> {
    const { company, kyc } = await freshKyc(server);
    const { idDocumentId } = await fillKyc(server, company.owner, kyc, company.partner);
    const cdd = validStepData(company.partner, idDocumentId).cdd;
    expect(cdd.businessActivity).toBe(SAVED);
    return { company, kyc, cdd };
  }

  const reviewerReads = async (kyc: Kyc) =>
    (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/steps/cdd`)).json().data.businessActivity;

  const expectUnsavedRefusal = (response: LightMyRequestResponse) => {
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toMatchObject({
      statusCode: 409,
      message:
        'The KYC file has changes that are not saved in cdd: save or discard them before submitting.',
      details: { unsavedSteps: ['cdd'], missing: [] },
    });
  };

  describe('signed in, as the owner', () => {
    const submit = (company: KycCompany, kyc: Kyc) =>
      call(company.owner, 'POST', `/api/kyc/${kyc.id}/status`, moveTo(company.owner, 'SUBMITTED'));

    it('refuses the submit while the draft is newer, and hands in B once it is saved', async () => {
      const { company, kyc, cdd } = await fileWithDraft();
      const typed = { ...cdd, businessActivity: TYPED };
      expect((await saveStepDraft(server, company.owner, kyc, 'cdd', typed)).statusCode).toBe(200);
      // The saved data alone is complete: only the draft stands in the way.
      const readiness = await call(company.owner, 'GET', `/api/kyc/${kyc.id}/readiness`);
      expect(readiness.json()).toEqual({ ready: true, missing: [] });

      expectUnsavedRefusal(await submit(company, kyc));
      const file = (await call(company.owner, 'GET', `/api/kyc/${kyc.id}`)).json();
      expect(file.status).toBe('DRAFT');

      const saved = await saveStepData(server, company.owner, kyc, 'cdd', { data: typed });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().draft).toBeNull();
      const submitted = await submit(company, kyc);
      expect(submitted.statusCode, submitted.body).toBe(201);
      expect(await reviewerReads(kyc)).toBe(TYPED);
    });

    it('hands in the saved A once the draft is discarded', async () => {
      const { company, kyc, cdd } = await fileWithDraft();
      await saveStepDraft(server, company.owner, kyc, 'cdd', { ...cdd, businessActivity: TYPED });
      expectUnsavedRefusal(await submit(company, kyc));

      const discarded = await call(
        company.owner,
        'DELETE',
        stepUrl(kyc, 'cdd', 'draft', company.owner),
      );
      expect(discarded.statusCode, discarded.body).toBe(204);
      const submitted = await submit(company, kyc);
      expect(submitted.statusCode, submitted.body).toBe(201);
      expect(await reviewerReads(kyc)).toBe(SAVED);
    });

    it('names every step with changes, and what is missing besides', async () => {
      const { company, kyc } = await freshKyc(server);
      await saveStepDraft(server, company.owner, kyc, 'cdd', { businessActivity: TYPED });
      const refused = await submit(company, kyc);
      expect(refused.statusCode).toBe(409);
      // coc and addresses start with what the company told at onboarding, as drafts (decision 028).
      expect(refused.json().details.unsavedSteps).toEqual(['coc', 'addresses', 'cdd']);
      expect(refused.json().details.missing.length).toBeGreaterThan(0);
    });
  });

  describe('through a self-service link', () => {
    const viaLink = (
      token: string,
      method: 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: string,
      body?: object,
    ) =>
      server.app.inject({
        method,
        url,
        headers: { 'x-self-service-token': token },
        ...(body === undefined ? {} : { payload: body }),
      });

    async function linkWithDraft() {
      const { kyc, cdd } = await fileWithDraft();
      const made = await call(w.manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});
      expect(made.statusCode, made.body).toBe(201);
      const { token } = made.json() as { token: string };
      const typed = { ...cdd, businessActivity: TYPED };
      const draft = await viaLink(token, 'PUT', `${API}/steps/cdd/draft`, { draft: typed });
      expect(draft.statusCode, draft.body).toBe(200);
      return { kyc, token, typed, version: draft.json().version as number };
    }

    it('refuses the submit while the draft is newer, and hands in B once it is saved', async () => {
      const { kyc, token, typed, version } = await linkWithDraft();
      expectUnsavedRefusal(await viaLink(token, 'POST', `${API}/submit`, {}));

      const saved = await viaLink(token, 'PUT', `${API}/steps/cdd/data`, { data: typed, version });
      expect(saved.statusCode, saved.body).toBe(200);
      const submitted = await viaLink(token, 'POST', `${API}/submit`, {});
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(submitted.json().file.status).toBe('SUBMITTED');
      expect(await reviewerReads(kyc)).toBe(TYPED);
    });

    it('hands in the saved A once the draft is discarded', async () => {
      const { kyc, token } = await linkWithDraft();
      expectUnsavedRefusal(await viaLink(token, 'POST', `${API}/submit`, {}));

      const discarded = await viaLink(token, 'DELETE', `${API}/steps/cdd/draft`);
      expect(discarded.statusCode, discarded.body).toBe(204);
      const submitted = await viaLink(token, 'POST', `${API}/submit`, {});
      expect(submitted.statusCode, submitted.body).toBe(200);
      expect(await reviewerReads(kyc)).toBe(SAVED);
    });
  });
});
