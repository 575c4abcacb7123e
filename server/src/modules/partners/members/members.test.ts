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

describe.each(databaseTargets())('members (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let staff: Actor;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    [owner, staff] = await Promise.all([
      signIn(server, 'owner', ['OWNER']),
      signIn(server, 'employee', ['NT24_EMPLOYEE']),
    ]);
  });
  afterAll(() => server.close());

  const membersOf = (partner: Partner) => `/api/partners/uuid/${partner.uuid}/members`;

  it('lists the members, the longest-standing first, with their names and levels', async () => {
    const partner = await createPartner(server, owner);
    const viewer = await addMember(server, owner, partner, 'VIEWER');
    const response = await call(viewer, 'GET', membersOf(partner));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        userId: owner.userId,
        userUuid: owner.userUuid,
        firstName: expect.any(String),
        lastName: 'Tester',
        email: owner.email,
        role: 'OWNER',
        accessLevel: 'OWNER',
        version: 1,
      },
      expect.objectContaining({
        userUuid: viewer.userUuid,
        email: viewer.email,
        role: 'CONTACT',
        accessLevel: 'VIEWER',
      }),
    ]);
    expect(
      (await call(staff, 'GET', `/api/partners/uuid/${randomUUID()}/members`)).statusCode,
    ).toBe(404);
  });

  it('joins by invitation; without SMTP_URL the inviter gets the link to pass on', async () => {
    const partner = await createPartner(server, owner);
    const invited = await call(owner, 'POST', `/api/partners/uuid/${partner.uuid}/invitations`, {
      email: 'someone@example.com',
    });
    expect(invited.statusCode).toBe(201);
    expect(invited.json()).toMatchObject({
      inviteUrl: 'http://localhost:8080/dashboard',
      emailSent: false,
    });
  });

  it('changes access levels; the OWNER level brings the OWNER role with it', async () => {
    const partner = await createPartner(server, owner);
    const member = await addMember(server, owner, partner, 'VIEWER');
    const url = `${membersOf(partner)}/${member.userUuid}`;
    const editor = await call(owner, 'PATCH', url, { accessLevel: 'EDITOR' });
    expect(editor.statusCode).toBe(200);
    expect(editor.json()).toMatchObject({
      userUuid: member.userUuid,
      role: 'CONTACT',
      accessLevel: 'EDITOR',
    });
    const promoted = await call(owner, 'PATCH', url, { accessLevel: 'OWNER' });
    expect(promoted.json()).toMatchObject({ role: 'OWNER', accessLevel: 'OWNER' });
    expect((await call(member, 'GET', `/api/partners/${partner.id}/user-role`)).json()).toEqual({
      role: 'OWNER',
      accessLevel: 'OWNER',
    });
    // With two owners, the first may step down.
    const down = await call(member, 'PATCH', `${membersOf(partner)}/${owner.userUuid}`, {
      accessLevel: 'ADMIN',
    });
    expect(down.json()).toMatchObject({ role: 'CONTACT', accessLevel: 'ADMIN' });
    const mine = await call(owner, 'GET', `/api/partners/${partner.id}`);
    expect(mine.json()).toMatchObject({ role: 'CONTACT', accessLevel: 'ADMIN', isOwner: false });
  });

  it('protects the last OWNER from demotion and removal (409)', async () => {
    const partner = await createPartner(server, owner);
    const url = `${membersOf(partner)}/${owner.userUuid}`;
    for (const [who, method, body] of [
      [owner, 'PATCH', { accessLevel: 'ADMIN' }],
      [staff, 'PATCH', { accessLevel: 'VIEWER' }],
      [owner, 'DELETE', undefined],
      [staff, 'DELETE', undefined],
    ] as const) {
      const response = await call(who, method, url, body);
      expect(response.statusCode, `${method} by ${who.name}`).toBe(409);
      expect(response.json().message).toBe(
        'A trade partner must keep at least one owner: make someone else OWNER first.',
      );
    }
    // Setting the level it already has is no change, so no conflict.
    expect((await call(owner, 'PATCH', url, { accessLevel: 'OWNER' })).statusCode).toBe(200);
  });

  it("names the last owner in the 409's details", async () => {
    const partner = await createPartner(server, owner);
    const refused = await call(staff, 'DELETE', `${membersOf(partner)}/${owner.userUuid}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().details).toEqual({ reason: 'lastOwner', userUuid: owner.userUuid });
  });

  it('keeps one owner when two owners demote each other at once', async () => {
    const partner = await createPartner(server, owner);
    const second = await addMember(server, owner, partner, 'OWNER');
    const responses = await Promise.all([
      call(owner, 'PATCH', `${membersOf(partner)}/${second.userUuid}`, { accessLevel: 'VIEWER' }),
      call(second, 'PATCH', `${membersOf(partner)}/${owner.userUuid}`, { accessLevel: 'VIEWER' }),
    ]);
    const owners = (await call(staff, 'GET', membersOf(partner)))
      .json()
      .filter((m: { accessLevel: string }) => m.accessLevel === 'OWNER');
    expect(owners).toHaveLength(1);
    expect(responses.map((r) => r.statusCode)).toContain(200);
  });

  it('lets an ADMIN manage members but not OWNERs', async () => {
    const partner = await createPartner(server, owner);
    const admin = await addMember(server, owner, partner, 'ADMIN');
    const viewer = await addMember(server, owner, partner, 'VIEWER');
    expect(
      (
        await call(admin, 'PATCH', `${membersOf(partner)}/${viewer.userUuid}`, {
          accessLevel: 'ADMIN',
        })
      ).statusCode,
    ).toBe(200);
    const takeOwner = await call(admin, 'PATCH', `${membersOf(partner)}/${owner.userUuid}`, {
      accessLevel: 'VIEWER',
    });
    expect(takeOwner.statusCode).toBe(403);
    expect(
      (await call(admin, 'DELETE', `${membersOf(partner)}/${owner.userUuid}`)).statusCode,
    ).toBe(403);
    expect(
      (
        await call(admin, 'PATCH', `${membersOf(partner)}/${admin.userUuid}`, {
          accessLevel: 'OWNER',
        })
      ).statusCode,
    ).toBe(403);
  });

  it('removes a member, who then no longer sees the company', async () => {
    const partner = await createPartner(server, owner);
    const member = await addMember(server, owner, partner, 'EDITOR');
    expect((await call(member, 'GET', `/api/partners/${partner.id}`)).statusCode).toBe(200);
    const removed = await call(owner, 'DELETE', `${membersOf(partner)}/${member.userUuid}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(member, 'GET', `/api/partners/${partner.id}`)).statusCode).toBe(404);
    expect(
      (await call(owner, 'DELETE', `${membersOf(partner)}/${member.userUuid}`)).statusCode,
    ).toBe(404);
  });

  it('refuses bad levels and answers 404 for people who are not members', async () => {
    const partner = await createPartner(server, owner);
    const bad = await call(owner, 'PATCH', `${membersOf(partner)}/${owner.userUuid}`, {
      accessLevel: 'GOD',
    });
    expect(bad.statusCode).toBe(400);
    expect(problems(bad)).toEqual([
      'body.accessLevel: must be one of OWNER, ADMIN, EDITOR, VIEWER, NONE',
    ]);
    const stranger = randomUUID();
    const missing = await call(owner, 'PATCH', `${membersOf(partner)}/${stranger}`, {
      accessLevel: 'VIEWER',
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      `Member with UUID ${stranger} not found for trade partner with ID/UUID ${partner.uuid}.`,
    );
    expect(
      (await call(owner, 'DELETE', `${membersOf(partner)}/${staff.userUuid}`)).statusCode,
    ).toBe(404);
  });
});
