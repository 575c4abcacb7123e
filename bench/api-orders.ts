/**
 * The orders list under load at 10k and 1M orders (issue 20).
 *
 *   npm run bench:orders                                (sizes 10000,1000000)
 *   npx tsx bench/api-orders.ts --sizes 10000 --rounds 3 --seconds 5 --explain
 *
 * Needs PostgreSQL: DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/
 * postgres). For each size it recreates the scratch database nt24_bench_orders (--database), lets
 * the production server apply the migrations, seeds it in SQL (bench/support/seed-orders.ts),
 * starts the server again on it and runs autocannon (32 connections) against each list and
 * against `GET /api/auth/session/info` (authenticated, no database), interleaved round after
 * round; each figure is the median of the rounds, the ratio a list's requests per second over
 * the no-op's. Staff ask for every filter and sort the screen offers; a partner member of 25
 * companies asks for their first page. Exits non-zero when a list does not answer 200.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '#server/config.js';
import { loadOrCreateIdpKeys } from '#server/idp/keys.js';
import { person, signToken } from '#server/testing/harness.js';
import { recreateDatabase, stopServer } from '../e2e/support/server.js';
import { single, startBenchServer, type Single } from './support/bench-server.js';
import { drain, loadRound, median, type Round } from './support/load.js';
import { seedOrders, type OrderSeedTimes } from './support/seed-orders.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,1000000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    explain: { type: 'boolean', default: false },
    database: { type: 'string', default: 'nt24_bench_orders' },
    port: { type: 'string', default: '8194' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(args.port);
const base = `http://localhost:${PORT}`;

const NO_OP = '/api/auth/session/info';
const PAGE = 'page=0&size=20';
const staffLists = (partnerUuid: string, year: number) => [
  `/api/orders?${PAGE}`,
  `/api/orders?${PAGE}&sort=total,desc`,
  `/api/orders?${PAGE}&sort=number,asc`,
  `/api/orders?${PAGE}&status=IN_PROGRESS`,
  `/api/orders?${PAGE}&held=true`,
  `/api/orders?${PAGE}&tradePartnerUuid=${partnerUuid}`,
  `/api/orders?${PAGE}&from=${year}-01-01&to=${year}-03-31`,
  `/api/orders?${PAGE}&q=ORD-${year}-00001`,
  `/api/orders?${PAGE}&q=po-1234`,
  `/api/orders?page=400&size=20`,
];
/** The partner member's first page: the default order, spelt out to tell it from staff's. */
const PARTNER_LIST = `/api/orders?${PAGE}&sort=orderDate,desc`;

interface Target extends Single {
  rounds: Round[];
}

interface SizeResult {
  orders: number;
  seed: OrderSeedTimes;
  targets: Target[];
}

const EXPLAINED = [
  `select id from orders order by order_date desc, id desc limit 20`,
  `select id from orders where held order by order_date desc, id desc limit 20`,
  `select id from orders where number like 'ORD-2025-00001%' order by order_date desc, id desc limit 20`,
];

async function runSize(count: number): Promise<SizeResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-bench-orders-'));
  const databaseUrl = await recreateDatabase(ADMIN_URL, args.database);
  try {
    await stopServer(await startBenchServer(PORT, dataDir, databaseUrl));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    console.log(`seeding ${count} orders…`);
    let seed: OrderSeedTimes;
    let partnerUuid: string;
    try {
      seed = await seedOrders(client, count);
      console.log(`  seeded in ${(seed.total / 1000).toFixed(1)} s`);
      partnerUuid = (
        await client.query<{ uuid: string }>('select uuid from trade_partners order by id limit 1')
      ).rows[0]!.uuid;
      if (args.explain) {
        for (const query of EXPLAINED) {
          const plan = await client.query(`explain (analyze, buffers) ${query}`);
          console.log(`\n${query}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}`);
        }
      }
    } finally {
      await client.end();
    }

    const child = await startBenchServer(PORT, dataDir, databaseUrl);
    try {
      const config = loadConfig({ PUBLIC_URL: base, DATA_DIR: dataDir });
      const keys = await loadOrCreateIdpKeys(dataDir);
      const sign = (username: string, roles: string[], sub?: string) =>
        signToken(config, keys, person(username, roles, sub), { expiresIn: '2h' });
      const staff = await sign('benchmanager', ['NT24_MANAGER']);
      const partner = await sign('partneruser', ['OWNER'], 'bench-partner-user');
      const year = new Date().getFullYear() - 1;
      const urls = [NO_OP, ...staffLists(partnerUuid, year), PARTNER_LIST];
      const tokenOf = (url: string) => (url === PARTNER_LIST ? partner : staff);
      const targets: Target[] = [];
      for (const url of urls)
        targets.push({ ...(await single(base, url, tokenOf(url))), rounds: [] });
      await loadRound(`${base}${NO_OP}`, staff, CONNECTIONS, 2); // warm-up
      for (let round = 1; round <= ROUNDS; round++) {
        for (const target of targets) {
          const url = `${base}${target.path}`;
          target.rounds.push(await loadRound(url, tokenOf(target.path), CONNECTIONS, SECONDS));
          await drain(databaseUrl);
          console.log(
            `  round ${round} ${target.path}: ${target.rounds.at(-1)!.requestsPerSecond.toFixed(1)} req/s`,
          );
        }
      }
      return { orders: count, seed, targets };
    } finally {
      await stopServer(child);
    }
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const loadBefore = load();
const results: SizeResult[] = [];
for (const size of SIZES) results.push(await runSize(size));

const s = (ms: number) => (ms / 1000).toFixed(1);
console.log(
  `\nPostgreSQL; ${os.cpus().length} cores, load average ${loadBefore} before and ${load()} after; ${CONNECTIONS} connections, ${ROUNDS} rounds of ${SECONDS} s each, interleaved; medians of the rounds; ${new Date().toISOString()}`,
);
for (const result of results) {
  const noOp = median(result.targets[0]!.rounds.map((r) => r.requestsPerSecond));
  const { seed } = result;
  console.log(
    `\n${result.orders} orders: seeded in ${s(seed.total)} s (partners and files ${s(seed.partners)} s, orders ${s(seed.orders)} s, analyze ${s(seed.analyze)} s)\n`,
  );
  console.log('| path | total | alone (ms) | req/s | p50 (ms) | p95 (ms) | p99 (ms) | ratio |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const target of result.targets) {
    const rps = median(target.rounds.map((r) => r.requestsPerSecond));
    const cells = [
      rps.toFixed(1),
      median(target.rounds.map((r) => r.p50)).toFixed(0),
      median(target.rounds.map((r) => r.p95)).toFixed(0),
      median(target.rounds.map((r) => r.p99)).toFixed(0),
      (rps / noOp).toFixed(3),
    ];
    console.log(
      `| \`GET ${target.path}\` | ${target.totalElements ?? '–'} | ${target.singleMs.toFixed(1)} | ${cells.join(' | ')} |`,
    );
  }
}
