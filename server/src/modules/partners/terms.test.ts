import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '#common/terms.js';
import { tradePartners } from '#server/db/schema/partners.js';
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

/** Issue 18, point 1; decision 027: versioned terms, accepted by the company's owners and admins. */
describe.each(databaseTargets())('the terms of a trade partner (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let stranger: Actor;
  let employee: Actor;
  let company: Partner;
  let admin: Actor;
  let editor: Actor;
  let viewer: Actor;

  const terms = (ref: string) => `/api/partners/${ref}/terms`;
  const accept = (who: Actor, ref: string, termsVersion: string = TERMS_VERSION) =>
    call(who, 'PATCH', terms(ref), { termsAccepted: true, termsVersion });

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    [owner, stranger, employee] = await Promise.all([
      signIn(server, 'owner', ['OWNER']),
      signIn(server, 'stranger', ['OWNER']),
      signIn(server, 'employee', ['NT24_EMPLOYEE']),
    ]);
    company = await createPartner(server, owner);
    admin = await addMember(server, owner, company, 'ADMIN');
    editor = await addMember(server, owner, company, 'EDITOR');
    viewer = await addMember(server, owner, company, 'VIEWER');
  });
  afterAll(() => server.close());

  it('records the version, the time and the person, and every reader sees them', async () => {
    const before = await call(owner, 'GET', `/api/partners/uuid/${company.uuid}`);
    expect(before.json()).toMatchObject({
      termsAccepted: false,
      termsAcceptedVersion: null,
      termsAcceptedAt: null,
      termsAcceptedBy: null,
    });

    const accepted = await accept(owner, `uuid/${company.uuid}`);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      termsAccepted: true,
      termsAcceptedVersion: TERMS_VERSION,
      termsAcceptedAt: expect.any(String),
      termsAcceptedBy: { id: owner.userId, name: expect.stringMatching(/^Owner\d+x\d+ Tester$/) },
    });

    // Accepting again changes nothing: the first acceptance stands.
    const again = await accept(admin, String(company.id));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      termsAcceptedAt: accepted.json().termsAcceptedAt,
      termsAcceptedBy: { id: owner.userId },
      version: accepted.json().version,
    });

    // A viewer and staff read it; so does the list.
    for (const reader of [viewer, employee]) {
      const read = await call(reader, 'GET', `/api/partners/${company.id}`);
      expect(read.json()).toMatchObject({
        termsAccepted: true,
        termsAcceptedVersion: TERMS_VERSION,
        termsAcceptedBy: { id: owner.userId },
      });
    }
    const listed = await call(viewer, 'GET', '/api/partners');
    expect(listed.json().content.find((p: Partner) => p.uuid === company.uuid)).toMatchObject({
      termsAccepted: true,
      termsAcceptedBy: { id: owner.userId },
    });
  });

  it('asks again when a new version is in force: an older acceptance is none', async () => {
    const other = await createPartner(server, owner);
    await accept(owner, `uuid/${other.uuid}`);
    // The company accepted a version that is no longer in force, as if new terms came out since.
    const acceptedAt = new Date('2025-01-02T03:04:05Z');
    await server.database.db
      .update(tradePartners)
      .set({ termsVersion: '0.9', termsAcceptedAt: acceptedAt })
      .where(eq(tradePartners.id, other.id));

    const read = await call(employee, 'GET', `/api/partners/uuid/${other.uuid}`);
    expect(read.json()).toMatchObject({
      termsAccepted: false,
      termsAcceptedVersion: '0.9',
      termsAcceptedAt: acceptedAt.toISOString(),
      termsAcceptedBy: { id: owner.userId },
    });

    // Only the version in force can be accepted now.
    const old = await accept(owner, `uuid/${other.uuid}`, '0.9');
    expect(old.statusCode).toBe(409);
    expect(old.json()).toMatchObject({
      message: `Version 0.9 of the terms is not in force; read and accept version ${TERMS_VERSION}.`,
      details: { reason: 'termsVersion', current: TERMS_VERSION },
    });

    const renewed = await accept(owner, `uuid/${other.uuid}`);
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json()).toMatchObject({
      termsAccepted: true,
      termsAcceptedVersion: TERMS_VERSION,
      termsAcceptedBy: { id: owner.userId },
    });
    expect(renewed.json().termsAcceptedAt).not.toBe(acceptedAt.toISOString());
  });

  it('takes the SPEC body without a version as the version in force, and withdraws', async () => {
    const other = await createPartner(server, owner);
    const accepted = await call(admin, 'PATCH', terms(`uuid/${other.uuid}`), {
      termsAccepted: true,
    });
    // The admin is no member of this one: only its owner.
    expect(accepted.statusCode).toBe(404);
    const byOwner = await call(owner, 'PATCH', terms(String(other.id)), { termsAccepted: true });
    expect(byOwner.json()).toMatchObject({
      termsAccepted: true,
      termsAcceptedVersion: TERMS_VERSION,
    });
    const withdrawn = await call(owner, 'PATCH', terms(`uuid/${other.uuid}`), {
      termsAccepted: false,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({
      termsAccepted: false,
      termsAcceptedVersion: null,
      termsAcceptedAt: null,
      termsAcceptedBy: null,
    });
  });

  it('refuses everyone but the owners and admins of the company', async () => {
    const other = await createPartner(server, owner);
    // Members whose level does not accept the terms: 403 (they know the company).
    for (const member of [editor, viewer]) {
      expect((await accept(member, `uuid/${company.uuid}`)).statusCode).toBe(403);
    }
    // Staff read every company but do not accept for one (decision 027).
    expect((await accept(employee, String(other.id))).statusCode).toBe(403);
    // Someone else's company, or none at all: 404, by id and by uuid alike.
    for (const ref of [String(other.id), `uuid/${other.uuid}`]) {
      expect((await accept(stranger, ref)).statusCode).toBe(404);
    }
    expect((await accept(owner, `uuid/${randomUUID()}`)).statusCode).toBe(404);
    expect((await accept(owner, '987654321')).statusCode).toBe(404);
    expect(
      (await call(null, 'PATCH', terms(String(other.id)), { termsAccepted: true })).statusCode,
    ).toBe(401);
    const untouched = await call(owner, 'GET', `/api/partners/${other.id}`);
    expect(untouched.json()).toMatchObject({ termsAccepted: false, termsAcceptedBy: null });
  });

  it('answers bad input with the field and the reason', async () => {
    const ref = `uuid/${company.uuid}`;
    const cases: [unknown, string[]][] = [
      [{ termsAccepted: 'yes' }, ['body.termsAccepted: must be true or false']],
      [{}, ['body.termsAccepted: must be true or false']],
      [
        { termsAccepted: true, termsVersion: 'latest' },
        ['body.termsVersion: must be a terms version such as 1.0'],
      ],
      [
        { termsAccepted: true, termsVersion: 10 },
        ['body.termsVersion: must be a terms version such as 1.0'],
      ],
    ];
    for (const [body, expected] of cases) {
      const response = await call(owner, 'PATCH', terms(ref), body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(problems(response)).toEqual(expected);
    }
    expect((await call(owner, 'PATCH', terms('abc'), { termsAccepted: true })).statusCode).toBe(
      400,
    );
  });
});
