/**
 * Memory check for documents: uploads and downloads a 20 MB file through the production
 * server and reports how much the server's resident memory rises while doing so, for the
 * local document store and for an S3-protocol store (s3rver in a child process).
 *
 *   npm run bench:documents     (or: npx tsx bench/documents-memory.ts)
 *
 * The server runs in its own process; its resident set size is read from /proc (Linux) every
 * few milliseconds, and its peak (VmHWM) is reset before each transfer. With DATABASE_URL set
 * the server uses a fresh PostgreSQL database (nt24_bench) instead of embedded PGlite, whose
 * WebAssembly heap makes the server's resident memory several hundred MB larger.
 */
import { randomBytes, createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '#server/config.js';
import { loadOrCreateIdpKeys } from '#server/idp/keys.js';
import { person, signToken } from '#server/testing/harness.js';
import { startS3Server } from '#server/testing/s3-server.js';
import {
  recreateDatabase,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../e2e/support/server.js';
import { measure } from './support/rss.js';

const FILE_MB = 20;
const ROUNDS = 3;
const PORT = 8190;
const base = `http://localhost:${PORT}`;

/** A file that sniffs as a PDF: the header, then incompressible bytes. */
function pdfLike(bytes: number): Buffer {
  const header = Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1');
  return Buffer.concat([header, randomBytes(bytes - header.length)]);
}

interface Row {
  store: string;
  label: string;
  fileMb: number;
  uploadRiseMb: number;
  downloadRiseMb: number;
  baselineMb: number;
  uploadMs: number;
  downloadMs: number;
}

async function runAgainst(store: 'local' | 's3'): Promise<Row[]> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-bench-'));
  const s3 = store === 's3' ? await startS3Server() : undefined;
  const databaseUrl = process.env.DATABASE_URL
    ? await recreateDatabase(process.env.DATABASE_URL, 'nt24_bench')
    : undefined;
  const child = spawnServer({
    port: PORT,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: {
      LOG_LEVEL: 'error',
      DOCUMENT_MAX_BYTES: String(FILE_MB * 6 * 1024 * 1024),
      ...(s3?.env ?? {}),
    },
  });
  try {
    await waitUntilReady(PORT);
    const pid = child.pid!;
    const config = loadConfig({ PUBLIC_URL: base, DATA_DIR: dataDir });
    const keys = await loadOrCreateIdpKeys(dataDir);
    const token = await signToken(config, keys, person('benchmanager', ['NT24_MANAGER']));
    const auth = { authorization: `Bearer ${token}` };
    const ensured = (await (
      await fetch(`${base}/api/auth/keycloak/ensure-user`, { method: 'POST', headers: auth })
    ).json()) as { userId: number };
    const partners = (await (
      await fetch(`${base}/api/partners?size=1`, { headers: auth })
    ).json()) as {
      content: { uuid: string }[];
    };
    const partnerUuid = partners.content[0]!.uuid;

    const upload = async (file: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([file], { type: 'application/pdf' }), 'bench.pdf');
      const url = `${base}/api/documents?userId=${ensured.userId}&documentType=OTHER&tradePartnerUuid=${partnerUuid}`;
      const response = await fetch(url, { method: 'POST', headers: auth, body: form });
      if (response.status !== 201)
        throw new Error(`upload: ${response.status} ${await response.text()}`);
      return (await response.json()) as { id: number; sha256: string };
    };
    const download = async (id: number) => {
      const response = await fetch(`${base}/api/documents/${id}/content`, { headers: auth });
      if (!response.ok || !response.body) throw new Error(`download: ${response.status}`);
      const hash = createHash('sha256');
      for await (const chunk of response.body) hash.update(chunk as Uint8Array);
      return hash.digest('hex');
    };

    const transfer = async (label: string, megabytes: number): Promise<Row> => {
      const file = pdfLike(megabytes * 1024 * 1024);
      let document: { id: number; sha256: string } | undefined;
      let started = Date.now();
      const up = await measure(pid, async () => {
        document = await upload(file);
      });
      const uploadMs = Date.now() - started;
      started = Date.now();
      let downloaded = '';
      const down = await measure(pid, async () => {
        downloaded = await download(document!.id);
      });
      const downloadMs = Date.now() - started;
      if (downloaded !== document!.sha256) throw new Error('downloaded bytes differ from uploaded');
      return {
        store,
        label,
        fileMb: megabytes,
        baselineMb: up.before / 1024,
        uploadRiseMb: (up.peak - up.before) / 1024,
        downloadRiseMb: (down.peak - down.before) / 1024,
        uploadMs,
        downloadMs,
      };
    };

    // The first transfer of a fresh server also grows its heaps and allocator pools once.
    const rows: Row[] = [await transfer('first', FILE_MB)];
    for (let round = 1; round <= ROUNDS; round++)
      rows.push(await transfer(`round ${round}`, FILE_MB));
    // A server that held the file would rise by about the file's size: five times larger here.
    rows.push(await transfer('5× larger', FILE_MB * 5));
    return rows;
  } finally {
    await stopServer(child);
    await s3?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const rows = [...(await runAgainst('local')), ...(await runAgainst('s3'))];
const mb = (n: number) => n.toFixed(1);
console.log(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; rise = peak RSS during the transfer minus RSS just before it\n`,
);
console.log(
  '| store | transfer | file (MB) | RSS before (MB) | rise on upload (MB) | rise on download (MB) | upload (ms) | download (ms) |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.store} | ${r.label} | ${r.fileMb} | ${mb(r.baselineMb)} | ${mb(r.uploadRiseMb)} | ${mb(r.downloadRiseMb)} | ${r.uploadMs} | ${r.downloadMs} |`,
  );
}
// The first transfer of a fresh server is reported but not judged: it grows the heaps once.
const judged = rows.filter((r) => r.label !== 'first');
const worst = Math.max(...judged.flatMap((r) => [r.uploadRiseMb, r.downloadRiseMb]));
console.log(
  `\nworst rise after the first transfer ${mb(worst)} MB; the smallest file is ${FILE_MB} MB: ${worst < FILE_MB ? 'PASS' : 'FAIL'}`,
);
if (worst >= FILE_MB) process.exitCode = 1;
