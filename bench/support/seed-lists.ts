/**
 * Seeds a migrated, otherwise empty database with `submissions` KYC files straight in SQL (one
 * statement per table, generate_series), for the list benchmark (issue 16). Rows are made from
 * hashes of their number, so a size always seeds the same data.
 *
 * - trade_partners: submissions / 5, named "<surname> <sector> <legal form>" from 1000 surnames,
 *   so a surname such as Rossi (and Rossini) is in a few names in every thousand;
 * - kyc_submissions: five per company, one every ~90 s over the years; the latest of a company
 *   in any of KYC_STATUSES (so at most one open file, as kyc_submissions_open_key wants), the
 *   four before it decided or cancelled; updated_at scattered after created_at;
 * - kyc_steps: the six steps of each, with form data of the size the app saves (~150 B a step);
 * - users: 20 reviewers (staff) and one partner user, member of the first 25 companies.
 */
import type pg from 'pg';
import { KYC_STATUSES, KYC_STEP_TYPES, OPEN_KYC_STATUSES } from '#common/kyc.js';
import { TERMS_VERSION } from '#common/terms.js';

export const PARTNERS_PER_SUBMISSION = 1 / 5;
const REVIEWERS = 20;
const MEMBER_COMPANIES = 25;

const PREFIXES = [
  'Ross',
  'Bianc',
  'Ferr',
  'Esposit',
  'Roman',
  'Jans',
  'Bakk',
  'Viss',
  'Smit',
  'Mey',
  'Müll',
  'Schmid',
  'Fisch',
  'Web',
  'Wagn',
  'Beck',
  'Hoffm',
  'Schul',
  'Koch',
  'Richt',
  'Dub',
  'Mor',
  'Laur',
  'Sim',
  'Mich',
  'Garc',
  'Rodrig',
  'Martin',
  'Lop',
  'Sanch',
  'Per',
  'Gonzal',
  'Fernand',
  'Kowal',
  'Nowak',
  'Wisn',
  'Niel',
  'Hans',
  'Peder',
  'Ols',
];
const SUFFIXES = [
  'i',
  'o',
  'a',
  'en',
  'er',
  'es',
  'ez',
  'ini',
  'ello',
  'ari',
  'ski',
  'sen',
  'mann',
  'ens',
  'ing',
  'ard',
  'et',
  'ier',
  'on',
  'ot',
  'elli',
  'etti',
  'ucci',
  'ato',
  'ardi',
];
const SECTORS = [
  'Metals',
  'Trading',
  'Logistics',
  'Foods',
  'Textiles',
  'Chemicals',
  'Timber',
  'Plastics',
  'Machinery',
  'Electronics',
  'Paper',
  'Glass',
  'Steel',
  'Copper',
  'Grain',
  'Coffee',
  'Wines',
  'Shipping',
  'Recycling',
  'Pharma',
  'Energy',
  'Ceramics',
  'Leather',
];
const LEGAL_FORMS = ['B.V.', 'GmbH', 'S.r.l.', 'S.A.', 'SAS', 'Sp. z o.o.', 'ApS'];

/** A deterministic integer in [0, modulo) from a row number and a salt. */
const pick = (expr: string, salt: number, modulo: number) =>
  `(abs(hashint8((${expr})::bigint * 16 + ${salt})::bigint) % ${modulo})`;
const array = (values: readonly string[]) =>
  `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

const CLOSED = KYC_STATUSES.filter((status) => !OPEN_KYC_STATUSES.includes(status));

export interface SeedTimes {
  partners: number;
  submissions: number;
  steps: number;
  analyze: number;
  total: number;
}

export async function seedLists(client: pg.Client, submissions: number): Promise<SeedTimes> {
  const partners = Math.max(1, Math.round(submissions * PARTNERS_PER_SUBMISSION));
  const times: Partial<SeedTimes> = {};
  const started = Date.now();
  const timed = async (name: keyof SeedTimes, sql: string, values: unknown[] = []) => {
    const at = Date.now();
    await client.query(sql, values);
    times[name] = (times[name] ?? 0) + (Date.now() - at);
  };
  await client.query('set synchronous_commit = off');
  await client.query("set maintenance_work_mem = '256MB'");
  await client.query("set work_mem = '64MB'");

  await timed(
    'partners',
    `insert into users (identity_id, username, email, first_name, last_name, roles)
     select 'bench-reviewer-' || i, 'reviewer' || i, 'reviewer' || i || '@nt24.example',
            'Reviewer', 'Number ' || i, array['NT24_MANAGER']
     from generate_series(1, ${REVIEWERS}) i
     union all
     select 'bench-partner-user', 'partneruser', 'partner@bench.example', 'Pat', 'Partner',
            array['OWNER']`,
  );
  const name = `(${array(PREFIXES)})[1 + ${pick('i', 1, PREFIXES.length)}] ||
      (${array(SUFFIXES)})[1 + ${pick('i', 2, SUFFIXES.length)}] || ' ' ||
      (${array(SECTORS)})[1 + ${pick('i', 3, SECTORS.length)}] || ' ' ||
      (${array(LEGAL_FORMS)})[1 + ${pick('i', 4, LEGAL_FORMS.length)}]`;
  await timed(
    'partners',
    `insert into trade_partners (name, email, phone, website, legal_form, coc_number, vat_number,
       country, verified, terms_version, terms_accepted_at, created_at, updated_at)
     select ${name}, 'info' || i || '@company' || i || '.example', '+31 30 ' || lpad(i::text, 7, '0'),
            'https://company' || i || '.example', 'B.V.', 'BENCH' || lpad(i::text, 9, '0'),
            'NL' || lpad(i::text, 9, '0') || 'B99',
            (array['NL','DE','IT','ES','FR','BE','PL','DK'])[1 + ${pick('i', 5, 8)}],
            true, '${TERMS_VERSION}', now() - interval '4 years', now() - interval '4 years' + i * interval '1 minute',
            now() - interval '4 years' + i * interval '1 minute'
     from generate_series(1, ${partners}) i`,
  );
  await timed(
    'partners',
    `insert into trade_partner_members (trade_partner_id, user_id, role, access_level)
     select p.id, u.id, 'OWNER', 'OWNER'
     from (select id from trade_partners where coc_number like 'BENCH%' order by id
           limit ${MEMBER_COMPANIES}) p,
          users u where u.identity_id = 'bench-partner-user'`,
  );

  // Submission s belongs to company 1 + (s - 1) % partners, and is its latest when no s + partners
  // is left: only that one may be open.
  const lastRound = `(s + ${partners} > ${submissions})`;
  const status = `case when ${lastRound}
      then (${array(KYC_STATUSES)})[1 + ${pick('s', 6, KYC_STATUSES.length)}]
      else (${array(CLOSED)})[1 + ${pick('s', 7, CLOSED.length)}] end`;
  await timed(
    'submissions',
    `with company as (
       select id, row_number() over (order by id) as n
       from trade_partners where coc_number like 'BENCH%'
     ), reviewer as (
       select array_agg(id order by id) as ids from users where identity_id like 'bench-reviewer-%'
     ), seeded as (
       select s, ${status} as status,
              now() - (${submissions} - s) * interval '90 seconds' as created
       from generate_series(1, ${submissions}) s
     )
     insert into kyc_submissions (trade_partner_id, obliged_entity_id, reviewer_id,
       approval_requested_by, status, risk_level, version, created_at, updated_at, submitted_at,
       decided_at)
     select c.id, (select min(id) from obliged_entities),
            case when status not in ('DRAFT', 'SUBMITTED')
              then r.ids[1 + ${pick('s', 8, REVIEWERS)}] end,
            case when status in ('WAITING_FOR_APPROVAL', 'APPROVED')
              then r.ids[1 + ${pick('s', 9, REVIEWERS)}] end,
            status,
            case when status <> 'DRAFT'
              then (array['LOW','MEDIUM','HIGH'])[1 + ${pick('s', 10, 3)}] end,
            1 + ${pick('s', 11, 12)},
            created,
            created + ${pick('s', 12, 60 * 24 * 30)} * interval '1 minute',
            case when status <> 'DRAFT' then created + interval '2 days' end,
            case when status in ('APPROVED', 'REJECTED', 'CANCELLED')
              then created + interval '9 days' end
     from seeded
     join company c on c.n = 1 + (s - 1) % ${partners}
     cross join reviewer r
     order by s`,
  );

  // A step's status follows its file's; its data is what the app's forms save.
  await timed(
    'steps',
    `insert into kyc_steps (kyc_id, step_type, status, data, comment, reviewed_data, reviewed_at,
       version, created_at, updated_at)
     select k.id, t.step_type,
            case k.status
              when 'DRAFT' then case when t.n <= 2 then 'IN_PROGRESS' else 'PENDING' end
              when 'APPROVED' then 'APPROVED'
              when 'REJECTED' then case when t.n = 1 then 'REJECTED' else 'APPROVED' end
              when 'CHANGES_REQUESTED' then case when t.n = 2 then 'CHANGES_REQUESTED' else 'WAITING_FOR_APPROVAL' end
              when 'CANCELLED' then 'PENDING'
              else 'WAITING_FOR_APPROVAL' end,
            case t.step_type
              when 'coc' then jsonb_build_object('cocNumber', p.coc_number, 'registeredName', p.name,
                'legalForm', 'B.V.', 'registrationDate', '2010-03-01', 'extractDate', '2026-01-15')
              when 'contacts' then jsonb_build_object('people', jsonb_build_array(
                jsonb_build_object('firstName', 'Anna', 'lastName', 'de Vries', 'role', 'DIRECTOR'),
                jsonb_build_object('firstName', 'Bram', 'lastName', 'Jansen', 'role', 'UBO',
                  'ownershipPercentage', 60, 'dateOfBirth', '1980-01-31', 'nationality', 'NL')))
              when 'addresses' then jsonb_build_object('registered', jsonb_build_object(
                'street', 'Oudegracht', 'houseNumber', (k.id % 300)::text, 'postCode', '3511 AX',
                'city', 'Utrecht', 'country', p.country))
              when 'bank-and-vat' then jsonb_build_object('iban', 'NL91ABNA0417164300',
                'accountHolder', p.name, 'vatNumber', p.vat_number)
              when 'cdd' then jsonb_build_object('businessActivity', 'Wholesale of metals',
                'countriesOfOperation', jsonb_build_array('NL', 'DE'),
                'expectedMonthlyVolume', '250000.00', 'sourceOfFunds', 'Revenue from trading',
                'pepDeclared', false, 'sanctionsDeclared', false)
              else '{}'::jsonb end,
            case when k.status in ('CHANGES_REQUESTED', 'REJECTED') and t.n = 2
              then 'Please upload a register extract of the last three months.' end,
            null, case when k.status in ('APPROVED', 'REJECTED') then k.decided_at end,
            1 + (k.id % 4), k.created_at, k.updated_at
     from kyc_submissions k
     join trade_partners p on p.id = k.trade_partner_id
     cross join unnest(${array(KYC_STEP_TYPES)}) with ordinality t(step_type, n)
     where p.coc_number like 'BENCH%'`,
  );
  await timed('analyze', 'analyze');
  times.total = Date.now() - started;
  return times as SeedTimes;
}
