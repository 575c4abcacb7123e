/**
 * Start-up check (issue 16): starts the server on an empty data folder and times it from the
 * process start to the first 200 of /api/ready, several times, optionally while other processes
 * keep every core busy.
 *
 *   npm run build:server && npx tsx scripts/start-check.ts --runs 5 --busy
 *   npx tsx scripts/start-check.ts --source     # through tsx, as `npm start` did before
 *
 * With DATABASE_URL set, each run gets a fresh PostgreSQL database (nt24_start_check) instead
 * of embedded PGlite. Exits 1 when a start fails or takes longer than --limit seconds.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    busy: { type: 'boolean', default: false },
    source: { type: 'boolean', default: false },
    port: { type: 'string', default: '8490' },
    limit: { type: 'string', default: '120' },
  },
});
const runs = Number(args.runs);
const port = Number(args.port);
const limitMs = Number(args.limit) * 1000;

/** One busy loop per core, each in its own process, until stopped. */
function keepCoresBusy(): ChildProcess[] {
  return Array.from({ length: os.availableParallelism() }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
}

async function freshDatabase(adminUrl: string): Promise<string> {
  const name = 'nt24_start_check';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function waitForReady(child: ChildProcess): Promise<void> {
  const deadline = Date.now() + limitMs;
  let exited = false;
  child.once('exit', () => (exited = true));
  while (Date.now() < deadline) {
    if (exited) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/ready`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`not ready within ${limitMs / 1000} s`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

async function startOnce(run: number): Promise<number> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-start-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
  };
  delete env.DATABASE_URL;
  if (process.env.DATABASE_URL) env.DATABASE_URL = await freshDatabase(process.env.DATABASE_URL);
  const command = args.source
    ? ['--import', 'tsx', 'server/src/main.ts']
    : ['--enable-source-maps', '--conditions=nt24-build', 'build/server/src/main.js'];
  const started = performance.now();
  const child = spawn(process.execPath, command, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  child.stdout!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (log += chunk.toString()));
  try {
    await waitForReady(child);
    const ms = performance.now() - started;
    const creating = log.split('\n').find((line) => line.includes('database in'));
    if (run === 1 && creating) console.log(`  log: ${creating.trim().slice(0, 160)}`);
    return ms;
  } catch (error) {
    console.error(log.slice(-2000));
    throw error;
  } finally {
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const busy = args.busy ? keepCoresBusy() : [];
const figures: number[] = [];
let failures = 0;
try {
  console.log(
    `${runs} starts, ${args.source ? 'tsx on the sources' : 'compiled build'}, ` +
      `${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite on an empty data folder'}, ` +
      `${args.busy ? `${busy.length} busy loops` : 'quiet'}`,
  );
  for (let run = 1; run <= runs; run++) {
    try {
      const ms = await startOnce(run);
      figures.push(ms);
      console.log(`  start ${run}: ready after ${(ms / 1000).toFixed(1)} s`);
    } catch (error) {
      failures++;
      console.log(`  start ${run}: FAILED (${(error as Error).message})`);
    }
  }
} finally {
  for (const child of busy) child.kill('SIGKILL');
}
const sorted = [...figures].sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)];
console.log(
  `${figures.length} of ${runs} started` +
    (median === undefined
      ? ''
      : `; median ${(median / 1000).toFixed(1)} s, ` +
        `slowest ${(sorted.at(-1)! / 1000).toFixed(1)} s`),
);
process.exit(failures === 0 ? 0 : 1);
