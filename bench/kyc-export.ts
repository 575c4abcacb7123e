/**
 * Time and memory of the KYC review file's PDF export (issue 8): a file with 10 and one with 50
 * documents (multi-page PDFs and 3000×2000 photos), exported with the audit trail, thumbnails
 * and full documents through the production server's queue, then downloaded and checked.
 *
 *   npm run bench:export     (or: npx tsx bench/kyc-export.ts)
 *
 * Each size is exported five times, each time as the first export of a fresh server process,
 * database and data folder, so that no export reuses memory another one left behind. The
 * server's resident set size is read from /proc (Linux) every few milliseconds while the export
 * runs, and its peak (VmHWM) is reset before. With DATABASE_URL set the server uses a fresh
 * PostgreSQL database (nt24_bench_export) instead of embedded PGlite. Exits non-zero when an
 * export fails.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PageSizes, PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';
import type { DocumentType } from '#common/documents.js';
import { REQUIRED_STEP_DOCUMENTS, STEP_DOCUMENT_TYPES } from '#common/kyc.js';
import { EXPORT_STAGES } from '#common/kyc-export.js';
import { DATA_STEP_TYPES } from '#common/kyc-steps.js';
import { loadConfig } from '#server/config.js';
import { loadOrCreateIdpKeys } from '#server/idp/keys.js';
import { person, signToken } from '#server/testing/harness.js';
import { validStepData } from '#server/testing/kyc-fixtures.js';
import { address, uniqueCoc, validVat, type Partner } from '#server/testing/partners-fixtures.js';
import {
  recreateDatabase,
  spawnServer,
  stopServer,
  waitUntilReady,
} from '../e2e/support/server.js';
import { measure } from './support/rss.js';

const SIZES = [10, 50];
/** Each size is measured on this many fresh servers: one run's peak depends on the GC's timing. */
const RUNS = 5;
const POLL_MS = 250;
const EXPORT_TIMEOUT_MS = 15 * 60 * 1000;
const PORT = 8191;
const base = `http://localhost:${PORT}`;
const MB = 1024 * 1024;

/**
 * A photo-like JPEG: noise drawn small and scaled up, so it compresses as a photo does rather
 * than as flat colour (which would be a few KB) or pure noise (several MB).
 */
async function photo(width: number, height: number, grain: number, quality: number) {
  const small = await sharp({
    create: {
      width: Math.round(width / grain),
      height: Math.round(height / grain),
      channels: 3,
      background: { r: 128, g: 128, b: 128 },
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(small).resize(width, height, { kernel: 'cubic' }).jpeg({ quality }).toBuffer();
}

/** A scan-like PDF of 3 to 6 pages, each with text and a photo of about 150 KB. */
async function scannedPdf(index: number, type: DocumentType): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const pages = 3 + (index % 4);
  for (let number = 1; number <= pages; number++) {
    const page = doc.addPage(PageSizes.A4);
    page.drawText(`${type} ${index}, page ${number} of ${pages}`, {
      x: 50,
      y: 790,
      size: 16,
      font,
    });
    for (let line = 0; line < 12; line++) {
      page.drawText(
        `Line ${line + 1}: the registered details as the issuing office printed them.`,
        {
          x: 50,
          y: 760 - line * 16,
          size: 10,
          font,
        },
      );
    }
    const image = await doc.embedJpg(await photo(800, 600, 3, 72));
    page.drawImage(image, { x: 50, y: 120, width: 495, height: 371 });
  }
  return Buffer.from(await doc.save());
}

/** Required types first, so even the warm-up file is complete; then the other step types. */
const TYPES: DocumentType[] = [
  ...new Set([
    ...Object.values(REQUIRED_STEP_DOCUMENTS).flat(),
    ...Object.values(STEP_DOCUMENT_TYPES).flat(),
  ]),
];

/** Two in five documents are 3000×2000 photos of 1–2 MB, the others scanned PDFs. */
async function documentFile(index: number) {
  const type = TYPES[index % TYPES.length]!;
  const name = `${type.toLowerCase()}-${index}`;
  if (index % 5 === 1 || index % 5 === 3) {
    const content = await photo(3000, 2000, 4 + (index % 4), 80);
    return { type, content, name: `${name}.jpg`, contentType: 'image/jpeg' };
  }
  const content = await scannedPdf(index, type);
  return { type, content, name: `${name}.pdf`, contentType: 'application/pdf' };
}

/** A caller of the API as one token; fails on any status but `expected`. */
function client(token: string) {
  return async <T>(method: string, url: string, expected: number, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body instanceof FormData || body === undefined
          ? {}
          : { 'content-type': 'application/json' }),
      },
      ...(body === undefined
        ? {}
        : { body: body instanceof FormData ? body : JSON.stringify(body) }),
    });
    if (response.status !== expected) {
      throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
    }
    return (await response.json()) as T;
  };
}

interface Job {
  jobId: string;
  status: string;
  currentStep: string;
  errorMessage: string | null;
  pageCount: number | null;
  size: number | null;
  sha256: string | null;
}

async function signIn(tokenFor: (roles: string[]) => Promise<string>, roles: string[]) {
  const token = await tokenFor(roles);
  const call = client(token);
  const { userId } = await call<{ userId: number }>('POST', '/api/auth/keycloak/ensure-user', 200);
  return { call, userId, token };
}

type Actor = Awaited<ReturnType<typeof signIn>>;
type TokenFor = (roles: string[]) => Promise<string>;

const newCompany = (owner: Actor, name: string) =>
  owner.call<Partner>('POST', '/api/partners', 201, {
    name,
    country: 'NL',
    cocNumber: uniqueCoc(),
    vatNumber: validVat('NL'),
    address,
  });

/** Uploads the `index`th document of the mix for the company, as the app does. */
async function uploadDocument(owner: Actor, partner: Partner, index: number) {
  const file = await documentFile(index);
  const form = new FormData();
  form.append('file', new Blob([file.content], { type: file.contentType }), file.name);
  const query = `userId=${owner.userId}&documentType=${file.type}&tradePartnerUuid=${partner.uuid}`;
  const { id } = await owner.call<{ id: number }>('POST', `/api/documents?${query}`, 201, form);
  return { id, type: file.type, bytes: file.content.length };
}

/**
 * A company whose owner starts a KYC file, uploads `count` documents, fills in every step and
 * submits it; the manager takes it in review and comments, so the report has every section.
 */
async function companyWithFile(
  owner: Actor,
  manager: Actor,
  count: number,
): Promise<{ uuid: string; originalBytes: number }> {
  const partner = await newCompany(owner, `Bench Trading ${count} B.V.`);
  const kyc = await owner.call<{ id: number; uuid: string }>('POST', '/api/kyc', 201, {
    tradePartnerId: partner.id,
  });
  let originalBytes = 0;
  let idDocumentId = 0;
  for (let index = 0; index < count; index++) {
    const uploaded = await uploadDocument(owner, partner, index);
    originalBytes += uploaded.bytes;
    if (uploaded.type === 'ID_DOCUMENT' && !idDocumentId) idDocumentId = uploaded.id;
  }
  const data = validStepData(partner, idDocumentId);
  for (const stepType of DATA_STEP_TYPES) {
    const url = `/api/kyc/${kyc.id}/steps/${stepType}/data?userId=${owner.userId}`;
    await owner.call('PUT', url, 200, { data: data[stepType] });
  }
  const move = (who: Actor, status: string) => ({
    status,
    userId: who.userId,
    comment: null,
    isCompliant: null,
  });
  await owner.call('POST', `/api/kyc/${kyc.id}/status`, 201, move(owner, 'SUBMITTED'));
  await manager.call('POST', `/api/kyc/${kyc.id}/status`, 201, move(manager, 'IN_REVIEW'));
  await manager.call('POST', `/api/kyc/${kyc.id}/comments`, 201, {
    comment: 'Checking the register extract against the UBO register.',
    stepType: 'coc',
  });
  return { uuid: kyc.uuid, originalBytes };
}

/** Starts an export with every option on and polls it until it is COMPLETED. */
async function exportFile(
  manager: Actor,
  uuid: string,
  seen: (job: Job) => void = () => {},
): Promise<Job> {
  const options = 'includeAuditLogs=true&includeDocumentThumbnails=true&includeFullDocuments=true';
  let job = await manager.call<Job>(
    'POST',
    `/api/kyc/uuid/${uuid}/export-pdf/start?${options}`,
    202,
  );
  const deadline = Date.now() + EXPORT_TIMEOUT_MS;
  seen(job);
  while (job.status !== 'COMPLETED') {
    if (job.status === 'FAILED' || job.status === 'CANCELED') {
      throw new Error(`export ${job.jobId} ${job.status}: ${job.errorMessage ?? ''}`);
    }
    if (Date.now() > deadline) throw new Error(`export ${job.jobId} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    job = await manager.call<Job>('GET', `/api/kyc/export-jobs/${job.jobId}/status`, 200);
    seen(job);
  }
  return job;
}

/** Downloads the PDF and checks it against what the status said: hash, size and pages. */
async function verifyDownload(who: Actor, job: Job): Promise<void> {
  const response = await fetch(`${base}/api/kyc/export-jobs/${job.jobId}/download`, {
    headers: { authorization: `Bearer ${who.token}` },
  });
  if (!response.ok) throw new Error(`download: ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== job.sha256) throw new Error(`download's SHA-256 ${sha256} is not ${job.sha256}`);
  if (bytes.length !== job.size) throw new Error(`download is ${bytes.length} B, not ${job.size}`);
  const pages = (await PDFDocument.load(bytes, { updateMetadata: false })).getPageCount();
  if (pages !== job.pageCount) throw new Error(`download has ${pages} pages, not ${job.pageCount}`);
}

interface Row {
  run: number;
  documents: number;
  originalsMb: number;
  beforeMb: number;
  peakMb: number;
  riseMb: number;
  /** The peak rise while each stage was under way, as the status last polled said. */
  stageRiseMb: Map<string, number>;
  pdfMb: number;
  pages: number;
  ms: number;
}

/** A fresh server (database, data folder, process) that exports a file of `count` documents. */
async function runFor(count: number, run: number): Promise<Row> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'nt24-bench-export-'));
  const databaseUrl = process.env.DATABASE_URL
    ? await recreateDatabase(process.env.DATABASE_URL, 'nt24_bench_export')
    : undefined;
  const child = spawnServer({
    port: PORT,
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: { LOG_LEVEL: 'error' },
  });
  // A server that fails to start says so at once, not after waitUntilReady's minute.
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`the server exited (${code})`))),
  );
  exited.catch(() => {});
  try {
    await Promise.race([waitUntilReady(PORT), exited]);
    const pid = child.pid!;
    const config = loadConfig({ PUBLIC_URL: base, DATA_DIR: dataDir });
    const keys = await loadOrCreateIdpKeys(dataDir);
    let people = 0;
    const tokenFor: TokenFor = (roles) =>
      signToken(config, keys, person(`bench${++people}`, roles), { expiresIn: '2h' });
    const manager = await signIn(tokenFor, ['NT24_MANAGER']);
    const file = await companyWithFile(await signIn(tokenFor, ['OWNER']), manager, count);

    let job: Job | undefined;
    let ms = 0;
    let stage = 'queued';
    const memory = await measure(
      pid,
      async () => {
        const started = Date.now();
        job = await exportFile(manager, file.uuid, (seen) => (stage = seen.currentStep));
        ms = Date.now() - started;
      },
      () => stage,
    );
    await verifyDownload(manager, job!);
    return {
      run,
      documents: count,
      originalsMb: file.originalBytes / MB,
      beforeMb: memory.before / 1024,
      peakMb: memory.peak / 1024,
      riseMb: (memory.peak - memory.before) / 1024,
      stageRiseMb: new Map(
        [...memory.byStage].map(([name, kb]) => [name, (kb - memory.before) / 1024]),
      ),
      pdfMb: job!.size! / MB,
      pages: job!.pageCount!,
      ms,
    };
  } finally {
    await stopServer(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
const loadBefore = load();
const rows: Row[] = [];
for (const count of SIZES) {
  for (let run = 1; run <= RUNS; run++) rows.push(await runFor(count, run));
}
const mb = (n: number) => n.toFixed(1);
console.log(
  `\n${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${os.cpus().length} cores, load average ${loadBefore} before and ${load()} after; rise = peak RSS from the start of the export to COMPLETED minus RSS just before it\n`,
);
console.log(
  '| documents | run | originals (MB) | PDF (MB) | pages | RSS before (MB) | peak RSS (MB) | peak rise (MB) | start to COMPLETED (s) |',
);
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.documents} | ${r.run} | ${mb(r.originalsMb)} | ${mb(r.pdfMb)} | ${r.pages} | ${mb(r.beforeMb)} | ${mb(r.peakMb)} | ${mb(r.riseMb)} | ${(r.ms / 1000).toFixed(1)} |`,
  );
}
// Polled every 250 ms, so a stage's figure may include the first moments of the next one.
const stages = EXPORT_STAGES.filter((name) => rows.some((r) => r.stageRiseMb.has(name)));
console.log(`\npeak rise (MB) while each stage was under way, as last polled\n`);
console.log(`| documents | run | ${stages.join(' | ')} |`);
console.log(`|---|---|${stages.map(() => '---|').join('')}`);
for (const r of rows) {
  const cells = stages.map((name) => {
    const rise = r.stageRiseMb.get(name);
    return rise === undefined ? '–' : mb(rise);
  });
  console.log(`| ${r.documents} | ${r.run} | ${cells.join(' | ')} |`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const medians = SIZES.map((documents) => {
  const of = rows.filter((r) => r.documents === documents);
  return {
    documents,
    originalsMb: median(of.map((r) => r.originalsMb)),
    pdfMb: median(of.map((r) => r.pdfMb)),
    peakMb: median(of.map((r) => r.peakMb)),
    riseMb: median(of.map((r) => r.riseMb)),
    ms: median(of.map((r) => r.ms)),
  };
});
const [small, large] = [medians[0]!, medians[medians.length - 1]!];
const slope = (large.riseMb - small.riseMb) / (large.originalsMb - small.originalsMb);
console.log(`\nmedians of ${RUNS} runs:`);
for (const m of medians) {
  console.log(
    `  ${m.documents} documents: originals ${mb(m.originalsMb)} MB, PDF ${mb(m.pdfMb)} MB, peak RSS ${mb(m.peakMb)} MB, peak rise ${mb(m.riseMb)} MB, ${(m.ms / 1000).toFixed(1)} s`,
  );
}
console.log(
  `from ${small.documents} to ${large.documents} documents the originals grew by ${mb(large.originalsMb - small.originalsMb)} MB, the PDF by ${mb(large.pdfMb - small.pdfMb)} MB and the peak rise by ${mb(large.riseMb - small.riseMb)} MB: ${slope.toFixed(2)} MB of memory per MB of originals (holding every original would be at least 1.00)`,
);
