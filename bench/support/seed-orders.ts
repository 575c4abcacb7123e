/**
 * Seeds a migrated, otherwise empty database with `count` orders straight in SQL (one statement
 * per table, generate_series), for the orders list benchmark (issue 20). Rows are made from
 * hashes of their number, so a size always seeds the same data.
 *
 * - trade_partners: count / 50 (at least 20), each with one KYC file; the file of one company in
 *   eight is not approved (in review, changes requested or rejected), so that company's confirmed
 *   and running orders are held;
 * - orders: spread over four years of order dates, 10% DRAFT, 20% CONFIRMED, 20% IN_PROGRESS,
 *   45% COMPLETED, 5% CANCELLED, in both directions, each with a customer reference and a total
 *   (the list reads no lines, so none are seeded: `line_count` says 3);
 * - users: one partner user, OWNER member of the first 25 companies.
 */
import type pg from 'pg';

const MEMBER_COMPANIES = 25;

/** A deterministic integer in [0, modulo) from a row number and a salt. */
const pick = (expr: string, salt: number, modulo: number) =>
  `(abs(hashint8((${expr})::bigint * 16 + ${salt})::bigint) % ${modulo})`;

export interface OrderSeedTimes {
  partners: number;
  orders: number;
  analyze: number;
  total: number;
}

export async function seedOrders(client: pg.Client, count: number): Promise<OrderSeedTimes> {
  const partners = Math.max(20, Math.round(count / 50));
  const times: Partial<OrderSeedTimes> = {};
  const started = Date.now();
  const timed = async (name: keyof OrderSeedTimes, sql: string) => {
    const at = Date.now();
    await client.query(sql);
    times[name] = (times[name] ?? 0) + (Date.now() - at);
  };
  await client.query('set synchronous_commit = off');
  await client.query("set maintenance_work_mem = '256MB'");

  await timed(
    'partners',
    `insert into users (identity_id, username, email, first_name, last_name, roles)
     values ('bench-partner-user', 'partneruser', 'partner@bench.example', 'Pat', 'Partner',
             array['OWNER'])`,
  );
  await timed(
    'partners',
    `insert into trade_partners (name, email, country, verified, created_at, updated_at)
     select 'Bench Trading ' || i || ' B.V.', 'info' || i || '@company' || i || '.example',
            (array['NL','DE','IT','ES','FR','BE','PL','DK'])[1 + ${pick('i', 1, 8)}], true,
            now() - interval '5 years', now() - interval '5 years'
     from generate_series(1, ${partners}) i`,
  );
  await timed(
    'partners',
    `insert into trade_partner_members (trade_partner_id, user_id, role, access_level)
     select p.id, u.id, 'OWNER', 'OWNER'
     from (select id from trade_partners order by id limit ${MEMBER_COMPANIES}) p,
          users u where u.identity_id = 'bench-partner-user'`,
  );
  await timed(
    'partners',
    `insert into kyc_submissions (trade_partner_id, obliged_entity_id, status, created_at, updated_at)
     select p.id, (select id from obliged_entities order by id limit 1),
            case when ${pick('p.id', 2, 8)} = 0
                 then (array['IN_REVIEW','CHANGES_REQUESTED','REJECTED'])[1 + ${pick('p.id', 3, 3)}]
                 else 'APPROVED' end,
            now() - interval '4 years', now() - interval '4 years'
     from trade_partners p`,
  );
  const status = `(array['DRAFT','CONFIRMED','CONFIRMED','IN_PROGRESS','IN_PROGRESS','COMPLETED',
      'COMPLETED','COMPLETED','COMPLETED','CANCELLED'])[1 + ${pick('i', 4, 10)}]`;
  await timed(
    'orders',
    `with company as (
       select id, row_number() over (order by id) as n from trade_partners
     ), seeded as (
       select i, (current_date - ${pick('i', 5, 1460)}::int) as day, ${status} as status
       from generate_series(1, ${count}) i
     )
     insert into orders (number, trade_partner_id, direction, customer_reference, order_date,
       requested_delivery_date, incoterm, currency, total, line_count, status, cancel_reason,
       created_at, updated_at, confirmed_at)
     select 'ORD-' || extract(year from s.day) || '-' || lpad(s.i::text, 7, '0'), c.id,
            case when s.i % 3 = 0 then 'PURCHASE' else 'SALE' end,
            'PO-' || lpad(${pick('s.i', 6, 1000000)}::text, 6, '0'),
            s.day, s.day + 30, 'FCA', 'EUR',
            (${pick('s.i', 7, 10000000)} / 100.0)::numeric(24, 2), 3, s.status,
            case when s.status = 'CANCELLED' then 'Customer withdrew' end,
            s.day::timestamptz, s.day::timestamptz + interval '2 days',
            case when s.status <> 'DRAFT' then s.day::timestamptz + interval '1 day' end
     from seeded s join company c on c.n = 1 + (s.i - 1) % ${partners}`,
  );
  await timed('analyze', 'analyze');
  times.total = Date.now() - started;
  return times as OrderSeedTimes;
}
