import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportJobSchema } from '#common/kyc-export.js';
import type { Config } from '#server/config.js';
import { requireUser } from '#server/plugins/auth.js';
import { fileHeaders } from '#server/storage/delivery.js';
import { requireParameters } from '#server/api-parameters.js';
import { tags, uuidParamsSchema } from '../kyc-schemas.js';
import { KYC_VARIANTS, refOf } from '../variants.js';
import { exportQuerySchema, jobParamsSchema } from './export-schemas.js';
import { createExportService } from './export-service.js';
import { createExportWorker } from './worker.js';
import { CONFLICT_ERRORS } from '#server/plugins/errors.js';

const pdf = z.unknown().describe('the PDF (application/pdf), as an attachment');
const PDF = 'application/pdf';

/**
 * The KYC review file as PDF (issue 8, decision 014): queued exports with progress, their
 * download, and the synchronous variant. Every process answers for every job; the ones with
 * EXPORT_WORKER on also build them.
 */
const exportRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const worker = createExportWorker({
    db: app.db,
    store: app.storage,
    log: app.log,
    config: config.exports,
  });
  const exports = createExportService(app.db, app.storage, app.log, {
    tempDir: config.exports.tempDir,
    wake: () => {
      if (config.exports.worker) worker.wake();
    },
  });
  if (config.exports.worker) {
    app.addHook('onReady', async () => worker.start());
    app.addHook('onClose', async () => worker.stop());
  }

  for (const variant of KYC_VARIANTS) {
    const operationId = `exportKycPdf${variant.suffix}`;
    app.get(
      `${variant.base}/export-pdf`,
      {
        schema: {
          tags,
          summary: `The KYC review file as one PDF, built while you wait, by ${variant.by} (staff)`,
          operationId,
          params: variant.params,
          querystring: exportQuerySchema,
          response: { 200: pdf },
        },
        preValidation: requireParameters(operationId, { params: [variant.param] }),
      },
      async (request, reply) => {
        const { filename, built } = await exports.exportNow(
          requireUser(request),
          refOf(request.params),
          request.query,
          request.headers['accept-language'],
        );
        const file = createReadStream(built.path);
        file.once('close', () => void built.discard());
        fileHeaders(reply, { fileName: filename, contentType: PDF }, 'attachment');
        return reply.header('content-length', built.size).send(file);
      },
    );
  }

  app.post(
    '/api/kyc/uuid/:uuid/export-pdf/start',
    {
      schema: {
        tags,
        summary: 'Queue a PDF export of a KYC file (staff); poll its status, then download it',
        operationId: 'startKycPdfExport',
        params: uuidParamsSchema,
        querystring: exportQuerySchema,
        response: { 202: exportJobSchema },
      },
      preValidation: requireParameters('startKycPdfExport', { params: ['uuid'] }),
    },
    async (request, reply) =>
      reply
        .status(202)
        .send(
          await exports.start(
            requireUser(request),
            { uuid: request.params.uuid },
            request.query,
            request.headers['accept-language'],
          ),
        ),
  );

  app.get(
    '/api/kyc/export-jobs/:jobId/status',
    {
      schema: {
        tags,
        summary: "A PDF export's status and progress (its requester and staff)",
        operationId: 'getKycExportJobStatus',
        params: jobParamsSchema,
        response: { 200: exportJobSchema },
      },
      preValidation: requireParameters('getKycExportJobStatus', { params: ['jobId'] }),
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send(await exports.status(requireUser(request), request.params.jobId)),
  );

  app.get(
    '/api/kyc/export-jobs/:jobId/download',
    {
      config: { errors: CONFLICT_ERRORS },
      schema: {
        tags,
        summary: 'The PDF of a COMPLETED export (its requester and staff); 409 before that',
        operationId: 'downloadKycExport',
        params: jobParamsSchema,
        response: { 200: pdf },
      },
      preValidation: requireParameters('downloadKycExport', { params: ['jobId'] }),
    },
    async (request, reply) => {
      const file = await exports.download(requireUser(request), request.params.jobId);
      fileHeaders(reply, { fileName: file.filename, contentType: PDF }, 'attachment');
      return reply.header('content-length', file.size).send(file.body as Readable);
    },
  );
};

export default exportRoutes;
