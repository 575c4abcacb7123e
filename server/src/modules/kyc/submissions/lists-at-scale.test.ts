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

  it('keeps the customers list equal to the recomputed latest file after random changes', async () => {
    const partners = await Promise.all(
      [0, 1, 2, 3, 4, 5].map(() => createPartner(server, w.company.owner)),
    );
    const next = random(15);
    const ids: number[] = [];
    for (let round = 0; round < 40; round += 1) {
      const partner = partners[Math.floor(next() * partners.length)]!;
      if (ids.length > 0 && next() < 0.3) {
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
    }
  });

  it(`counts up to ${LIST_COUNT_CAP}, says when it stopped, and pages no deeper`, async () => {
    const partner = await createPartner(server, w.company.owner);
    const { id: first } = await insertKycSubmission(server, {
      tradePartnerId: partner.id,
      status: 'REJECTED',
    });
    await server.app.db.execute(sql`
      insert into kyc_submissions (trade_partner_id, obliged_entity_id, status, updated_at)
      select trade_partner_id, obliged_entity_id, 'REJECTED', now() - make_interval(secs => n)
      from kyc_submissions, generate_series(1, ${LIST_COUNT_CAP}) n where id = ${first}`);

    const capped = await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=REJECTED&size=20');
    expect(capped.statusCode).toBe(200);
    expect(capped.json()).toMatchObject({
      totalElements: LIST_COUNT_CAP,
      totalPages: LIST_COUNT_CAP / 20,
      totalCapped: true,
    });
    const last = await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=REJECTED&page=499');
    expect(last.statusCode).toBe(200);
    expect(last.json().content).toHaveLength(20);

    const beyond = await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=REJECTED&page=500');
    expect(beyond.statusCode).toBe(400);
    expect(beyond.json().details).toEqual([
      { field: 'querystring.page', message: expect.stringContaining('narrow the list') },
    ]);

    // Below the cap the total is exact and nothing says otherwise.
    const exact = (await call(w.manager, 'GET', '/api/kyc/filter?kycStatus=IN_REVIEW')).json();
    expect(exact).not.toHaveProperty('totalCapped');
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
