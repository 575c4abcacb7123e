import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '#server/testing/harness.js';
import { createKyc, forceKycState, uploadDocument } from '#server/testing/kyc-fixtures.js';
import {
  addMember,
  caller,
  createPartner,
  signIn,
  type Actor,
  type Caller,
} from '#server/testing/partners-fixtures.js';

/**
 * A list says of each document whether the caller may change it now (decision 035), for the
 * whole page at once: the same answer as for each document alone, whatever the companies and
 * their files on the page (an approved file locks its evidence; a cancelled attempt leaves the
 * approved file before it what the evidence rests on; a draft does not lock it).
 */
describe('a page’s permissions, across companies (decision 035)', () => {
  let server: TestServer;
  let call: Caller;
  let owner: Actor;
  let member: Actor;
  let manager: Actor;
  const docs: Record<string, number> = {};

  beforeAll(async () => {
    server = await startTestServer('pglite');
    call = caller(server);
    owner = await signIn(server, 'owner', ['OWNER']);
    manager = await signIn(server, 'manager', ['NT24_MANAGER']);
    const [approved, draft, cancelled, none] = [
      await createPartner(server, owner),
      await createPartner(server, owner),
      await createPartner(server, owner),
      await createPartner(server, owner),
    ];
    member = await addMember(server, owner, approved, 'EDITOR', ['NT24_TRADE_PARTNER']);

    const first = await createKyc(server, owner, approved);
    await forceKycState(server, first.id, { status: 'APPROVED' });
    await createKyc(server, owner, draft);
    const older = await createKyc(server, owner, cancelled);
    await forceKycState(server, older.id, { status: 'APPROVED' });
    const newer = await createKyc(server, owner, cancelled);
    await forceKycState(server, newer.id, { status: 'CANCELLED' });

    docs.approvedEvidence = await uploadDocument(server, owner, approved, 'ID_DOCUMENT');
    docs.approvedOrdinary = await uploadDocument(server, owner, approved, 'OTHER');
    docs.draftEvidence = await uploadDocument(server, owner, draft, 'BANK_STATEMENT');
    docs.cancelledEvidence = await uploadDocument(server, owner, cancelled, 'COC_EXTRACT');
    docs.noFileEvidence = await uploadDocument(server, owner, none, 'ID_DOCUMENT');
  });
  afterAll(() => server?.close());

  /** Each of our documents the caller lists, and whether the list lets them change it. */
  async function listed(who: Actor): Promise<Record<string, boolean>> {
    const page = await call(who, 'GET', '/api/documents?size=500');
    expect(page.statusCode, page.body).toBe(200);
    const change = new Map<number, boolean>(
      page
        .json()
        .documents.map((d: { id: number; permissions: { change: boolean } }) => [
          d.id,
          d.permissions.change,
        ]),
    );
    return Object.fromEntries(
      Object.entries(docs)
        .filter(([, id]) => change.has(id))
        .map(([name, id]) => [name, change.get(id)!]),
    );
  }

  async function oneByOne(who: Actor, names: string[]): Promise<Record<string, boolean>> {
    const answers: Record<string, boolean> = {};
    for (const name of names) {
      const one = await call(who, 'GET', `/api/documents/${docs[name]}`);
      expect(one.statusCode, one.body).toBe(200);
      answers[name] = one.json().permissions.change;
    }
    return answers;
  }

  it.each([
    [
      'the owner of every company',
      () => owner,
      {
        approvedEvidence: false,
        approvedOrdinary: true,
        draftEvidence: true,
        cancelledEvidence: false,
        noFileEvidence: true,
      },
    ],
    ['an editor of one of them', () => member, { approvedEvidence: false, approvedOrdinary: true }],
    [
      'a manager (staff: a reason unlocks it)',
      () => manager,
      {
        approvedEvidence: true,
        approvedOrdinary: true,
        draftEvidence: true,
        cancelledEvidence: true,
        noFileEvidence: true,
      },
    ],
  ])('%s: the list answers as each document alone', async (_name, who, expected) => {
    const page = await listed(who());
    expect(page).toEqual(expected);
    expect(await oneByOne(who(), Object.keys(expected))).toEqual(expected);
  });
});
