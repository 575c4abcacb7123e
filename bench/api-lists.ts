/**
 * The staff lists under load at 10k, 100k (and, asked for, 1M) KYC submissions (issue 16).
 *
 *   npm run bench:api                                  (sizes 10000,100000)
 *   npx tsx bench/api-lists.ts --sizes 1000000 --rounds 3 --seconds 5
 *   npx tsx bench/api-lists.ts --sizes 100000 --only partners --database nt24_bench_search --port 8193
 *
 * Needs PostgreSQL: DATABASE_URL is an admin URL (default postgres://postgres@127.0.0.1:5432/
 * postgres). For each size it recreates the scratch database nt24_bench_lists (--database), lets the
 * production server apply the migrations, seeds it in SQL (bench/support/seed-lists.ts), starts
 * the server again on it and runs autocannon (32 connections) against each list and against
 * `GET /api/auth/session/info` (authenticated, no database), interleaved round after round in the
 * same process and run; each figure is the median of the rounds, the ratio a list's requests per
 * second over the no-op's. A list slower than --max-single-ms on a single request is not loaded
 * (at 1M on the first main, 32 connections of 5 s requests would take minutes a round); its
 * single-request time is printed instead. `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of the lists'
 * main queries after seeding. Exits non-zero when a list does not answer 200.
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
import { explain } from './support/explain.js';
import { drain, loadRound, median, type Round } from './support/load.js';
import { seedLists, type SeedTimes } from './support/seed-lists.js';

const { values: args } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    rounds: { type: 'string', default: '3' },
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '32' },
    'max-single-ms': { type: 'string', default: '1000' },
    explain: { type: 'boolean', default: false },
    /** Load only the lists whose path contains this (the no-op always runs). */
    only: { type: 'string' },
    /** The scratch database, for two runs side by side. */
    database: { type: 'string', default: 'nt24_bench_lists' },
    port: { type: 'string', default: '8192' },
  },
});
const SIZES = args.sizes.split(',').map(Number);
const ROUNDS = Number(args.rounds);
const SECONDS = Number(args.seconds);
const CONNECTIONS = Number(args.connections);
const MAX_SINGLE_MS = Number(args['max-single-ms']);
const ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = args.database;
const PORT = Number(args.port);
const base = `http://localhost:${PORT}`;

const NO_OP = '/api/auth/session/info';
const LISTS = [
  '/api/kyc/filter?kycStatus=IN_REVIEW&page=0&size=20',
  '/api/kyc/accessible?page=0&size=20',
  '/api/kyc?page=0&size=20',
  '/api/kyc/filter?page=400&size=20',
  '/api/kyc/customers?page=0&size=20',
  '/api/partners?search=rossi',
].filter((list) => args.only === undefined || list.includes(args.only));

interface Target extends Single {
  rounds: Round[];
}

interface SizeResult {
  submissions: number;
  seed: SeedTimes;
  targets: Target[];
}

async function runSize(submissions: number): Promise<SizeResult> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-bench-lists-'));
  const databaseUrl = await recreateDatabase(ADMIN_URL, DATABASE);
  try {
    // The server applies the migrations (and makes the obliged entity); the seed comes after.
    await stopServer(await startBenchServer(PORT, dataDir, databaseUrl));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    console.log(`seeding ${submissions} submissions…`);
    let seed: SeedTimes;
    try {
      seed = await seedLists(client, submissions);
      console.log(`  seeded in ${(seed.total / 1000).toFixed(1)} s`);
      if (args.explain) console.log(`\n${submissions} submissions:\n${await explain(client)}`);
    } finally {
      await client.end();
    }

    const child = await startBenchServer(PORT, dataDir, databaseUrl);
    try {
      const config = loadConfig({ PUBLIC_URL: base, DATA_DIR: dataDir });
      const keys = await loadOrCreateIdpKeys(dataDir);
      const token = await signToken(config, keys, person('benchmanager', ['NT24_MANAGER']), {
        expiresIn: '2h',
      });
      const targets: Target[] = [];
      for (const url of [NO_OP, ...LISTS])
        targets.push({ ...(await single(base, url, token)), rounds: [] });
      for (const target of targets.filter((t) => t.singleMs > MAX_SINGLE_MS)) {
        console.log(`  ${target.path}: ${target.singleMs.toFixed(0)} ms alone, not loaded`);
      }
      const loaded = targets.filter((t) => t.singleMs <= MAX_SINGLE_MS);
      await loadRound(`${base}${NO_OP}`, token, CONNECTIONS, 2); // warm-up
      for (let round = 1; round <= ROUNDS; round++) {
        for (const target of loaded) {
          target.rounds.push(await loadRound(`${base}${target.path}`, token, CONNECTIONS, SECONDS));
          await drain(databaseUrl);
          console.log(
            `  round ${round} ${target.path}: ${target.rounds.at(-1)!.requestsPerSecond.toFixed(1)} req/s`,
          );
        }
      }
      return { submissions, seed, targets };
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
    `\n${result.submissions} submissions: seeded in ${s(seed.total)} s (partners and users ${s(seed.partners)} s, submissions ${s(seed.submissions)} s, steps ${s(seed.steps)} s, analyze ${s(seed.analyze)} s)\n`,
  );
  console.log('| path | total | alone (ms) | req/s | p50 (ms) | p99 (ms) | ratio |');
  console.log('|---|---|---|---|---|---|---|');
  for (const target of result.targets) {
    const cells = target.rounds.length
      ? (() => {
          const rps = median(target.rounds.map((r) => r.requestsPerSecond));
          return [
            rps.toFixed(1),
            median(target.rounds.map((r) => r.p50)).toFixed(0),
            median(target.rounds.map((r) => r.p99)).toFixed(0),
            (rps / noOp).toFixed(3),
          ];
        })()
      : ['not loaded', '–', '–', '–'];
    console.log(
      `| \`GET ${target.path}\` | ${target.totalElements ?? '–'} | ${target.singleMs.toFixed(1)} | ${cells.join(' | ')} |`,
    );
  }
}
