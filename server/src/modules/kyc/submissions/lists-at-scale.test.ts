import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_COUNT_CAP } from '#common/api.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { insertKycSubmission } from '#server/testing/insights-fixtures.js';
import { kycWorld, type KycWorld } from '#server/testing/kyc-fixtures.js';
import { caller, createPartner, type Caller } from '#server/testing/partners-fixtures.js';

/** The companies and their latest file as the customers list had to compute them before. */
async function recomputedCustomers(server: TestServer) {
  const { rows } = (await server.app.db.execute(sql`
    select p.name, latest.id::int as "latestKycId"
    from (select distinct on (trade_partner_id) trade_partner_id, id from kyc_submissions
          order by trade_partner_id, created_at desc, id desc) latest
    join trade_partners p on p.id = latest.trade_partner_id
    order by p.name, p.id`)) as unknown as { rows: { name: string; latestKycId: number }[] };
  return rows.map((row) => ({ name: row.name, latestKycId: Number(row.latestKycId) }));
}

/** How many files each status holds, counted. */
async function recountedStatuses(server: TestServer) {
  const { rows } = (await server.app.db.execute(
    sql`select status, count(*)::int as n from kyc_submissions group by status`,
  )) as unknown as { rows: { status: string; n: number }[] };
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/** A small deterministic generator (mulberry32): the same changes on every run. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(databaseTargets())('KYC lists at scale (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  it('keeps the customers list and the totals equal to a recount after random changes', async () => {
    const partners = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => createPartner(server, w.company.owner)),
    );
    const next = random(15);
    const ids: number[] = [];
    for (let round = 0; round < 40; round += 1) {
      const partner = partners[Math.floor(next() * partners.length)]!;
      if (ids.length > 0 && next() < 0.25) {
        // A file decided or cancelled: it moves from one status's total to another's.
        const id = ids[Math.floor(next() * ids.length)]!;
        const status = (['APPROVED', 'REJECTED', 'CANCELLED'] as const)[Math.floor(next() * 3)]!;
        await server.app.db.execute(
          sql`update kyc_submissions set status = ${status} where id = ${id}`,
        );
      } else if (ids.length > 0 && next() < 0.3) {
        // A file removed (as a test or a clean-up does): the one before it becomes the latest.
        const [id] = ids.splice(Math.floor(next() * ids.length), 1);
        await server.app.db.execute(sql`delete from kyc_submissions where id = ${id}`);
      } else {
        const { id } = await insertKycSubmission(server, {
          tradePartnerId: partner.id,
          status: 'APPROVED',
        });
        // Created at any time, not only now: the latest is the newest created, whatever the order.
        const days = Math.floor(next() * 60) - 30;
        await server.app.db.execute(
          sql`update kyc_submissions set created_at = now() + make_interval(days => ${days})
              where id = ${id}`,
        );
        ids.push(id);
      }
      if (round % 8 !== 7) continue;
      const page = (await call(w.manager, 'GET', '/api/kyc/customers?size=100')).json();
      expect(
        page.content.map((row: { name: string; latestKycId: number }) => ({
          name: row.name,
          latestKycId: row.latestKycId,
        })),
      ).toEqual(await recomputedCustomers(server));
      expect(page.totalElements).toBe(page.content.length);

      const statuses = await recountedStatuses(server);
      const all = (await call(w.manager, 'GET', '/api/kyc?size=1')).json();
      expect(all.totalElements).toBe(Object.values(statuses).reduce((a, b) => a + b, 0));
      const decided = (
        await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=REJECTED,CANCELLED&size=1')
      ).json();
      expect(decided.totalElements).toBe((statuses.REJECTED ?? 0) + (statuses.CANCELLED ?? 0));
      expect(decided).not.toHaveProperty('totalCapped');
    }
  });

  it(`counts exactly from the kept totals, pages by offset no deeper than ${LIST_COUNT_CAP} rows, and caps other counts`, async () => {
    const partner = await createPartner(server, w.company.owner);
    const { id: first } = await insertKycSubmission(server, {
      tradePartnerId: partner.id,
      status: 'REJECTED',
    });
    await server.app.db.execute(sql`
      insert into kyc_submissions (trade_partner_id, obliged_entity_id, status, updated_at)
      select trade_partner_id, obliged_entity_id, 'REJECTED', now() - make_interval(secs => n)
      from kyc_submissions, generate_series(1, ${LIST_COUNT_CAP}) n where id = ${first}`);
    const rejected = (await recountedStatuses(server)).REJECTED!;
    expect(rejected).toBeGreaterThan(LIST_COUNT_CAP);

    // A status filter alone: the kept total, exact however many match.
    const exact = await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=REJECTED&size=20');
    expect(exact.statusCode).toBe(200);
    expect(exact.json()).toMatchObject({
      totalElements: rejected,
      totalPages: LIST_COUNT_CAP / 20,
    });
    expect(exact.json()).not.toHaveProperty('totalCapped');
    const last = await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=REJECTED&page=499');
    expect(last.statusCode).toBe(200);
    expect(last.json().content).toHaveLength(20);

    const beyond = await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=REJECTED&page=500');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().details).toEqual([
      { field: 'querystring.page', message: expect.stringContaining('narrow the list') },
    ]);

    // Any other filter is counted, up to the cap, and says where it stopped.
    const capped = await call(
      w.manager,
      'GET',
      `/api/kyc/filter?kycStatus=REJECTED&customerId=${partner.id}&size=20`,
    );
    expect(capped.json()).toMatchObject({
      totalElements: LIST_COUNT_CAP,
      totalPages: LIST_COUNT_CAP / 20,
      totalCapped: true,
    });
    const narrow = await call(
      w.manager,
      'GET',
      `/api/kyc/filter?customerId=${w.company.partner.id}`,
    );
    expect(narrow.json()).not.toHaveProperty('totalCapped');

    // A cursor goes past the offset's bound: the rows after page 499, in the same order.
    let cursor = last.json().nextCursor as string;
    const after = await call(
      w.manager,
      'GET',
      `/api/kyc/filter?kycStatus=REJECTED&page=500&cursor=${cursor}`,
    );
    expect(after.statusCode).toBe(200);
    expect(after.json().content).toHaveLength(Math.min(20, rejected - LIST_COUNT_CAP));
    const { rows: expected } = (await server.app.db.execute(
      sql`select id::int as id from kyc_submissions where status = 'REJECTED'
          order by updated_at desc, id desc offset 10000 limit 20`,
    )) as unknown as { rows: { id: number }[] };
    expect(after.json().content.map((row: { id: number }) => row.id)).toEqual(
      expected.map((row) => Number(row.id)),
    );
    cursor = after.json().nextCursor as string;

    // A cursor is only good for the order it was made in, and nothing else is a cursor.
    for (const [query, reason] of [
      [`kycStatus=REJECTED&sort=createdAt,desc&cursor=${cursor}`, 'another order'],
      ['kycStatus=REJECTED&cursor=not-a-cursor', 'not a cursor'],
    ]) {
      const refused = await call(w.manager, 'GET', `/api/kyc/filter?${query}`);
      expect(refused.statusCode, reason).toBe(400);
      expect(refused.json().details).toEqual([
        { field: 'querystring.cursor', message: expect.stringContaining('nextCursor') },
      ]);
    }
  });

  it('pages by cursor to the end, each row once, while files are added and changed between pages', async () => {
    const partner = await createPartner(server, w.company.owner);
    for (let n = 0; n < 10; n += 1) {
      await insertKycSubmission(server, { tradePartnerId: partner.id, status: 'CANCELLED' });
    }
    const { rows: before } = (await server.app.db.execute(
      sql`select id::int as id from kyc_submissions where status = 'CANCELLED'`,
    )) as unknown as { rows: { id: number }[] };
    const existing = new Set(before.map((row) => Number(row.id)));
    for (const order of ['createdAt,desc', 'id,asc', 'tradePartnerName,asc', 'updatedAt,desc']) {
      const seen: number[] = [];
      const changed = new Set<number>();
      let cursor: string | undefined;
      for (let page = 0; ; page += 1) {
        const query = `kycStatus=CANCELLED&size=3&sort=${order}${cursor ? `&cursor=${cursor}` : ''}`;
        const body = (await call(w.manager, 'GET', `/api/kyc/filter?${query}`)).json();
        seen.push(...body.content.map((row: { id: number }) => row.id));
        cursor = body.nextCursor;
        if (!cursor) break;
        // Between pages: a new file, and an existing one not yet listed changed.
        await insertKycSubmission(server, { tradePartnerId: partner.id, status: 'CANCELLED' });
        const waiting = [...existing].find((id) => !seen.includes(id) && !changed.has(id));
        if (waiting !== undefined) {
          changed.add(waiting);
          await server.app.db.execute(
            sql`update kyc_submissions set updated_at = now() where id = ${waiting}`,
          );
        }
      }
      expect(new Set(seen).size, `${order}: no row twice`).toBe(seen.length);
      // Every file there from the start is listed, except one that a change moved to a page
      // already read (only the order by last change moves a row).
      const missing = [...existing].filter((id) => !seen.includes(id));
      if (order === 'updatedAt,desc') {
        expect(
          missing.every((id) => changed.has(id)),
          order,
        ).toBe(true);
      } else {
        expect(missing, order).toEqual([]);
      }
    }
  });

  it("gives a partner only its own companies' files, whatever cursor it sends", async () => {
    const { rows } = (await server.app.db.execute(sql`
      select trade_partner_id::int as id from trade_partner_members
      where user_id = ${w.company.owner.userId}`)) as unknown as {
      rows: { id: number }[];
    };
    const own = new Set(rows.map((row) => Number(row.id)));
    const staffPage = (await call(w.manager, 'GET', '/api/kyc?size=1')).json();
    expect(staffPage.nextCursor).toEqual(expect.any(String));
    const body = (
      await call(w.company.owner, 'GET', `/api/kyc?size=100&cursor=${staffPage.nextCursor}`)
    ).json();
    expect(body.content.length).toBeGreaterThan(0);
    for (const row of body.content as { tradePartnerId: number }[]) {
      expect(own.has(row.tradePartnerId), `company ${row.tradePartnerId}`).toBe(true);
    }
  });

  it('walks the customers by cursor, each company once, in the order of their names', async () => {
    const walked: { name: string; latestKycId: number }[] = [];
    let cursor: string | undefined;
    do {
      const body = (
        await call(
          w.manager,
          'GET',
          `/api/kyc/customers?size=3${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json();
      walked.push(
        ...body.content.map((row: { name: string; latestKycId: number }) => ({
          name: row.name,
          latestKycId: row.latestKycId,
        })),
      );
      cursor = body.nextCursor;
    } while (cursor);
    expect(walked).toEqual(await recomputedCustomers(server));
  });

  it.each([
    ['decidedAt,asc', "coalesce(s.decided_at, 'infinity') asc, p.id asc"],
    ['status,desc', 's.status desc, p.id desc'],
    ['updatedAt,desc', 's.updated_at desc, p.id desc'],
  ])('walks the customers by cursor in the order %s, each company once', async (sort, order) => {
    const walked: number[] = [];
    let cursor: string | undefined;
    do {
      const body = (
        await call(
          w.manager,
          'GET',
          `/api/kyc/customers?size=4&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`,
        )
      ).json();
      walked.push(...body.content.map((row: { latestKycId: number }) => row.latestKycId));
      cursor = body.nextCursor;
    } while (cursor);
    const { rows } = (await server.app.db.execute(
      sql.raw(`select s.id::int as id from kyc_latest_submissions l
        join kyc_submissions s on s.id = l.kyc_id join trade_partners p on p.id = l.trade_partner_id
        order by ${order}`),
    )) as unknown as { rows: { id: number }[] };
    expect(walked).toEqual(rows.map((row) => Number(row.id)));
  });

  it('pages in the order asked, each row once, newest change first by default', async () => {
    const all: number[] = [];
    for (let page = 0; ; page += 1) {
      const body = (
        await call(w.manager, 'GET', `/api/kyc/filter?kycStatus=APPROVED&size=7&page=${page}`)
      ).json();
      all.push(...body.content.map((row: { id: number }) => row.id));
      if (page + 1 >= body.totalPages) break;
    }
    const { rows } = (await server.app.db.execute(
      sql`select id::int as id from kyc_submissions where status = 'APPROVED'
          order by updated_at desc, id desc`,
    )) as unknown as { rows: { id: number }[] };
    expect(all).toEqual(rows.map((row) => Number(row.id)));
  });
});
