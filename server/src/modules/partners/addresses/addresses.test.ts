import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  address,
  caller,
  createPartner,
  problems,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

describe.each(databaseTargets())('addresses (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let partner: Partner;
  let base: string;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    owner = await signIn(server, 'owner', ['OWNER']);
    partner = await createPartner(server, owner);
    base = `/api/partners/uuid/${partner.uuid}/addresses`;
  });
  afterAll(() => server.close());

  it('appends addresses after the last one and lists them in order', async () => {
    const billing = await call(owner, 'POST', base, {
      type: 'BILLING',
      country: 'be',
      city: 'Antwerpen',
      street: 'Meir',
      houseNumber: '1A',
      postCode: '2000',
    });
    expect(billing.statusCode).toBe(201);
    expect(billing.json()).toMatchObject({
      type: 'BILLING',
      country: 'BE',
      position: 1,
      uuid: expect.any(String),
    });
    const other = await call(owner, 'POST', base, { ...address, type: undefined, city: 'Delft' });
    expect(other.json()).toMatchObject({ type: 'REGISTERED', city: 'Delft', position: 2 });

    const list = await call(owner, 'GET', base);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((a: { city: string }) => a.city)).toEqual([
      'Utrecht',
      'Antwerpen',
      'Delft',
    ]);
  });

  it('changes an address, reordering it when its position changes', async () => {
    const made = await call(owner, 'POST', base, { ...address, city: 'Leiden' });
    const response = await call(owner, 'PATCH', `${base}/${made.json().uuid}`, {
      street: 'Breestraat',
      position: 0,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ city: 'Leiden', street: 'Breestraat', position: 0 });
    const list = await call(owner, 'GET', base);
    expect(
      list
        .json()
        .slice(0, 2)
        .map((a: { city: string }) => a.city),
    ).toEqual(['Utrecht', 'Leiden']);
    const read = await call(owner, 'GET', `/api/partners/${partner.id}`);
    expect(read.json().addresses.map((a: { city: string }) => a.city)).toEqual(
      list.json().map((a: { city: string }) => a.city),
    );
  });

  it('removes an address', async () => {
    const made = await call(owner, 'POST', base, { ...address, city: 'Gouda' });
    const removed = await call(owner, 'DELETE', `${base}/${made.json().uuid}`);
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe('');
    const list = await call(owner, 'GET', base);
    expect(list.json().map((a: { city: string }) => a.city)).not.toContain('Gouda');
    expect((await call(owner, 'DELETE', `${base}/${made.json().uuid}`)).statusCode).toBe(404);
  });

  it.each([
    [
      { ...address, country: 'Netherlands' },
      ['body.country: must be an existing ISO 3166-1 alpha-2 country code'],
    ],
    [{ ...address, city: '  ' }, ['body.city: must not be empty']],
    [{ ...address, street: undefined }, ['body.street: is required']],
    [
      { ...address, houseNumber: 'x'.repeat(21) },
      ['body.houseNumber: must be at most 20 characters'],
    ],
    [
      { ...address, type: 'HOME' },
      ['body.type: must be one of REGISTERED, OPERATING, BILLING, OTHER'],
    ],
  ])('refuses %j', async (body, expected) => {
    const response = await call(owner, 'POST', base, body);
    expect(response.statusCode).toBe(400);
    expect(problems(response)).toEqual(expected);
  });

  it('refuses a bad change', async () => {
    const [first] = (await call(owner, 'GET', base)).json();
    const response = await call(owner, 'PATCH', `${base}/${first.uuid}`, {
      postCode: '',
      position: -1,
    });
    expect(response.statusCode).toBe(400);
    expect(problems(response)).toEqual([
      'body.postCode: must not be empty',
      'body.position: must be 0 or more',
    ]);
  });

  it('answers 404 for unknown partners and addresses, 400 for malformed uuids', async () => {
    const unknown = randomUUID();
    expect((await call(owner, 'GET', `/api/partners/uuid/${unknown}/addresses`)).statusCode).toBe(
      404,
    );
    expect(
      (await call(owner, 'POST', `/api/partners/uuid/${unknown}/addresses`, address)).statusCode,
    ).toBe(404);
    const missing = await call(owner, 'PATCH', `${base}/${unknown}`, { city: 'X' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      `Address with UUID ${unknown} not found for trade partner with ID/UUID ${partner.uuid}.`,
    );
    expect((await call(owner, 'DELETE', `${base}/${unknown}`)).statusCode).toBe(404);
    const malformed = await call(owner, 'PATCH', `${base}/42`, { city: 'X' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details).toEqual([
      { field: 'params.addressUuid', message: 'must be a UUID' },
    ]);
  });
});
