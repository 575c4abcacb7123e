import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUIRED_STEP_DOCUMENTS } from '#common/kyc.js';
import en from '../../../../../public/assets/i18n/en.json' with { type: 'json' };
import { buildApp, type App } from '#server/app.js';
import { kycExportJobs } from '#server/db/schema/kyc-export.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { audited } from '#server/testing/log-audit.js';
import {
  fillKyc,
  forceKycState,
  freshKyc,
  kycWorld,
  moveTo,
  type Kyc,
  type KycCompany,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';
import { createOrder } from '#server/testing/orders-fixtures.js';
import { pdfFile } from '#server/testing/access-world.js';
import { upload } from '#server/testing/documents-fixtures.js';
import {
  confirmedOrder,
  createShipment,
  shipmentBody,
} from '#server/testing/shipments-fixtures.js';
import { pdfText } from '#server/testing/pdf-text.js';
import { createExportJobRepository } from './jobs-repository.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
/** The six reviewed steps' names (summary is the file's overall status). */
const STEP_NAMES = Object.entries(en.kyc.steps)
  .filter(([key]) => key !== 'summary')
  .map(([, name]) => name);

type Job = { jobId: string; status: string; progress: number; [key: string]: unknown };

/** A company with a filled-in file: every step's data and its documents. */
async function filledFile(server: TestServer): Promise<{ company: KycCompany; kyc: Kyc }> {
  const file = await freshKyc(server);
  await fillKyc(server, file.company.owner, file.kyc, file.company.partner);
  return file;
}

async function waitFor(call: Caller, who: Actor, jobId: string, status: string): Promise<Job> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const job = (await call(who, 'GET', `/api/kyc/export-jobs/${jobId}/status`)).json() as Job;
    if (job.status === status) return job;
    if (Date.now() > deadline || (job.status === 'FAILED' && status !== 'FAILED')) {
      throw new Error(`job ${jobId} is ${JSON.stringify(job)}, expected ${status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const start = (call: Caller, who: Actor, kyc: Kyc, query = '') =>
  call(who, 'POST', `/api/kyc/uuid/${kyc.uuid}/export-pdf/start${query}`);

describe.each(databaseTargets())('KYC PDF export on %s', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target, { EXPORT_POLL_MS: '100' });
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  it('runs a job from start to download, and records the PDF’s SHA-256 in the audit trail', async () => {
    const { company, kyc } = await filledFile(server);
    const started = await start(call, w.manager, kyc);
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json() as Job;
    expect(job).toMatchObject({ filename: `kyc-export-${kyc.uuid}.pdf`, progress: 0 });
    expect(['QUEUED', 'IN_PROGRESS']).toContain(job.status);

    const done = await waitFor(call, w.manager, job.jobId, 'COMPLETED');
    expect(done).toMatchObject({ progress: 100, currentStep: 'done', errorMessage: null });

    const download = await call(w.manager, 'GET', `/api/kyc/export-jobs/${job.jobId}/download`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain(`kyc-export-${kyc.uuid}.pdf`);
    // A stored file's security headers (decision 026), as a document's download has them.
    expect(download.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'content-security-policy': expect.stringContaining("frame-ancestors 'self'"),
      'permissions-policy': expect.stringContaining('camera=()'),
    });
    expect(sha256(download.rawPayload)).toBe(done.sha256);

    const { text, pages } = await pdfText(download.rawPayload);
    expect(pages.length).toBe(done.pageCount);
    expect(text).toContain(company.partner.name);
    for (const name of STEP_NAMES) expect(text).toContain(name);

    const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    expect(audit.at(-1)).toMatchObject({
      action: 'pdf_exported',
      details: { jobId: job.jobId, sha256: done.sha256, pageCount: done.pageCount },
    });
  });

  it('shows the audit trail only when asked, and appends the full documents behind dividers, not a shipment’s papers', async () => {
    const { company, kyc } = await filledFile(server);
    // A shipment of the company with a CMR: logistics, not the company's file (decision 034).
    await forceKycState(server, kyc.id, { status: 'APPROVED', steps: 'APPROVED' });
    const order = await confirmedOrder(server, w.manager, company.partner);
    const shipment = await createShipment(
      server,
      w.manager,
      shipmentBody(order, [[order.lines[0]!, '1']]),
    );
    const cmr = await upload(
      server,
      w.manager,
      { userId: w.manager.userId, documentType: 'CMR' },
      pdfFile(),
      { path: `/api/documents/shipment/${shipment.id}` },
    );
    expect(cmr.statusCode, cmr.body).toBe(201);
    const url = `/api/kyc/${kyc.id}/export-pdf`;
    const lean = await call(w.employee, 'GET', `${url}?includeAuditLogs=false`);
    expect(lean.statusCode, lean.body).toBe(200);
    expect(lean.headers['content-disposition']).toContain(`kyc-submission-${kyc.id}.pdf`);
    const withAudit = await call(w.employee, 'GET', `${url}?includeAuditLogs=true`);
    const full = await call(
      w.employee,
      'GET',
      `${url}?includeAuditLogs=true&includeFullDocuments=true`,
    );
    const leanText = await pdfText(lean.rawPayload);
    const auditText = await pdfText(withAudit.rawPayload);
    const fullText = await pdfText(full.rawPayload);
    const trail = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
    const saved = trail.filter((event: { action: string }) => event.action === 'step_data_saved');
    expect(saved.length).toBeGreaterThan(0);
    expect(leanText.text).not.toContain(en.pdf.audit.title);
    expect(auditText.text).toContain(en.pdf.audit.title);

    // fillKyc uploads one single-page PDF per required document type: a divider and its page.
    const uploaded = new Set(Object.values(REQUIRED_STEP_DOCUMENTS).flat()).size;
    expect(fullText.pages.length - auditText.pages.length).toBe(uploaded * 2);

    // Each PDF was built in a temporary file in this server's own folder, gone once it was sent.
    await expect.poll(() => fs.readdir(server.config.exports.tempDir)).toEqual([]);
  });

  it('names the file after the order, shows the order on the cover, and writes in the exporter’s language', async () => {
    const { company, kyc } = await filledFile(server);
    const order = await createOrder(server, w.manager, company.partner, {
      orderDate: '2026-03-14',
    });
    const exported = (orderUuid: string) =>
      server.app.inject({
        method: 'GET',
        url: `/api/kyc/uuid/${kyc.uuid}/export-pdf?orderUuid=${orderUuid}`,
        headers: {
          authorization: `Bearer ${w.manager.token}`,
          'accept-language': 'de-DE,de;q=0.9',
        },
      });
    const response = await exported(order.uuid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`order-${order.uuid}.pdf`);
    const { pages } = await pdfText(response.rawPayload);
    const de = (
      await import('../../../../../public/assets/i18n/de.json', { with: { type: 'json' } })
    ).default;
    for (const shown of [
      company.partner.name,
      de.pdf.cover.title,
      de.pdf.cover.order,
      order.number,
      order.uuid,
      '14.03.2026',
      '59,98 €',
    ]) {
      expect(pages[0], shown).toContain(shown);
    }
    // Only an order of the file's company that the exporter may read.
    const unknown = await exported('5b0e8a52-7a7f-4d8e-9a53-3a2b1c0d9e8f');
    expect(unknown.statusCode).toBe(404);
    const other = await createOrder(server, w.manager, w.strangerPartner);
    expect((await exported(other.uuid)).statusCode).toBe(404);
    const queued = await start(call, w.manager, kyc, `?orderUuid=${other.uuid}`);
    expect(queued.statusCode).toBe(404);
  });

  it('queues an order’s export whose cover shows the order', async () => {
    const { company, kyc } = await filledFile(server);
    const order = await createOrder(server, w.manager, company.partner);
    const started = await start(call, w.employee, kyc, `?orderUuid=${order.uuid}`);
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().filename).toBe(`order-${order.uuid}.pdf`);
    const done = await waitFor(call, w.employee, started.json().jobId, 'COMPLETED');
    const download = await call(w.employee, 'GET', `/api/kyc/export-jobs/${done.jobId}/download`);
    const { pages } = await pdfText(download.rawPayload);
    expect(pages[0]).toContain(order.number);
    expect(pages[0]).toContain('€59.98');
  });

  it('names who asked for the approval of an approved file', async () => {
    const { kyc } = await filledFile(server);
    await forceKycState(server, kyc.id, { status: 'IN_REVIEW', steps: 'APPROVED' });
    const status = `/api/kyc/${kyc.id}/status`;
    const asked = await call(
      w.employee,
      'POST',
      status,
      moveTo(w.employee, 'WAITING_FOR_APPROVAL', { isCompliant: true }),
    );
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await call(
      w.manager,
      'POST',
      status,
      moveTo(w.manager, 'APPROVED', { isCompliant: true }),
    );
    expect(approved.statusCode, approved.body).toBe(201);

    const response = await call(w.manager, 'GET', `/api/kyc/${kyc.id}/export-pdf`);
    expect(response.statusCode).toBe(200);
    const { text } = await pdfText(response.rawPayload);
    const employee = `${w.employee.claims.given_name} ${w.employee.claims.family_name}`;
    expect(text).toContain(`${en.pdf.summary.approvalRequestedBy} ${employee}`);
  });

  it('lets only staff export, and shows a job to no one from another company', async () => {
    const { company, kyc } = await filledFile(server);
    expect((await start(call, company.owner, kyc)).statusCode).toBe(403);
    expect((await start(call, w.stranger, kyc)).statusCode).toBe(404);
    expect((await call(company.owner, 'GET', `/api/kyc/${kyc.id}/export-pdf`)).statusCode).toBe(
      403,
    );

    const job = (await start(call, w.manager, kyc)).json() as Job;
    for (const who of [w.stranger, company.owner, company.admin]) {
      const status = await call(who, 'GET', `/api/kyc/export-jobs/${job.jobId}/status`);
      expect(status.statusCode).toBe(404);
      expect(status.json().message).toBe(`Export job ${job.jobId} not found.`);
      const download = await call(who, 'GET', `/api/kyc/export-jobs/${job.jobId}/download`);
      expect(download.statusCode).toBe(404);
    }
    expect(
      (await call(w.employee, 'GET', `/api/kyc/export-jobs/${job.jobId}/status`)).statusCode,
    ).toBe(200);
    await waitFor(call, w.manager, job.jobId, 'COMPLETED');
  });

  it('refuses bad options with the field and the reason', async () => {
    const { kyc } = await filledFile(server);
    const bad = await start(call, w.manager, kyc, '?includeAuditLogs=maybe&filename=../x.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('includeAuditLogs');
    const named = await start(call, w.manager, kyc, '?filename=..%2Fsecret.pdf');
    expect(named.statusCode).toBe(400);
    expect(named.body).toContain('filename');
    const unknown = await call(w.manager, 'GET', '/api/kyc/export-jobs/not-a-uuid/status');
    expect(unknown.statusCode).toBe(400);
  });
});

/** A store whose document reads take a while, so a job is surely under way when stopped. */
function slowStore(store: DocumentStore, delayMs: number): DocumentStore {
  return {
    ...store,
    backend: store.backend,
    put: (...args) => store.put(...args),
    stat: (...args) => store.stat(...args),
    delete: (...args) => store.delete(...args),
    diagnose: () => store.diagnose(),
    async get(key, range) {
      if (key.startsWith('documents/')) await new Promise((r) => setTimeout(r, delayMs));
      return store.get(key, range);
    },
  };
}

describe.each(databaseTargets())('KYC PDF export jobs across processes on %s', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;
  const others: App[] = [];

  /** Another API process on the same database and store, which builds exports. */
  async function worker(store?: DocumentStore): Promise<App> {
    const config = {
      ...server.config,
      exports: { ...server.config.exports, worker: true, pollMs: 50 },
    };
    const app = await buildApp(config, {
      database: server.database,
      ...(store ? { store } : {}),
      ...audited()?.build,
    });
    await app.ready();
    others.push(app);
    return app;
  }

  beforeAll(async () => {
    // This process answers calls only: the jobs wait until a worker process comes.
    server = await startTestServer(target, { EXPORT_WORKER: 'false' });
    call = caller(server);
    w = await kycWorld(server);
  });
  const stopWorkers = async () => {
    for (const app of others.splice(0)) await app.close();
  };
  afterAll(async () => {
    await stopWorkers();
    await server.close();
  });

  it('keeps a job queued without a worker; a download before it is done is 409', async () => {
    const { kyc } = await filledFile(server);
    const job = (await start(call, w.manager, kyc)).json() as Job;
    expect(job.status).toBe('QUEUED');
    const early = await call(w.manager, 'GET', `/api/kyc/export-jobs/${job.jobId}/download`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('QUEUED');
  });

  it('never gives one job to two processes', async () => {
    const { kyc } = await filledFile(server);
    const job = (await start(call, w.manager, kyc)).json() as Job;
    const jobs = createExportJobRepository(server.database.db);
    const claims = await Promise.all(
      Array.from({ length: 4 }, () => jobs.claim(crypto.randomUUID(), 30)),
    );
    const mine = claims.filter((claim) => claim?.id === job.jobId);
    expect(mine).toHaveLength(1);
  });

  it('finishes a job whose process died, once its lease has run out', async () => {
    const { kyc } = await filledFile(server);
    const job = (await start(call, w.manager, kyc)).json() as Job;
    // What a process killed mid-export leaves behind: the job in progress, its lease over.
    await server.database.db
      .update(kycExportJobs)
      .set({
        status: 'IN_PROGRESS',
        attempts: 1,
        progress: 40,
        stage: 'documents',
        leaseToken: crypto.randomUUID(),
        leaseUntil: new Date(Date.now() - 1000),
      })
      .where(eq(kycExportJobs.id, job.jobId));
    await worker();
    const done = await waitFor(call, w.manager, job.jobId, 'COMPLETED');
    const download = await call(w.manager, 'GET', `/api/kyc/export-jobs/${job.jobId}/download`);
    expect(sha256(download.rawPayload)).toBe(done.sha256);
    const [row] = await server.database.db
      .select()
      .from(kycExportJobs)
      .where(eq(kycExportJobs.id, job.jobId));
    expect(row!.attempts).toBe(2);
  });

  it('gives a job back when its server stops, and finishes it after the restart', async () => {
    const { kyc } = await filledFile(server);
    await stopWorkers();
    const stopping = await worker(slowStore(server.app.storage, 400));
    const job = (await start(call, w.manager, kyc, '?includeFullDocuments=true')).json() as Job;
    await waitFor(call, w.manager, job.jobId, 'IN_PROGRESS');
    await stopping.close();
    const stopped = (
      await call(w.manager, 'GET', `/api/kyc/export-jobs/${job.jobId}/status`)
    ).json();
    expect(stopped).toMatchObject({ status: 'QUEUED', progress: 0 });

    await worker();
    const done = await waitFor(call, w.manager, job.jobId, 'COMPLETED');
    expect(done.pageCount).toBeGreaterThan(10);
  });
});
