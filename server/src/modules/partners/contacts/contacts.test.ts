import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  addMember,
  caller,
  createPartner,
  problems,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

describe.each(databaseTargets())('contacts (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let staff: Actor;
  let partner: Partner;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    [owner, staff] = await Promise.all([
      signIn(server, 'owner', ['OWNER']),
      signIn(server, 'manager', ['NT24_MANAGER']),
    ]);
    partner = await createPartner(server, owner);
    base = `/api/partners/uuid/${partner.uuid}/contacts`;
  });
  afterAll(() => server.close());

  it('adds contacts and lists them in the order they were added, by id and by uuid', async () => {
    const made = await call(owner, 'POST', base, {
      firstName: ' Jan ',
      lastName: 'de Boer',
      email: 'J.deBoer@Example.com',
      phone: '+31 6 1234 5678',
      jobTitle: 'Planner',
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual({
      id: expect.any(Number),
      uuid: expect.any(String),
      tradePartnerId: partner.id,
      userId: null,
      firstName: 'Jan',
      lastName: 'de Boer',
      email: 'j.deboer@example.com',
      phone: '+31612345678',
      jobTitle: 'Planner',
      version: 1,
    });
    const onlyEmail = await call(owner, 'POST', base, { email: 'desk@example.com' });
    expect(onlyEmail.statusCode).toBe(201);

    for (const url of [`/api/partners/${partner.id}/contacts`, base]) {
      const list = await call(staff, 'GET', url);
      expect(list.statusCode).toBe(200);
      expect(list.json().map((c: { email: string }) => c.email)).toEqual([
        owner.email,
        'j.deboer@example.com',
        'desk@example.com',
      ]);
    }
  });

  it('reads one contact by its uuid', async () => {
    const made = await call(owner, 'POST', base, { lastName: 'Visser' });
    const response = await call(owner, 'GET', `/api/partners/contacts/uuid/${made.json().uuid}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ lastName: 'Visser', tradePartnerId: partner.id });
    const unknown = randomUUID();
    const missing = await call(staff, 'GET', `/api/partners/contacts/uuid/${unknown}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(`Contact with ID/UUID ${unknown} not found`);
    expect((await call(staff, 'GET', '/api/partners/contacts/uuid/nope')).statusCode).toBe(400);
  });

  it('changes a contact and keeps it reachable', async () => {
    const made = await call(owner, 'POST', base, { firstName: 'Piet', email: 'piet@example.com' });
    const url = `${base}/${made.json().uuid}`;
    const changed = await call(owner, 'PATCH', url, {
      jobTitle: 'Director',
      phone: null,
      email: '',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({
      firstName: 'Piet',
      jobTitle: 'Director',
      email: null,
      phone: null,
    });
    // Clearing the last name or address left is refused.
    const empty = await call(owner, 'PATCH', url, { firstName: null });
    expect(empty.statusCode).toBe(400);
    expect(problems(empty)).toEqual(['body: an e-mail address or a name is required']);
  });

  it.each([
    [{}, ['body: an e-mail address or a name is required']],
    [{ jobTitle: 'Nobody' }, ['body: an e-mail address or a name is required']],
    [{ firstName: '', email: '  ' }, ['body: an e-mail address or a name is required']],
    [{ email: 'not-an-address' }, ['body.email: must be a valid e-mail address']],
    [
      { email: 'a@b.example', phone: '12345' },
      ['body.phone: must be a valid international phone number, such as +31 6 12345678'],
    ],
    [{ firstName: 'x'.repeat(101) }, ['body.firstName: must be at most 100 characters']],
  ])('refuses %j', async (body, expected) => {
    const response = await call(owner, 'POST', base, body);
    expect(response.statusCode).toBe(400);
    expect(problems(response)).toEqual(expected);
  });

  it('removes contacts (OWNER, ADMIN, staff; not an EDITOR)', async () => {
    const editor = await addMember(server, owner, partner, 'EDITOR');
    const made = await call(editor, 'POST', base, { firstName: 'Temp' });
    expect(made.statusCode).toBe(201);
    const url = `${base}/${made.json().uuid}`;
    expect((await call(editor, 'DELETE', url)).statusCode).toBe(403);
    const removed = await call(owner, 'DELETE', url);
    expect(removed.statusCode).toBe(204);
    expect(
      (await call(owner, 'GET', `/api/partners/contacts/uuid/${made.json().uuid}`)).statusCode,
    ).toBe(404);
    const again = await call(staff, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(
      `Contact with ID/UUID ${made.json().uuid} not found for trade partner with ID/UUID ${partner.uuid}`,
    );
  });

  it('answers 404 for unknown partners', async () => {
    expect((await call(staff, 'GET', '/api/partners/987654321/contacts')).statusCode).toBe(404);
    expect(
      (await call(staff, 'GET', `/api/partners/uuid/${randomUUID()}/contacts`)).statusCode,
    ).toBe(404);
    expect(
      (await call(staff, 'POST', `/api/partners/uuid/${randomUUID()}/contacts`, { firstName: 'X' }))
        .statusCode,
    ).toBe(404);
  });
});
