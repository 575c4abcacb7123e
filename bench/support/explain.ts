/**
 * `EXPLAIN (ANALYZE, BUFFERS)` of the lists' main queries, for `--explain` (issue 16). The SQL is
 * written out by hand from the repositories as they were on main when the benchmark was written
 * (submissions-repository.ts `page` and `customersPage`, partners-repository.ts `page`): update
 * it with them, or it explains queries the server no longer runs.
 */
import type pg from 'pg';

const VIEW = `select s.*, p.uuid, p.name, o.uuid, o.name,
    r.id, r.first_name, r.last_name, r.username, r.email,
    q.id, q.first_name, q.last_name, q.username, q.email,
    c.id, c.first_name, c.last_name, c.username, c.email
  from kyc_submissions s
  join trade_partners p on p.id = s.trade_partner_id
  join obliged_entities o on o.id = s.obliged_entity_id
  left join users r on r.id = s.reviewer_id
  left join users q on q.id = s.approval_requested_by
  left join users c on c.id = s.created_by`;
const COUNT = `select count(*) from kyc_submissions s
  join trade_partners p on p.id = s.trade_partner_id`;
const ORDER = 'order by s.updated_at desc, s.id desc';
const STEPS = `select * from kyc_steps where kyc_id in (
  select s.id from kyc_submissions s ${ORDER} limit 20) order by kyc_id, step_type`;
const LATEST = `select distinct on (trade_partner_id) trade_partner_id, id, uuid, status, updated_at
  from kyc_submissions order by trade_partner_id, created_at desc, id desc`;
// partners-repository.ts `page` with a search (decision 021): one query for a term that matches
// at most 1000 partners.
const PARTNER_SEARCH = `select p.*, m.matched from (
    select id, name, created_at, count(*) over () as matched from (
      select id, name, created_at from trade_partners where lower(name) like '%rossi%' limit 1001
    ) matching order by name, id limit 20
  ) m join trade_partners p on p.id = m.id order by m.name, m.id`;

export const EXPLAINED: [string, string][] = [
  ['filter IN_REVIEW: count', `${COUNT} where s.status in ('IN_REVIEW')`],
  ['filter IN_REVIEW: page 0', `${VIEW} where s.status in ('IN_REVIEW') ${ORDER} limit 20`],
  ['list: count', COUNT],
  ['list: page 0', `${VIEW} ${ORDER} limit 20`],
  ['list: the steps of page 0', STEPS],
  ['list: page 400', `${VIEW} ${ORDER} limit 20 offset 8000`],
  ['customers: count', 'select count(distinct trade_partner_id)::int from kyc_submissions'],
  [
    'customers: page 0',
    `select p.id, p.uuid, p.name, l.id, l.uuid, l.status, l.updated_at from (${LATEST}) l
     join trade_partners p on p.id = l.trade_partner_id order by p.name, p.id limit 20`,
  ],
  ['partners search: page 0 and count', PARTNER_SEARCH],
];

export async function explain(client: pg.Client): Promise<string> {
  const out: string[] = [];
  for (const [name, sql] of EXPLAINED) {
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${sql}`,
    );
    out.push(`-- ${name}`, ...rows.map((row) => row['QUERY PLAN']), '');
  }
  return out.join('\n');
}
