import { randomUUID } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  invitations,
  tradePartnerContacts,
  tradePartnerMembers,
} from '#server/db/schema/partners.js';
import {
  databaseTargets,
  person,
  startTestServer,
  type TestServer,
} from '#server/testing/harness.js';
import {
  caller,
  createPartner,
  problems,
  signIn,
  unique,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';
import { startSmtpSink, type SmtpSink } from '#server/testing/smtp-sink.js';

describe.each(databaseTargets())('invitations (%s)', (target) => {
  let server: TestServer;
  let sink: SmtpSink;
  let call: Caller;
  let owner: Actor;
  let staff: Actor;

  beforeAll(async () => {
    sink = await startSmtpSink();
    server = await startTestServer(target, {
      SMTP_URL: sink.url,
      MAIL_FROM: 'Portal <portal@nt24.example>',
    });
    call = caller(server);
    [owner, staff] = await Promise.all([
      signIn(server, 'owner', ['OWNER']),
      signIn(server, 'manager', ['NT24_MANAGER']),
    ]);
  });
  afterAll(async () => {
    await server.close();
    await sink.close();
  });

  const invitationsOf = (partner: Partner) => `/api/partners/uuid/${partner.uuid}/invitations`;

  /** Signs in for the first time as someone with this e-mail address. */
  async function arrive(email: string) {
    const claims = { ...person(unique('invitee'), ['CONTACT']), email };
    const token = await server.token(claims);
    const ensure = () => call(token, 'POST', '/api/auth/keycloak/ensure-user');
    return { token, claims, ensure };
  }

  async function countRows(partnerId: number, userId: number) {
    const [members] = await server.database.db
      .select({ n: count() })
      .from(tradePartnerMembers)
      .where(
        and(
          eq(tradePartnerMembers.tradePartnerId, partnerId),
          eq(tradePartnerMembers.userId, userId),
        ),
      );
    const [contacts] = await server.database.db
      .select({ n: count() })
      .from(tradePartnerContacts)
      .where(
        and(
          eq(tradePartnerContacts.tradePartnerId, partnerId),
          eq(tradePartnerContacts.userId, userId),
        ),
      );
    return { members: members?.n, contacts: contacts?.n };
  }

  it('invites by e-mail for 14 days and mails the link', async () => {
    const partner = await createPartner(server, owner, { name: 'Inviting B.V.' });
    const email = `${unique('new')}@Example.com`;
    const response = await call(owner, 'POST', invitationsOf(partner), {
      email: ` ${email} `,
      accessLevel: 'EDITOR',
    });
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      invitation: {
        id: expect.any(Number),
        uuid: expect.any(String),
        tradePartnerId: partner.id,
        email: email.toLowerCase(),
        accessLevel: 'EDITOR',
        status: 'OPEN',
        createdAt: expect.any(String),
        expiresAt: expect.any(String),
        acceptedAt: null,
      },
      inviteUrl: 'http://localhost:8080/dashboard',
      emailSent: true,
    });
    const days =
      (Date.parse(body.invitation.expiresAt) - Date.parse(body.invitation.createdAt)) / 86_400_000;
    expect(days).toBe(14);
    const mail = sink.messages.find((m) => m.to.some((to) => to.includes(email.toLowerCase())));
    expect(mail?.from).toContain('portal@nt24.example');
    expect(mail?.data).toContain('Subject: You are invited to join Inviting B.V. on NT24');
    // Quoted-printable may break the line anywhere (`=` at its end): read it joined.
    expect(mail?.data.replaceAll('=\r\n', '')).toContain('http://localhost:8080/dashboard');

    const defaulted = await call(staff, 'POST', invitationsOf(partner), {
      email: `${unique('plain')}@example.com`,
    });
    expect(defaulted.json().invitation.accessLevel).toBe('VIEWER');
  });

  it('is accepted by ensure-user for the invited address in any case, once', async () => {
    const partner = await createPartner(server, owner);
    const other = await createPartner(server, owner);
    const email = `${unique('mixed')}@example.com`;
    await call(owner, 'POST', invitationsOf(partner), {
      email: email.toUpperCase(),
      accessLevel: 'ADMIN',
    });
    await call(owner, 'POST', invitationsOf(other), { email });

    const invitee = await arrive(email.replace(/^./, (c) => c.toUpperCase()));
    const first = await invitee.ensure();
    expect(first.json()).toEqual({ userExists: false, userId: expect.any(Number) });
    const userId = first.json().userId;

    const mine = await call(invitee.token, 'GET', '/api/partners/user');
    expect(
      mine
        .json()
        .map((p: { uuid: string; accessLevel: string; role: string }) => [
          p.uuid,
          p.role,
          p.accessLevel,
        ]),
    ).toEqual([
      [partner.uuid, 'CONTACT', 'ADMIN'],
      [other.uuid, 'CONTACT', 'VIEWER'],
    ]);
    const contact = mine
      .json()[0]
      .tradePartnerContacts.find((c: { userId: number }) => c.userId === userId);
    expect(contact).toMatchObject({ email, firstName: expect.any(String), lastName: 'Tester' });

    const again = await invitee.ensure();
    expect(again.json()).toEqual({ userExists: true, userId });
    expect(await countRows(partner.id, userId)).toEqual({ members: 1, contacts: 1 });

    const list = await call(owner, 'GET', invitationsOf(partner));
    expect(list.json()[0]).toMatchObject({
      email,
      status: 'ACCEPTED',
      acceptedAt: expect.any(String),
    });
  });

  it('makes one user, one membership and one contact for ten concurrent first calls', async () => {
    const partner = await createPartner(server, owner);
    const email = `${unique('racer')}@example.com`;
    await call(owner, 'POST', invitationsOf(partner), { email });
    const invitee = await arrive(email);
    const responses = await Promise.all(Array.from({ length: 10 }, () => invitee.ensure()));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(responses.map((r) => r.json().userId));
    expect(ids.size).toBe(1);
    expect(responses.filter((r) => !r.json().userExists)).toHaveLength(1);
    expect(await countRows(partner.id, [...ids][0])).toEqual({ members: 1, contacts: 1 });
  });

  it('ignores revoked and expired invitations, and lists every status, newest first', async () => {
    const partner = await createPartner(server, owner);
    const revokedEmail = `${unique('revoked')}@example.com`;
    const expiredEmail = `${unique('expired')}@example.com`;
    const revoked = (
      await call(owner, 'POST', invitationsOf(partner), { email: revokedEmail })
    ).json().invitation;
    const expired = (
      await call(owner, 'POST', invitationsOf(partner), { email: expiredEmail })
    ).json().invitation;
    await server.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.uuid, expired.uuid));
    const removed = await call(owner, 'DELETE', `${invitationsOf(partner)}/${revoked.uuid}`);
    expect(removed.statusCode).toBe(204);
    // Revoking again changes nothing.
    expect(
      (await call(owner, 'DELETE', `${invitationsOf(partner)}/${revoked.uuid}`)).statusCode,
    ).toBe(204);

    for (const email of [revokedEmail, expiredEmail]) {
      const invitee = await arrive(email);
      await invitee.ensure();
      expect((await call(invitee.token, 'GET', '/api/partners/user')).json()).toEqual([]);
    }
    const list = await call(staff, 'GET', invitationsOf(partner));
    expect(list.json().map((i: { uuid: string; status: string }) => [i.uuid, i.status])).toEqual([
      [expired.uuid, 'EXPIRED'],
      [revoked.uuid, 'REVOKED'],
    ]);
    // A lapsed invitation makes way for a new one, and still reads as expired.
    const renewed = await call(owner, 'POST', invitationsOf(partner), { email: expiredEmail });
    expect(renewed.statusCode).toBe(201);
    const after = await call(owner, 'GET', invitationsOf(partner));
    expect(after.json().map((i: { status: string }) => i.status)).toEqual([
      'OPEN',
      'EXPIRED',
      'REVOKED',
    ]);
  });

  it('refuses a second open invitation and inviting a member (409)', async () => {
    const partner = await createPartner(server, owner);
    const email = `${unique('twice')}@example.com`;
    expect((await call(owner, 'POST', invitationsOf(partner), { email })).statusCode).toBe(201);
    const twice = await call(owner, 'POST', invitationsOf(partner), { email: email.toUpperCase() });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('An open invitation for this e-mail address already exists.');
    const member = await call(owner, 'POST', invitationsOf(partner), {
      email: owner.email.toUpperCase(),
    });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe('This person is already a member of the trade partner.');
  });

  it("names the e-mail address or the accepted invitation in the 409s' details", async () => {
    const partner = await createPartner(server, owner);
    const email = `${unique('named')}@example.com`;
    const invitation = (await call(owner, 'POST', invitationsOf(partner), { email })).json()
      .invitation;
    const twice = await call(owner, 'POST', invitationsOf(partner), { email });
    expect(twice.json().details).toEqual({ reason: 'openInvitation', field: 'email' });
    const member = await call(owner, 'POST', invitationsOf(partner), { email: owner.email });
    expect(member.json().details).toEqual({ reason: 'alreadyMember', field: 'email' });
    await (await arrive(email)).ensure();
    const revoke = await call(owner, 'DELETE', `${invitationsOf(partner)}/${invitation.uuid}`);
    expect(revoke.statusCode).toBe(409);
    expect(revoke.json().details).toEqual({
      reason: 'invitationAccepted',
      invitationUuid: invitation.uuid,
    });
  });

  it('refuses to revoke an accepted invitation (409) and answers 404 for unknown ones', async () => {
    const partner = await createPartner(server, owner);
    const email = `${unique('accepted')}@example.com`;
    const invitation = (await call(owner, 'POST', invitationsOf(partner), { email })).json()
      .invitation;
    await (await arrive(email)).ensure();
    const revoke = await call(owner, 'DELETE', `${invitationsOf(partner)}/${invitation.uuid}`);
    expect(revoke.statusCode).toBe(409);
    const unknown = randomUUID();
    const missing = await call(owner, 'DELETE', `${invitationsOf(partner)}/${unknown}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      `Invitation with UUID ${unknown} not found for trade partner with ID/UUID ${partner.uuid}.`,
    );
    expect(
      (await call(staff, 'GET', `/api/partners/uuid/${randomUUID()}/invitations`)).statusCode,
    ).toBe(404);
    expect(
      (await call(staff, 'POST', `/api/partners/uuid/${randomUUID()}/invitations`, { email }))
        .statusCode,
    ).toBe(404);
  });

  it.each([
    [{}, ['body.email: is required']],
    [{ email: 'nobody' }, ['body.email: must be a valid e-mail address']],
    [
      { email: 'a@example.com', accessLevel: 'NONE' },
      ['body.accessLevel: must be one of OWNER, ADMIN, EDITOR, VIEWER'],
    ],
  ])('refuses %j', async (body, expected) => {
    const partner = await createPartner(server, owner);
    const response = await call(owner, 'POST', invitationsOf(partner), body);
    expect(response.statusCode).toBe(400);
    expect(problems(response)).toEqual(expected);
  });
});
