import fs from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.js';
import { createSweeper, sweepFolder, type Sweep } from '#server/storage/temp-files.js';

/** The periodic sweep runs four times per age limit, and at least every 15 minutes. */
export const sweepInterval = (maxAgeMs: number) => Math.min(maxAgeMs / 4, 15 * 60_000);

/**
 * Removes what a crash left half-written (decision 024): PDFs being built in
 * DATA_DIR/tmp/exports, the document store's unfinished uploads and, on S3, its incomplete
 * multipart uploads. Once before the server is ready, then periodically until it closes.
 */
export default fp(
  async function tempFiles(app: FastifyInstance, opts: { config: Config }) {
    const { temp, exports } = opts.config;
    await fs.mkdir(exports.tempDir, { recursive: true });
    const maxAgeMs = temp.maxAgeSeconds * 1000;
    const sweeper = (sweeps: Sweep[]) =>
      createSweeper({ sweeps, maxAgeMs, everyMs: sweepInterval(maxAgeMs), log: app.log });
    const store: Sweep = {
      name: app.storage.backend === 'local' ? 'uploads' : 'multipart uploads',
      run: (olderThan) => app.storage.sweep(olderThan),
    };
    const exported: Sweep = {
      name: 'exports',
      run: (olderThan) => sweepFolder(exports.tempDir, olderThan),
    };
    const disk = sweeper(app.storage.backend === 'local' ? [exported, store] : [exported]);
    const bucket = sweeper(app.storage.backend === 's3' ? [store] : []);
    // A slow or unreachable bucket must not hold the start (decision 010): its first sweep runs
    // alongside; the files on disk are swept before the server is ready.
    void bucket.sweep();
    await disk.sweep();
    disk.start();
    bucket.start();
    app.addHook('onClose', async () => {
      disk.stop();
      bucket.stop();
    });
  },
  { name: 'temp-files', dependencies: ['storage'] },
);
