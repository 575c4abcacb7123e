import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  caller,
  createPartner,
  problems,
  signIn,
  type Actor,
  type Caller,
} from '#server/testing/partners-fixtures.js';

const profile = {
  firstName: 'Olivia',
  lastName: 'Smit',
  mobile: '+31 6 1234 5678',
  birthday: '1985-04-12',
  country: 'nl',
  nationality: 'DE',
  sex: 'FEMALE',
};

const yearsAgo = (years: number, days = 0) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

describe.each(databaseTargets())('user profiles and their trade partners (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let olivia: Actor;
  let other: Actor;
  let manager: Actor;
  let employee: Actor;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    [olivia, other, manager, employee] = await Promise.all([
      signIn(server, 'olivia', ['OWNER']),
      signIn(server, 'other', ['NT24_TRADE_PARTNER']),
      signIn(server, 'manager', ['NT24_MANAGER']),
      signIn(server, 'employee', ['NT24_EMPLOYEE']),
    ]);
  });
  afterAll(() => server.close());

  it('replaces the whole profile with PUT, normalising phone and country codes', async () => {
    const response = await call(olivia, 'PUT', `/api/users/${olivia.userId}`, {
      ...profile,
      // The front end may send the whole user; fields other than the profile's are ignored.
      id: 999,
      email: 'hacker@example.com',
      roles: ['NT24_SUPER_ADMIN'],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: olivia.userId,
      email: olivia.email,
      firstName: 'Olivia',
      lastName: 'Smit',
      mobile: '+31612345678',
      birthday: '1985-04-12',
      country: 'NL',
      nationality: 'DE',
      sex: 'FEMALE',
      roles: ['OWNER'],
    });
  });

  it('requires every field for PUT', async () => {
    const response = await call(olivia, 'PUT', `/api/users/${olivia.userId}`, {
      ...profile,
      firstName: '',
      mobile: undefined,
    });
    expect(response.statusCode).toBe(400);
    expect(problems(response)).toEqual([
      'body.firstName: must not be empty',
      'body.mobile: is required',
    ]);
  });

  it('changes single fields with PATCH and leaves the others', async () => {
    const response = await call(olivia, 'PATCH', `/api/users/${olivia.userId}`, {
      lastName: ' de Vries ',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Olivia',
      lastName: 'de Vries',
      country: 'NL',
    });
  });

  it.each([
    ['firstName', '', 'must not be empty'],
    ['lastName', 'x'.repeat(101), 'must be at most 100 characters'],
    ['mobile', '0612345678', 'must be a valid international phone number, such as +31 6 12345678'],
    ['mobile', '+31 6 1234', 'must be a valid international phone number, such as +31 6 12345678'],
    ['birthday', '12.04.1985', 'must be a date in the form yyyy-MM-dd'],
    ['birthday', '1985-02-30', 'must be a date in the form yyyy-MM-dd'],
    ['birthday', yearsAgo(0, 1), 'must be in the past'],
    ['birthday', yearsAgo(16, 1), 'must give an age between 16 and 120'],
    ['birthday', yearsAgo(121), 'must give an age between 16 and 120'],
    ['country', 'XX', 'must be an existing ISO 3166-1 alpha-2 country code'],
    ['nationality', 'NLD', 'must be an existing ISO 3166-1 alpha-2 country code'],
    ['sex', 'male', 'must be one of MALE, FEMALE, OTHER'],
  ])('refuses %s %j: %s', async (field, value, reason) => {
    const response = await call(olivia, 'PATCH', `/api/users/${olivia.userId}`, { [field]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: `body.${field}: ${reason}` });
    expect(response.json().details).toEqual([{ field: `body.${field}`, message: reason }]);
  });

  it('accepts the age limits themselves', async () => {
    for (const birthday of [yearsAgo(16), yearsAgo(120, 1)]) {
      const response = await call(olivia, 'PATCH', `/api/users/${olivia.userId}`, { birthday });
      expect(response.statusCode, birthday).toBe(200);
    }
  });

  it('lets a super admin or manager change anyone, nobody else', async () => {
    const byManager = await call(manager, 'PATCH', `/api/users/${other.userId}`, {
      firstName: 'Peter',
    });
    expect(byManager.statusCode).toBe(200);
    expect(byManager.json().firstName).toBe('Peter');

    for (const actor of [employee, olivia]) {
      const response = await call(actor, 'PATCH', `/api/users/${other.userId}`, {
        firstName: 'Eve',
      });
      expect(response.statusCode).toBe(403);
      const put = await call(actor, 'PUT', `/api/users/${other.userId}`, profile);
      expect(put.statusCode).toBe(403);
    }
  });

  it('answers 404 to a manager and 403 to anyone else for an unknown user; 400 for a bad id', async () => {
    expect(
      (await call(manager, 'PATCH', '/api/users/987654321', { firstName: 'X' })).statusCode,
    ).toBe(404);
    expect(
      (await call(olivia, 'PATCH', '/api/users/987654321', { firstName: 'X' })).statusCode,
    ).toBe(403);
    for (const bad of ['0', '-1', 'abc', '1.5', randomUUID()]) {
      const response = await call(manager, 'PATCH', `/api/users/${bad}`, { firstName: 'X' });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().details).toEqual([
        { field: 'params.id', message: 'must be a positive integer' },
      ]);
    }
  });

  it("lists a user's trade partners by id and uuid, with that user's role", async () => {
    const first = await createPartner(server, olivia, { name: 'Olivia First B.V.' });
    const second = await createPartner(server, olivia, { name: 'Aardvark Second B.V.' });
    for (const url of [
      `/api/users/${olivia.userId}/trade-partners`,
      `/api/users/uuid/${olivia.userUuid}/trade-partners`,
    ]) {
      for (const actor of [olivia, employee]) {
        const response = await call(actor, 'GET', url);
        expect(response.statusCode).toBe(200);
        // In the order she registered them, not by name: the first is her default company.
        expect(response.json().map((p: { uuid: string }) => p.uuid)).toEqual([
          first.uuid,
          second.uuid,
        ]);
        expect(response.json()[0]).toMatchObject({
          role: 'OWNER',
          accessLevel: 'OWNER',
          isOwner: true,
        });
        expect(response.json()[0].addresses).toHaveLength(1);
      }
    }
    const mine = await call(olivia, 'GET', '/api/partners/user');
    expect(mine.json().map((p: { uuid: string }) => p.uuid)).toEqual([first.uuid, second.uuid]);
  });

  it("refuses someone else's trade partners with 403, unknown users with 404 for staff", async () => {
    expect(
      (await call(other, 'GET', `/api/users/${olivia.userId}/trade-partners`)).statusCode,
    ).toBe(403);
    expect(
      (await call(other, 'GET', `/api/users/uuid/${olivia.userUuid}/trade-partners`)).statusCode,
    ).toBe(403);
    expect(
      (await call(other, 'GET', `/api/users/uuid/${randomUUID()}/trade-partners`)).statusCode,
    ).toBe(403);
    expect(
      (await call(employee, 'GET', `/api/users/uuid/${randomUUID()}/trade-partners`)).statusCode,
    ).toBe(404);
    expect((await call(employee, 'GET', '/api/users/987654321/trade-partners')).statusCode).toBe(
      404,
    );
    const bad = await call(employee, 'GET', '/api/users/uuid/not-a-uuid/trade-partners');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toEqual([{ field: 'params.uuid', message: 'must be a UUID' }]);
    expect((await call(other, 'GET', `/api/users/${other.userId}/trade-partners`)).json()).toEqual(
      [],
    );
  });
});
