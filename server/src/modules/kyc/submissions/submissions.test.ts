import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  forceKycState,
  kycCompany,
  kycWorld,
  type Kyc,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import {
  caller,
  createPartner,
  problems,
  signIn,
  type Caller,
} from '#server/testing/partners-fixtures.js';

describe.each(databaseTargets())('KYC submissions (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  describe('starting one', () => {
    it('creates it DRAFT with its six steps, history and audit, for staff or an OWNER/ADMIN', async () => {
      const company = await kycCompany(server);
      const contact = company.partner.tradePartnerContacts as { id: number }[];
      const response = await call(company.admin, 'POST', '/api/kyc/uuid', {
        tradePartnerUuid: company.partner.uuid,
        status: 'DRAFT',
        customerContactId: contact[0]!.id,
      });
      expect(response.statusCode).toBe(201);
      const kyc = response.json();
      expect(kyc).toMatchObject({
        status: 'DRAFT',
        submission: { status: 'DRAFT' },
        tradePartnerId: company.partner.id,
        tradePartnerUuid: company.partner.uuid,
        tradePartnerName: company.partner.name,
        customerId: company.partner.id,
        customerUuid: company.partner.uuid,
        customerContactId: contact[0]!.id,
        obligedEntityName: 'NT24 B.V.',
        obligedEntityContactId: null,
        reviewer: null,
        version: 1,
        submittedAt: null,
        decidedAt: null,
        createdBy: { id: company.admin.userId },
      });
      // The risk is the reviewers' view (decision 018): a partner's answer has none.
      expect(kyc).not.toHaveProperty('riskLevel');
      expect(kyc.steps).toEqual(
        ['coc', 'contacts', 'addresses', 'bank-and-vat', 'cdd', 'insights'].map((stepType) => ({
          stepType,
          status: 'PENDING',
          started: false,
        })),
      );
      const history = (await call(company.viewer, 'GET', `/api/kyc/${kyc.id}/status`)).json();
      expect(history).toEqual([
        expect.objectContaining({
          status: 'DRAFT',
          fromStatus: null,
          user: { id: company.admin.userId, name: expect.any(String) },
        }),
      ]);
      const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
      expect(audit).toEqual([
        expect.objectContaining({ action: 'created', entity: 'submission', to: 'DRAFT' }),
      ]);
    });

    it('refuses a second open submission (409) and an editor (403)', async () => {
      const company = await kycCompany(server);
      const editor = await call(company.editor, 'POST', '/api/kyc', {
        tradePartnerId: company.partner.id,
      });
      expect(editor.statusCode).toBe(403);
      const first = await createKyc(server, w.employee, company.partner);
      const again = await call(company.owner, 'POST', '/api/kyc', {
        tradePartnerId: company.partner.id,
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(
        `Trade partner ${company.partner.name} already has an open KYC submission (id ${first.id}).`,
      );
      // Two at once: one wins, the other is told which one is open.
      await forceKycState(server, first.id, { status: 'APPROVED' });
      const [a, b] = await Promise.all([
        call(company.owner, 'POST', '/api/kyc', { tradePartnerId: company.partner.id }),
        call(w.manager, 'POST', '/api/kyc/uuid', { tradePartnerUuid: company.partner.uuid }),
      ]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const winner = a.statusCode === 201 ? a : b;
      const loser = a.statusCode === 201 ? b : a;
      expect(loser.json().message).toContain(`(id ${winner.json().id})`);
    });

    it('answers 404 for a company the caller may not see, and 400 for a bad body', async () => {
      const other = await call(w.stranger, 'POST', '/api/kyc', {
        tradePartnerId: w.company.partner.id,
      });
      expect(other.statusCode).toBe(404);
      const none = await call(w.manager, 'POST', '/api/kyc', {});
      expect(problems(none)).toEqual([
        'body.tradePartnerId: tradePartnerId or tradePartnerUuid is required',
      ]);
      const empty = await call(w.manager, 'POST', '/api/kyc');
      expect(empty.json().message).toBe(
        'Required parameter kycSubmission was null or undefined when calling createKyc.',
      );
      const status = await call(w.manager, 'POST', '/api/kyc', {
        tradePartnerId: w.company.partner.id,
        status: 'APPROVED',
      });
      expect(problems(status)).toEqual(['body.status: must be DRAFT']);
      const foreignContact = await call(w.manager, 'POST', '/api/kyc', {
        tradePartnerId: w.company.partner.id,
        customerContactId: (w.strangerPartner.tradePartnerContacts as { id: number }[])[0]!.id,
      });
      expect(foreignContact.statusCode).toBe(400);
    });
  });

  describe('reading one', () => {
    let kyc: Kyc;
    beforeAll(async () => {
      const company = await kycCompany(server);
      kyc = await createKyc(server, company.owner, company.partner);
    });

    it('answers by id, by uuid, and in the one-segment form (uuid adds insights for staff)', async () => {
      const byId = await call(w.employee, 'GET', `/api/kyc/${kyc.id}`);
      expect(byId.statusCode).toBe(200);
      expect(byId.json().insights).toBeUndefined();
      const byUuid = await call(w.employee, 'GET', `/api/kyc/uuid/${kyc.uuid}`);
      expect(byUuid.json()).toEqual(byId.json());
      const withInsights = await call(w.employee, 'GET', `/api/kyc/${kyc.uuid.toUpperCase()}`);
      expect(withInsights.statusCode).toBe(200);
      const body = withInsights.json();
      expect(body.insights).toMatchObject({ kycId: kyc.id, riskLevel: expect.any(String) });
      expect(body.riskLevel).toBe(body.insights.riskLevel);
      // The risk level stays on the submission once computed.
      expect((await call(w.employee, 'GET', `/api/kyc/${kyc.id}`)).json().riskLevel).toBe(
        body.riskLevel,
      );
    });

    it.each([
      ['abc', 'params.id: must be a positive integer or a UUID'],
      ['0', 'params.id: must be a positive integer or a UUID'],
      ['12-34', 'params.id: must be a UUID'],
      ['x'.repeat(36), 'params.id: must be a UUID'],
    ])('refuses the identifier %s (400)', async (id, problem) => {
      const response = await call(w.manager, 'GET', `/api/kyc/${id}`);
      expect(response.statusCode).toBe(400);
      expect(problems(response)).toEqual([problem]);
    });

    it('refuses malformed ids on every variant, and answers 404 for unknown ones', async () => {
      expect((await call(w.manager, 'GET', '/api/kyc/uuid/nope/steps')).statusCode).toBe(400);
      expect((await call(w.manager, 'GET', '/api/kyc/1.5/comments')).statusCode).toBe(400);
      const missing = await call(w.manager, 'GET', '/api/kyc/987654321');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe('KYC submission with ID/UUID 987654321 not found.');
      const unknown = randomUUID();
      expect((await call(w.manager, 'GET', `/api/kyc/${unknown}`)).statusCode).toBe(404);
      expect((await call(w.manager, 'GET', `/api/kyc/uuid/${unknown}/status`)).statusCode).toBe(
        404,
      );
    });

    it('answers SPEC 5 wording for an empty path parameter', async () => {
      const response = await call(w.manager, 'GET', '/api/kyc/uuid//comments');
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        'Required parameter uuid was null or undefined when calling getKycCommentsByUuid.',
      );
    });
  });

  describe('lists', () => {
    let names: string[];
    let ids: number[];
    let mine: Awaited<ReturnType<typeof kycCompany>>;

    beforeAll(async () => {
      // Three companies of one owner, in three states; their names sort as A, B, C.
      const owner = await signIn(server, 'lister', ['OWNER']);
      const tag = randomUUID().slice(0, 8);
      names = ['A', 'B', 'C'].map((letter) => `${letter} Listing ${tag}`);
      ids = [];
      for (const [i, name] of names.entries()) {
        const partner = await createPartner(server, owner, { name });
        const kyc = await createKyc(server, owner, partner);
        ids.push(kyc.id);
        await forceKycState(server, kyc.id, {
          status: (['SUBMITTED', 'IN_REVIEW', 'APPROVED'] as const)[i]!,
          reviewerId: i === 1 ? w.employee.userId : null,
          ...(i === 2 ? { decidedAt: new Date() } : {}),
        });
      }
      mine = await kycCompany(server);
      await createKyc(server, mine.owner, mine.partner);
    });

    const search = () => names[0]!.split(' ').at(-1)!;

    it('filters by status (repeatable), reviewer, customer and name, and pages and sorts', async () => {
      const url = `/api/kyc/filter?search=${search()}&sort=tradePartnerName,asc`;
      const all = (await call(w.manager, 'GET', url)).json();
      expect(all).toMatchObject({ page: 0, size: 20, totalElements: 3, totalPages: 1 });
      expect(all.content.map((k: { tradePartnerName: string }) => k.tradePartnerName)).toEqual(
        names,
      );

      const two = (
        await call(w.manager, 'GET', `${url}&kycStatus=SUBMITTED&kycStatus=APPROVED`)
      ).json();
      expect(two.content.map((k: { id: number }) => k.id)).toEqual([ids[0], ids[2]]);
      const comma = (await call(w.manager, 'GET', `${url}&kycStatus=SUBMITTED,APPROVED`)).json();
      expect(comma.totalElements).toBe(2);

      const reviewer = (
        await call(w.manager, 'GET', `${url}&obligedEntityContactId=${w.employee.userId}`)
      ).json();
      expect(reviewer.content.map((k: { id: number }) => k.id)).toEqual([ids[1]]);
      const customer = all.content[2];
      const byCustomer = (
        await call(w.manager, 'GET', `/api/kyc/filter?customerId=${customer.customerId}`)
      ).json();
      expect(byCustomer.content.map((k: { id: number }) => k.id)).toEqual([ids[2]]);
      const entity = (
        await call(w.manager, 'GET', `${url}&obligedEntityId=${customer.obligedEntityId}`)
      ).json();
      expect(entity.totalElements).toBe(3);

      const page = (
        await call(w.manager, 'GET', `${url.replace('asc', 'desc')}&size=2&page=1`)
      ).json();
      expect(page).toMatchObject({ page: 1, size: 2, totalElements: 3, totalPages: 2 });
      expect(page.content.map((k: { tradePartnerName: string }) => k.tradePartnerName)).toEqual([
        names[0],
      ]);
      const byId = (
        await call(w.manager, 'GET', `/api/kyc/filter?search=${search()}&sort=id`)
      ).json();
      expect(byId.content.map((k: { id: number }) => k.id)).toEqual(ids);
    });

    it('refuses bad list parameters', async () => {
      for (const [query, problem] of [
        ['size=101', 'querystring.size: must be at most 100'],
        ['page=-1', 'querystring.page: must be 0 or more'],
        [
          'kycStatus=DONE',
          'querystring.kycStatus.0: must be one of DRAFT, SUBMITTED, IN_REVIEW, CHANGES_REQUESTED, WAITING_FOR_APPROVAL, APPROVED, REJECTED, CANCELLED',
        ],
        ['customerId=abc', 'querystring.customerId: must be a positive integer'],
      ]) {
        const response = await call(w.manager, 'GET', `/api/kyc/filter?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(problems(response)[0], query).toBe(problem);
      }
      const sort = await call(w.manager, 'GET', '/api/kyc?sort=name');
      expect(sort.statusCode).toBe(400);
    });

    it("shows partner users only their companies' submissions, filtered before paging", async () => {
      for (const url of ['/api/kyc', '/api/kyc/accessible', '/api/kyc/filter?size=1']) {
        const response = (await call(mine.viewer, 'GET', url)).json();
        expect(response.totalElements, url).toBe(1);
        expect(response.content[0].tradePartnerId).toBe(mine.partner.id);
      }
      const staff = (await call(w.employee, 'GET', '/api/kyc?size=100')).json();
      expect(staff.totalElements).toBeGreaterThan(4);
      const contact = await call(mine.contact, 'GET', '/api/kyc');
      expect(contact.statusCode).toBe(403);
    });

    it("lists a company's submissions newest first, by id and by uuid", async () => {
      const company = await kycCompany(server);
      const first = await createKyc(server, company.owner, company.partner);
      await forceKycState(server, first.id, { status: 'CANCELLED' });
      const second = await createKyc(server, company.owner, company.partner);
      for (const url of [
        `/api/kyc/partner/${company.partner.id}`,
        `/api/kyc/partner/uuid/${company.partner.uuid}`,
      ]) {
        const response = await call(company.viewer, 'GET', url);
        expect(response.statusCode).toBe(200);
        expect(response.json().map((k: { id: number }) => k.id)).toEqual([second.id, first.id]);
      }
      expect(
        (await call(w.stranger, 'GET', `/api/kyc/partner/${company.partner.id}`)).statusCode,
      ).toBe(404);
      expect((await call(w.manager, 'GET', '/api/kyc/partner/abc')).statusCode).toBe(400);

      const customer = await call(
        company.viewer,
        'GET',
        `/api/kyc/customers/${company.partner.uuid}`,
      );
      expect(customer.json()).toMatchObject({
        customerId: company.partner.id,
        customerUuid: company.partner.uuid,
        name: company.partner.name,
      });
      expect(customer.json().submissions.map((k: { id: number }) => k.id)).toEqual([
        second.id,
        first.id,
      ]);
    });

    it('pages the customers, each with its latest submission (staff only)', async () => {
      const first = (await call(w.manager, 'GET', '/api/kyc/customers?size=100')).json();
      expect(first.totalElements).toBeGreaterThanOrEqual(5);
      const listed = first.content.find((c: { name: string }) => c.name === names[1]);
      expect(listed).toMatchObject({
        latestKycId: ids[1],
        status: 'IN_REVIEW',
        riskLevel: null,
        decidedAt: null,
      });
      const order = first.content.map((c: { name: string }) => c.name);
      expect(names.map((name) => order.indexOf(name))).toEqual(
        [...names.map((name) => order.indexOf(name))].sort((a, b) => a - b),
      );
      const paged = (await call(w.manager, 'GET', '/api/kyc/customers?size=2&page=1')).json();
      expect(paged.content).toEqual(first.content.slice(2, 4));
      expect((await call(mine.owner, 'GET', '/api/kyc/customers')).statusCode).toBe(403);
    });

    it('sorts the customers by their latest file, and says which sorts there are', async () => {
      const byStatus = (
        await call(w.manager, 'GET', '/api/kyc/customers?size=100&sort=status,desc')
      ).json();
      const statuses = byStatus.content.map((c: { status: string }) => c.status);
      expect(statuses).toEqual([...statuses].sort().reverse());
      const byDecision = (
        await call(w.manager, 'GET', '/api/kyc/customers?size=100&sort=decidedAt,asc')
      ).json();
      const decided = byDecision.content.map((c: { decidedAt: string | null }) => c.decidedAt);
      const open = decided.indexOf(null);
      expect(open).toBeGreaterThan(-1);
      expect(decided.slice(open).every((at: string | null) => at === null)).toBe(true);
      const approved = byDecision.content.find((c: { name: string }) => c.name === names[2]);
      expect(approved).toMatchObject({ status: 'APPROVED', decidedAt: expect.any(String) });

      const wrong = await call(w.manager, 'GET', '/api/kyc/customers?sort=riskLevel');
      expect(wrong.statusCode).toBe(400);
      expect(problems(wrong)).toEqual([
        'querystring.sort: must be one of name, status, updatedAt, decidedAt, optionally followed by ,asc or ,desc',
      ]);
    });

    it("answers a customer's status and review for the obliged entity", async () => {
      const kyc = (await call(w.manager, 'GET', `/api/kyc/${ids[1]}`)).json();
      const url = `/api/kyc/customer/${kyc.customerUuid}/status-and-review`;
      const missing = await call(w.manager, 'GET', url);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe(
        'Required parameter obligedEntityUuid was null or undefined when calling getCustomerStatusAndReview.',
      );
      const response = await call(
        w.manager,
        'GET',
        `${url}?obligedEntityUuid=${kyc.obligedEntityUuid}`,
      );
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        customerUuid: kyc.customerUuid,
        obligedEntityUuid: kyc.obligedEntityUuid,
        kycId: kyc.id,
        kycUuid: kyc.uuid,
        status: 'IN_REVIEW',
        reviewer: { id: w.employee.userId, name: expect.any(String) },
        lastReviewedAt: null,
        submittedAt: null,
        decidedAt: null,
      });
      const otherEntity = await call(w.manager, 'GET', `${url}?obligedEntityUuid=${randomUUID()}`);
      expect(otherEntity.statusCode).toBe(404);
      const company = await kycCompany(server);
      const none = await call(
        w.manager,
        'GET',
        `/api/kyc/customer/${company.partner.uuid}/status-and-review?obligedEntityUuid=${kyc.obligedEntityUuid}`,
      );
      expect(none.statusCode).toBe(404);
      expect(none.json().message).toBe(
        `No KYC submission found for customer ${company.partner.uuid}.`,
      );
    });
  });
});
