import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/users.js';
import {
  databaseTargets,
  person,
  startTestServer,
  type TestServer,
} from '#server/testing/harness.js';

describe.each(databaseTargets())('users and ensure-user (%s)', (target) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(target);
  });
  afterAll(() => server.close());

  const ensureUser = (token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/auth/keycloak/ensure-user',
      headers: { authorization: `Bearer ${token}` },
    });

  const getUser = (token: string, identityId: string) =>
    server.app.inject({
      method: 'GET',
      url: `/api/users/keycloak/${encodeURIComponent(identityId)}`,
      headers: { authorization: `Bearer ${token}` },
    });

  it('creates the user on the first call and finds it afterwards', async () => {
    const claims = person('olivia', ['OWNER']);
    const token = await server.token(claims);

    const first = await ensureUser(token);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userExists: false, userId: expect.any(Number) });

    const second = await ensureUser(token);
    expect(second.json()).toEqual({ userExists: true, userId: first.json().userId });

    const record = await getUser(token, claims.sub!);
    expect(record.statusCode).toBe(200);
    expect(record.json()).toMatchObject({
      id: first.json().userId,
      identityId: claims.sub,
      username: 'olivia',
      email: 'olivia@nt24.example',
      firstName: 'Olivia',
      lastName: 'Tester',
      roles: ['OWNER'],
      mobile: null,
    });
  });

  it('creates one row for ten concurrent first calls', async () => {
    const claims = person('racer', ['NT24_TRADE_PARTNER']);
    const token = await server.token(claims);
    const responses = await Promise.all(Array.from({ length: 10 }, () => ensureUser(token)));

    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bodies = responses.map((r) => r.json() as { userExists: boolean; userId: number });
    expect(bodies.filter((b) => !b.userExists)).toHaveLength(1);
    expect(new Set(bodies.map((b) => b.userId)).size).toBe(1);
    const [row] = await server.database.db
      .select({ rows: count() })
      .from(users)
      .where(eq(users.identityId, claims.sub!));
    expect(row?.rows).toBe(1);
  });

  it('keeps the stored roles in step with the token', async () => {
    const claims = person('promoted', ['NT24_EMPLOYEE']);
    await ensureUser(await server.token(claims));
    const promoted = await server.token({ ...claims, realm_access: { roles: ['NT24_MANAGER'] } });
    await ensureUser(promoted);
    expect((await getUser(promoted, claims.sub!)).json().roles).toEqual(['NT24_MANAGER']);
  });

  it("refuses a trade partner reading another user's record", async () => {
    const other = person('other', ['OWNER']);
    await ensureUser(await server.token(other));
    const partner = person('partner', ['NT24_TRADE_PARTNER']);
    await ensureUser(await server.token(partner));

    const response = await getUser(await server.token(partner), other.sub!);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });

    const unknown = await getUser(await server.token(partner), 'no-such-identity');
    expect(unknown.statusCode).toBe(403);
  });

  it("lets staff read anyone's record, and tells them when there is none", async () => {
    const other = person('someone', ['CONTACT']);
    await ensureUser(await server.token(other));
    const staff = await server.token(person('employee', ['NT24_EMPLOYEE']));

    const found = await getUser(staff, other.sub!);
    expect(found.statusCode).toBe(200);
    expect(found.json().username).toBe('someone');

    const missing = await getUser(staff, 'no-such-identity');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: 'No user with identity no-such-identity.',
      requestId: expect.any(String),
    });
  });

  it('needs a token for its own record too', async () => {
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/auth/keycloak/ensure-user',
    });
    expect(response.statusCode).toBe(401);
  });
});
