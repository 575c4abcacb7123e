import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  addMember,
  address,
  caller,
  createPartner,
  signIn,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

/** The records of one company that a path can name. */
interface Company {
  partner: Partner;
  owner: Actor;
  addressUuid: string;
  contactUuid: string;
  invitationUuid: string;
}

type Request = [method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, body?: unknown];

/** Every call on a company, by id and by uuid where both exist. */
function everyCallOn(c: Company): Request[] {
  const { id, uuid } = c.partner;
  const base = `/api/partners/uuid/${uuid}`;
  return [
    ['GET', `/api/partners/${id}`],
    ['GET', base],
    ['PATCH', `/api/partners/${id}`, { name: 'Taken over' }],
    ['PATCH', base, { name: 'Taken over' }],
    ['GET', `/api/partners/${id}/user-role`],
    ['GET', `${base}/user-role`],
    ['PATCH', `/api/partners/${id}/terms`, { termsAccepted: true }],
    ['PATCH', `${base}/terms`, { termsAccepted: true }],
    ['GET', `${base}/addresses`],
    ['POST', `${base}/addresses`, address],
    ['PATCH', `${base}/addresses/${c.addressUuid}`, { city: 'Elsewhere' }],
    ['DELETE', `${base}/addresses/${c.addressUuid}`],
    ['GET', `/api/partners/${id}/contacts`],
    ['GET', `${base}/contacts`],
    ['GET', `/api/partners/contacts/uuid/${c.contactUuid}`],
    ['POST', `${base}/contacts`, { email: 'spy@example.com' }],
    ['PATCH', `${base}/contacts/${c.contactUuid}`, { jobTitle: 'Spy' }],
    ['DELETE', `${base}/contacts/${c.contactUuid}`],
    ['GET', `${base}/members`],
    ['PATCH', `${base}/members/${c.owner.userUuid}`, { accessLevel: 'VIEWER' }],
    ['DELETE', `${base}/members/${c.owner.userUuid}`],
    ['GET', `${base}/invitations`],
    ['POST', `${base}/invitations`, { email: 'spy@example.com' }],
    ['DELETE', `${base}/invitations/${c.invitationUuid}`],
  ];
}

describe.each(databaseTargets())('company access (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let a: Company;
  let b: Company;
  let staff: Actor;

  async function company(name: string): Promise<Company> {
    const owner = await signIn(server, `owner${name}`, ['OWNER']);
    const partner = await createPartner(server, owner, { name: `Company ${name}` });
    const invitation = await call(owner, 'POST', `/api/partners/uuid/${partner.uuid}/invitations`, {
      email: `invitee-${name}@example.com`,
    });
    return {
      partner,
      owner,
      addressUuid: (partner.addresses as { uuid: string }[])[0]!.uuid,
      contactUuid: (partner.tradePartnerContacts as { uuid: string }[])[0]!.uuid,
      invitationUuid: invitation.json().invitation.uuid,
    };
  }

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    [a, b, staff] = await Promise.all([
      company('A'),
      company('B'),
      signIn(server, 'employee', ['NT24_EMPLOYEE']),
    ]);
  });
  afterAll(() => server.close());

  it('answers 404 to a member of company A for every call on company B, by id and by uuid', async () => {
    const admin = await addMember(server, a.owner, a.partner, 'ADMIN');
    for (const outsider of [a.owner, admin]) {
      for (const [method, url, body] of everyCallOn(b)) {
        const response = await call(outsider, method, url, body);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ statusCode: 404, error: 'Not Found' });
      }
    }
    // Nothing changed: the owner of B still sees it whole.
    const intact = await call(b.owner, 'GET', `/api/partners/uuid/${b.partner.uuid}`);
    expect(intact.json()).toMatchObject({ name: 'Company B', termsAccepted: false });
    expect(intact.json().addresses).toHaveLength(1);
    expect(intact.json().tradePartnerContacts).toHaveLength(1);
    expect(
      (await call(b.owner, 'GET', `/api/partners/uuid/${b.partner.uuid}/invitations`)).json()[0]
        .status,
    ).toBe('OPEN');
  });

  it("answers 404 for company B's records named under company A's path", async () => {
    const base = `/api/partners/uuid/${a.partner.uuid}`;
    const requests: Request[] = [
      ['PATCH', `${base}/addresses/${b.addressUuid}`, { city: 'Elsewhere' }],
      ['DELETE', `${base}/addresses/${b.addressUuid}`],
      ['PATCH', `${base}/contacts/${b.contactUuid}`, { jobTitle: 'Spy' }],
      ['DELETE', `${base}/contacts/${b.contactUuid}`],
      ['PATCH', `${base}/members/${b.owner.userUuid}`, { accessLevel: 'VIEWER' }],
      ['DELETE', `${base}/members/${b.owner.userUuid}`],
      ['DELETE', `${base}/invitations/${b.invitationUuid}`],
    ];
    for (const [method, url, body] of requests) {
      const response = await call(a.owner, method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const contact = await call(a.owner, 'PATCH', `${base}/contacts/${b.contactUuid}`, {
      jobTitle: 'Spy',
    });
    expect(contact.json().message).toBe(
      `Contact with ID/UUID ${b.contactUuid} not found for trade partner with ID/UUID ${a.partner.uuid}`,
    );
  });

  it('answers 404 to a member whose access level is NONE, and leaves the company out of lists', async () => {
    const suspended = await addMember(server, a.owner, a.partner, 'VIEWER');
    const patch = await call(
      a.owner,
      'PATCH',
      `/api/partners/uuid/${a.partner.uuid}/members/${suspended.userUuid}`,
      {
        accessLevel: 'NONE',
      },
    );
    expect(patch.statusCode).toBe(200);
    for (const [method, url, body] of everyCallOn(a)) {
      expect((await call(suspended, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await call(suspended, 'GET', '/api/partners/user')).json()).toEqual([]);
    expect((await call(suspended, 'GET', '/api/partners')).json().totalElements).toBe(0);
  });

  it("refuses another user's user records and trade partner lists with 403", async () => {
    for (const [method, url, body] of [
      ['GET', `/api/users/${b.owner.userId}/trade-partners`],
      ['GET', `/api/users/uuid/${b.owner.userUuid}/trade-partners`],
      ['PATCH', `/api/users/${b.owner.userId}`, { firstName: 'Mallory' }],
      [
        'PUT',
        `/api/users/${b.owner.userId}`,
        {
          firstName: 'M',
          lastName: 'M',
          mobile: '+31612345678',
          birthday: '1980-01-01',
          country: 'NL',
          nationality: 'NL',
          sex: 'OTHER',
        },
      ],
    ] as Request[]) {
      expect((await call(a.owner, method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  /** Status by access level for one kind of call on company A; each call gets fresh records. */
  const matrix: {
    call: string;
    make: (c: Company) => Promise<Request>;
    expect: Record<'VIEWER' | 'EDITOR' | 'ADMIN' | 'OWNER' | 'STAFF', number>;
  }[] = [
    {
      call: 'read the company',
      make: async (c) => ['GET', `/api/partners/${c.partner.id}`],
      expect: { VIEWER: 200, EDITOR: 200, ADMIN: 200, OWNER: 200, STAFF: 200 },
    },
    {
      call: 'list members',
      make: async (c) => ['GET', `/api/partners/uuid/${c.partner.uuid}/members`],
      expect: { VIEWER: 200, EDITOR: 200, ADMIN: 200, OWNER: 200, STAFF: 200 },
    },
    {
      call: 'change the company',
      make: async (c) => ['PATCH', `/api/partners/uuid/${c.partner.uuid}`, { legalForm: 'B.V.' }],
      expect: { VIEWER: 403, EDITOR: 200, ADMIN: 200, OWNER: 200, STAFF: 200 },
    },
    {
      call: 'add an address',
      make: async (c) => ['POST', `/api/partners/uuid/${c.partner.uuid}/addresses`, address],
      expect: { VIEWER: 403, EDITOR: 201, ADMIN: 201, OWNER: 201, STAFF: 201 },
    },
    {
      call: 'add a contact',
      make: async (c) => [
        'POST',
        `/api/partners/uuid/${c.partner.uuid}/contacts`,
        { firstName: 'New' },
      ],
      expect: { VIEWER: 403, EDITOR: 201, ADMIN: 201, OWNER: 201, STAFF: 201 },
    },
    {
      call: 'delete a contact',
      make: async (c) => {
        const made = await call(c.owner, 'POST', `/api/partners/uuid/${c.partner.uuid}/contacts`, {
          firstName: 'Doomed',
        });
        return ['DELETE', `/api/partners/uuid/${c.partner.uuid}/contacts/${made.json().uuid}`];
      },
      expect: { VIEWER: 403, EDITOR: 403, ADMIN: 204, OWNER: 204, STAFF: 204 },
    },
    {
      call: 'list invitations',
      make: async (c) => ['GET', `/api/partners/uuid/${c.partner.uuid}/invitations`],
      expect: { VIEWER: 403, EDITOR: 403, ADMIN: 200, OWNER: 200, STAFF: 200 },
    },
    {
      call: 'invite someone',
      make: async (c) => [
        'POST',
        `/api/partners/uuid/${c.partner.uuid}/invitations`,
        { email: `x${Math.random()}@example.com` },
      ],
      expect: { VIEWER: 403, EDITOR: 403, ADMIN: 201, OWNER: 201, STAFF: 201 },
    },
    {
      call: 'invite someone as OWNER',
      make: async (c) => [
        'POST',
        `/api/partners/uuid/${c.partner.uuid}/invitations`,
        { email: `x${Math.random()}@example.com`, accessLevel: 'OWNER' },
      ],
      expect: { VIEWER: 403, EDITOR: 403, ADMIN: 403, OWNER: 201, STAFF: 201 },
    },
    {
      call: 'accept the terms',
      make: async (c) => ['PATCH', `/api/partners/${c.partner.id}/terms`, { termsAccepted: true }],
      expect: { VIEWER: 403, EDITOR: 403, ADMIN: 200, OWNER: 200, STAFF: 403 },
    },
    {
      call: "change a member's access level",
      make: async (c) => {
        const member = await addMember(server, c.owner, c.partner, 'VIEWER');
        return [
          'PATCH',
          `/api/partners/uuid/${c.partner.uuid}/members/${member.userUuid}`,
          { accessLevel: 'EDITOR' },
        ];
      },
      expect: { VIEWER: 403, EDITOR: 403, ADMIN: 200, OWNER: 200, STAFF: 200 },
    },
    {
      call: 'grant OWNER',
      make: async (c) => {
        const member = await addMember(server, c.owner, c.partner, 'EDITOR');
        return [
          'PATCH',
          `/api/partners/uuid/${c.partner.uuid}/members/${member.userUuid}`,
          { accessLevel: 'OWNER' },
        ];
      },
      expect: { VIEWER: 403, EDITOR: 403, ADMIN: 403, OWNER: 200, STAFF: 200 },
    },
  ];

  it('lets each access level do what docs/api/partners.md says, and no more', async () => {
    const c = await company('Matrix');
    const actors = {
      VIEWER: await addMember(server, c.owner, c.partner, 'VIEWER'),
      EDITOR: await addMember(server, c.owner, c.partner, 'EDITOR'),
      ADMIN: await addMember(server, c.owner, c.partner, 'ADMIN'),
      OWNER: await addMember(server, c.owner, c.partner, 'OWNER'),
      STAFF: staff,
    };
    for (const row of matrix) {
      for (const [level, expected] of Object.entries(row.expect)) {
        const [method, url, body] = await row.make(c);
        const response = await call(actors[level as keyof typeof actors], method, url, body);
        expect(response.statusCode, `${level} may ${expected < 400 ? '' : 'not '}${row.call}`).toBe(
          expected,
        );
      }
    }
  });
});
