import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  address,
  caller,
  createPartner,
  problems,
  signIn,
  uniqueCoc,
  validVat,
  type Actor,
  type Caller,
} from '#server/testing/partners-fixtures.js';

interface Operation {
  tags?: string[];
  summary?: string;
  responses: Record<string, unknown>;
}

describe.each(databaseTargets())('trade partners (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let partner: Actor;
  let contact: Actor;
  let employee: Actor;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    [owner, partner, contact, employee] = await Promise.all([
      signIn(server, 'owner', ['OWNER']),
      signIn(server, 'partner', ['NT24_TRADE_PARTNER']),
      signIn(server, 'contact', ['CONTACT']),
      signIn(server, 'employee', ['NT24_EMPLOYEE']),
    ]);
  });
  afterAll(() => server.close());

  describe('POST /api/partners', () => {
    it('makes a trade partner or owner the OWNER member and a contact of the new company', async () => {
      const coc = uniqueCoc();
      const vat = validVat('NL');
      const response = await call(partner, 'POST', '/api/partners', {
        name: '  Bakker Transport B.V. ',
        email: 'Info@Bakker.example',
        phone: '+31 20 123 4567',
        website: 'bakker.example',
        legalForm: 'B.V.',
        cocNumber: ` ${coc.slice(0, 4)}.${coc.slice(4, 6)}-${coc.slice(6)} `,
        vatNumber: vat.toLowerCase().replace(/(..)(....)/, '$1 $2.'),
        country: 'nl',
        address,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        id: expect.any(Number),
        uuid: expect.any(String),
        name: 'Bakker Transport B.V.',
        email: 'info@bakker.example',
        phone: '+31201234567',
        website: 'https://bakker.example',
        cocNumber: coc,
        vatNumber: vat,
        country: 'NL',
        verified: false,
        termsAccepted: false,
        termsAcceptedAt: null,
        role: 'OWNER',
        accessLevel: 'OWNER',
        isOwner: true,
        addresses: [{ ...address, position: 0, id: expect.any(Number), uuid: expect.any(String) }],
        tradePartnerContacts: [
          {
            userId: partner.userId,
            email: partner.email,
            firstName: expect.any(String),
            lastName: 'Tester',
          },
        ],
      });
      const members = await call(
        partner,
        'GET',
        `/api/partners/uuid/${response.json().uuid}/members`,
      );
      expect(members.json()).toEqual([
        expect.objectContaining({
          userUuid: partner.userUuid,
          role: 'OWNER',
          accessLevel: 'OWNER',
        }),
      ]);
    });

    it('adds the country prefix to a VAT number given without one', async () => {
      const vat = validVat('DE');
      const created = await createPartner(server, owner, {
        country: 'DE',
        vatNumber: vat.slice(2),
        address: undefined,
      });
      expect(created).toMatchObject({ vatNumber: vat, addresses: [] });
    });

    it('makes no membership for staff', async () => {
      const created = await createPartner(server, employee);
      expect(created).toMatchObject({
        role: null,
        accessLevel: null,
        isOwner: false,
        tradePartnerContacts: [],
      });
      const members = await call(employee, 'GET', `/api/partners/uuid/${created.uuid}/members`);
      expect(members.json()).toEqual([]);
    });

    it('refuses someone who is only a CONTACT', async () => {
      const response = await call(contact, 'POST', '/api/partners', { name: 'Nope' });
      expect(response.statusCode).toBe(403);
    });

    it.each([
      [{ name: '' }, ['body.name: must not be empty']],
      [{ name: 'X', email: 'nope' }, ['body.email: must be a valid e-mail address']],
      [
        { name: 'X', country: 'ZZ' },
        ['body.country: must be an existing ISO 3166-1 alpha-2 country code'],
      ],
      [{ name: 'X', website: 'not a site' }, ['body.website: must be a web address']],
      [
        { name: 'X', address: { ...address, postCode: '' } },
        ['body.address.postCode: must not be empty'],
      ],
      [
        { name: 'X', address: { ...address, type: 'HOME' } },
        ['body.address.type: must be one of REGISTERED, OPERATING, BILLING, OTHER'],
      ],
      [{ name: 'X', cocNumber: '12/34' }, ['body.cocNumber: must be 1 to 20 letters or digits']],
      [
        { name: 'X', country: 'NL', vatNumber: 'NL123456789B01' },
        ['body.vatNumber: not a valid VAT number for NL'],
      ],
      [
        { name: 'X', vatNumber: '123456782B01' },
        [
          'body.vatNumber: not a valid VAT number: start it with its country code or give the country',
        ],
      ],
      [
        { name: 'X', country: 'BE', vatNumber: 'NL123456782B01' },
        ['body.vatNumber: not a valid VAT number for BE'],
      ],
      [{ name: 'X', vatNumber: 'US123456789' }, ['body.vatNumber: not a valid VAT number']],
      [
        { name: 'X', country: 'US', vatNumber: '123456789' },
        ['body.vatNumber: VAT numbers of US cannot be checked'],
      ],
    ])('refuses %j', async (body, expected) => {
      const response = await call(owner, 'POST', '/api/partners', body);
      expect(response.statusCode).toBe(400);
      expect(problems(response)).toEqual(expected);
    });

    it('refuses a duplicate CoC or VAT number with 409; only staff learn which company has it', async () => {
      const first = await createPartner(server, owner, { name: 'First Holding B.V.' });
      const sameCoc = await call(partner, 'POST', '/api/partners', {
        name: 'Second',
        cocNumber: first.cocNumber,
      });
      expect(sameCoc.statusCode).toBe(409);
      expect(sameCoc.json()).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: 'A trade partner with this CoC number already exists.',
        details: { field: 'cocNumber' },
        requestId: expect.any(String),
      });
      const sameVat = await call(employee, 'POST', '/api/partners', {
        name: 'Second',
        vatNumber: (first.vatNumber as string).toLowerCase(),
      });
      expect(sameVat.statusCode).toBe(409);
      expect(sameVat.json()).toMatchObject({
        message: 'A trade partner with this VAT number already exists.',
        details: { uuid: first.uuid, name: 'First Holding B.V.' },
      });
    });

    it("names the taken number in the 409's details, and the company only to staff", async () => {
      const first = await createPartner(server, owner, { name: 'Held Numbers B.V.' });
      const byPartner = await call(partner, 'POST', '/api/partners', {
        name: 'Second',
        vatNumber: first.vatNumber,
      });
      expect(byPartner.statusCode).toBe(409);
      expect(byPartner.json().details).toEqual({ field: 'vatNumber' });
      const byStaff = await call(employee, 'POST', '/api/partners', {
        name: 'Second',
        cocNumber: first.cocNumber,
      });
      expect(byStaff.statusCode).toBe(409);
      expect(byStaff.json().details).toEqual({
        field: 'cocNumber',
        uuid: first.uuid,
        name: 'Held Numbers B.V.',
      });
      const mine = await createPartner(server, owner);
      const changed = await call(owner, 'PATCH', `/api/partners/uuid/${mine.uuid}`, {
        vatNumber: first.vatNumber,
      });
      expect(changed.statusCode).toBe(409);
      expect(changed.json().details).toEqual({ field: 'vatNumber' });
    });

    it('lets the unique index decide between two concurrent registrations of one number', async () => {
      const cocNumber = uniqueCoc();
      const responses = await Promise.all(
        [owner, partner].map((who) =>
          call(who, 'POST', '/api/partners', { name: 'Race', cocNumber }),
        ),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    });
  });

  describe('GET and PATCH one partner', () => {
    it('reads by id and by uuid; 404 for unknown ones, 400 for malformed ones', async () => {
      const created = await createPartner(server, owner);
      for (const url of [
        `/api/partners/${created.id}`,
        `/api/partners/uuid/${created.uuid.toUpperCase()}`,
      ]) {
        const response = await call(owner, 'GET', url);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ uuid: created.uuid, role: 'OWNER' });
      }
      const viaStaff = await call(employee, 'GET', `/api/partners/${created.id}`);
      expect(viaStaff.json()).toMatchObject({
        uuid: created.uuid,
        role: null,
        accessLevel: null,
        isOwner: false,
      });

      const unknownUuid = randomUUID();
      const missing = await call(employee, 'GET', `/api/partners/uuid/${unknownUuid}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().message).toBe(`Trade partner with ID/UUID ${unknownUuid} not found.`);
      expect((await call(employee, 'GET', '/api/partners/987654321')).statusCode).toBe(404);
      for (const [url, field, message] of [
        ['/api/partners/0', 'params.id', 'must be a positive integer'],
        ['/api/partners/12abc', 'params.id', 'must be a positive integer'],
        ['/api/partners/uuid/1234', 'params.uuid', 'must be a UUID'],
      ]) {
        const response = await call(employee, 'GET', url!);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().details).toEqual([{ field, message }]);
      }
    });

    it('changes fields by id and by uuid, checking numbers as on create', async () => {
      const created = await createPartner(server, owner);
      const byId = await call(owner, 'PATCH', `/api/partners/${created.id}`, {
        name: 'Renamed B.V.',
        email: null,
      });
      expect(byId.statusCode).toBe(200);
      expect(byId.json()).toMatchObject({
        name: 'Renamed B.V.',
        email: null,
        cocNumber: created.cocNumber,
      });

      const vat = validVat('NL');
      const byUuid = await call(owner, 'PATCH', `/api/partners/uuid/${created.uuid}`, {
        vatNumber: vat,
        phone: '',
      });
      expect(byUuid.json()).toMatchObject({ vatNumber: vat, phone: null, name: 'Renamed B.V.' });

      // A new country must fit the VAT number the company already has.
      const moved = await call(owner, 'PATCH', `/api/partners/${created.id}`, { country: 'DE' });
      expect(moved.statusCode).toBe(400);
      expect(problems(moved)).toEqual(['body.vatNumber: not a valid VAT number for DE']);

      const other = await createPartner(server, owner);
      const duplicate = await call(owner, 'PATCH', `/api/partners/${created.id}`, {
        cocNumber: other.cocNumber,
      });
      expect(duplicate.statusCode).toBe(409);
      // Its own numbers are no conflict.
      const same = await call(owner, 'PATCH', `/api/partners/${created.id}`, {
        cocNumber: created.cocNumber,
      });
      expect(same.statusCode).toBe(200);

      expect(
        (await call(owner, 'PATCH', `/api/partners/${created.id}`, { name: '' })).statusCode,
      ).toBe(400);
      expect(
        (await call(employee, 'PATCH', `/api/partners/uuid/${randomUUID()}`, { name: 'X' }))
          .statusCode,
      ).toBe(404);
    });

    it('tells the current user their role and access level', async () => {
      const created = await createPartner(server, owner);
      for (const url of [
        `/api/partners/${created.id}/user-role`,
        `/api/partners/uuid/${created.uuid}/user-role`,
      ]) {
        expect((await call(owner, 'GET', url)).json()).toEqual({
          role: 'OWNER',
          accessLevel: 'OWNER',
        });
        expect((await call(employee, 'GET', url)).json()).toEqual({
          role: null,
          accessLevel: null,
        });
      }
      expect((await call(employee, 'GET', '/api/partners/987654321/user-role')).statusCode).toBe(
        404,
      );
    });

    it('records the acceptance of the terms (members with OWNER or ADMIN only)', async () => {
      const created = await createPartner(server, owner);
      const accepted = await call(owner, 'PATCH', `/api/partners/${created.id}/terms`, {
        termsAccepted: true,
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({
        termsAccepted: true,
        termsAcceptedAt: expect.any(String),
      });
      const again = await call(owner, 'PATCH', `/api/partners/uuid/${created.uuid}/terms`, {
        termsAccepted: true,
      });
      expect(again.json().termsAcceptedAt).toBe(accepted.json().termsAcceptedAt);
      const withdrawn = await call(owner, 'PATCH', `/api/partners/uuid/${created.uuid}/terms`, {
        termsAccepted: false,
      });
      expect(withdrawn.json()).toMatchObject({ termsAccepted: false, termsAcceptedAt: null });

      // Staff see the company but may not accept the terms for it.
      expect(
        (
          await call(employee, 'PATCH', `/api/partners/${created.id}/terms`, {
            termsAccepted: true,
          })
        ).statusCode,
      ).toBe(403);
      const invalid = await call(owner, 'PATCH', `/api/partners/${created.id}/terms`, {
        termsAccepted: 'yes',
      });
      expect(invalid.statusCode).toBe(400);
      expect(problems(invalid)).toEqual(['body.termsAccepted: must be true or false']);
      expect(
        (
          await call(employee, 'PATCH', `/api/partners/uuid/${randomUUID()}/terms`, {
            termsAccepted: true,
          })
        ).statusCode,
      ).toBe(404);
    });
  });

  describe('GET /api/partners', () => {
    it('pages, sorts and searches; staff see every company, others only their own', async () => {
      const actor = await signIn(server, 'lister', ['OWNER']);
      const tag = `Zq${Date.now().toString(36)}`;
      const names = ['Charlie', 'alpha', 'Bravo'].map((n) => `${tag} ${n}`);
      const made = [];
      for (const name of names) made.push(await createPartner(server, actor, { name }));

      const page = await call(actor, 'GET', '/api/partners?size=2');
      expect(page.json()).toMatchObject({ page: 0, size: 2, totalElements: 3, totalPages: 2 });
      expect(page.json().content.map((p: { name: string }) => p.name)).toEqual([
        `${tag} Bravo`,
        `${tag} Charlie`,
      ]);
      const second = await call(actor, 'GET', '/api/partners?size=2&page=1');
      expect(second.json().content.map((p: { name: string }) => p.name)).toEqual([`${tag} alpha`]);

      const newest = await call(actor, 'GET', '/api/partners?sort=createdAt,desc');
      expect(newest.json().content.map((p: { uuid: string }) => p.uuid)).toEqual(
        made.map((p) => p.uuid).reverse(),
      );

      const staff = await call(
        employee,
        'GET',
        `/api/partners?search=${encodeURIComponent(tag.toLowerCase())}&size=100`,
      );
      expect(staff.json().totalElements).toBe(3);
      const all = await call(employee, 'GET', '/api/partners?size=100');
      expect(all.json().totalElements).toBeGreaterThan(3);

      const byCoc = await call(employee, 'GET', `/api/partners?search=${made[1]!.cocNumber}`);
      expect(byCoc.json().content.map((p: { uuid: string }) => p.uuid)).toEqual([made[1]!.uuid]);
      const byVat = await call(
        employee,
        'GET',
        `/api/partners?search=${(made[2]!.vatNumber as string).toLowerCase()}`,
      );
      expect(byVat.json().content.map((p: { uuid: string }) => p.uuid)).toEqual([made[2]!.uuid]);
      expect((await call(employee, 'GET', '/api/partners?search=%25')).statusCode).toBe(200);

      const outsider = await call(contact, 'GET', `/api/partners?search=${tag}`);
      expect(outsider.json()).toMatchObject({ totalElements: 0, content: [] });
      const own = await call(actor, 'GET', `/api/partners?search=${tag}&sort=createdAt,desc`);
      expect(own.json().content.map((p: { uuid: string }) => p.uuid)).toEqual(
        made.map((p) => p.uuid).reverse(),
      );
    });

    it('searches names for the term anywhere, numbers and e-mail addresses from their start (decision 021)', async () => {
      const tag = `Yq${Date.now().toString(36)}`;
      const email = `sales.${tag.toLowerCase()}@example.com`;
      const alpha = await createPartner(server, employee, { name: `The ${tag} Alpha`, email });
      const beta = await createPartner(server, employee, { name: `${tag} Beta` });
      const found = async (search: string, query = '') => {
        const response = await call(
          employee,
          'GET',
          `/api/partners?search=${encodeURIComponent(search)}&size=100${query}`,
        );
        expect(response.statusCode, search).toBe(200);
        return response.json().content.map((p: { uuid: string }) => p.uuid) as string[];
      };

      // Names contain the term, in any case; in the list's order.
      expect(await found(tag.toUpperCase())).toEqual([alpha.uuid, beta.uuid]);
      expect(await found(`${tag} al`)).toEqual([alpha.uuid]);
      expect(await found(tag, '&sort=createdAt,desc')).toEqual([beta.uuid, alpha.uuid]);
      // CoC and VAT numbers from their start, in any notation; not from their middle.
      const coc = alpha.cocNumber as string;
      expect(await found(coc.slice(0, 5))).toContain(alpha.uuid);
      expect(await found(`${coc.slice(0, 4)}.${coc.slice(4)}`)).toEqual([alpha.uuid]);
      expect(await found(coc.slice(2))).not.toContain(alpha.uuid);
      const vat = alpha.vatNumber as string;
      expect(await found(vat.slice(0, 8).toLowerCase())).toContain(alpha.uuid);
      expect(await found(vat.slice(2))).not.toContain(alpha.uuid);
      // E-mail addresses from their start when the term has an '@'; not by a part of them.
      expect(await found(email.toUpperCase())).toEqual([alpha.uuid]);
      expect(await found(email.slice(0, email.indexOf('@') + 2))).toEqual([alpha.uuid]);
      expect(await found(email.slice(6))).toEqual([]);
      expect(await found('example.com')).not.toContain(alpha.uuid);

      // Paging a search: the count stays exact, past the last page too.
      const second = await call(employee, 'GET', `/api/partners?search=${tag}&size=1&page=1`);
      expect(second.json()).toMatchObject({ totalElements: 2, totalPages: 2, page: 1 });
      expect(second.json().content.map((p: { uuid: string }) => p.uuid)).toEqual([beta.uuid]);
      const past = await call(employee, 'GET', `/api/partners?search=${tag}&size=1&page=5`);
      expect(past.json()).toMatchObject({ totalElements: 2, totalPages: 2, content: [] });
    });

    it('refuses bad paging and sorting', async () => {
      for (const [query, field] of [
        ['size=101', 'querystring.size'],
        ['size=0', 'querystring.size'],
        ['page=-1', 'querystring.page'],
        ['sort=uuid,asc', 'querystring.sort'],
      ]) {
        const response = await call(employee, 'GET', `/api/partners?${query}`);
        expect(response.statusCode, query).toBe(400);
        expect(response.json().details[0].field).toBe(field);
      }
    });

    it('needs a token', async () => {
      expect((await call(null, 'GET', '/api/partners')).statusCode).toBe(401);
      expect((await call(null, 'GET', '/api/partners/user')).statusCode).toBe(401);
    });
  });

  it('documents every route with tags, a summary and a schema for each answer', async () => {
    const document = (await call(null, 'GET', '/api/docs/json')).json();
    const ours = Object.entries(document.paths as Record<string, Record<string, Operation>>).filter(
      ([path]) => /^\/api\/(partners(?!\/search)|users\/(\{id\}|uuid)|utils)/.test(path),
    );
    expect(ours.length).toBeGreaterThanOrEqual(22);
    for (const [path, operations] of ours) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
        expect(operation.summary, `${method} ${path}`).toBeTruthy();
        const statuses = Object.keys(operation.responses);
        expect(
          statuses.some((s) => s.startsWith('2')),
          `${method} ${path}`,
        ).toBe(true);
        if (path !== '/api/utils/countries') expect(statuses, `${method} ${path}`).toContain('401');
      }
    }
    expect(document.components.schemas.TradePartner.properties.tradePartnerContacts).toBeDefined();
  });
});
