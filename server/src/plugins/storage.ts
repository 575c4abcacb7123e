import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, StorageConfig } from '#server/config.js';
import { createLocalStore } from '#server/storage/local.js';
import { createS3Store } from '#server/storage/s3.js';
import type { DocumentStore } from '#server/storage/storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: DocumentStore;
  }
}

/** The store the configuration names: a local folder by default, an S3 bucket when S3_BUCKET is set. */
export function createStore(config: StorageConfig): DocumentStore & { destroy?: () => void } {
  if (config.kind === 'local') return createLocalStore(config);
  return createS3Store({
    bucket: config.bucket,
    region: config.region,
    endpoint: config.endpoint,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    forcePathStyle: config.forcePathStyle,
    prefix: config.prefix,
  });
}

export interface StoragePluginOptions {
  config: Config;
  /** Used instead of the configured store (tests); the app then leaves it open. */
  store?: DocumentStore;
}

/** Decorates `app.storage` with the document store the configuration names. */
export default fp(
  async function storage(app: FastifyInstance, opts: StoragePluginOptions) {
    if (opts.store) {
      app.decorate('storage', opts.store);
      return;
    }
    const settings = opts.config.storage;
    const store = createStore(settings);
    app.log.info(
      settings.kind === 's3'
        ? { storage: 's3', bucket: settings.bucket, endpoint: settings.endpoint }
        : { storage: 'local', dir: settings.dir },
      'document store ready',
    );
    app.decorate('storage', store);
    if (store.destroy) app.addHook('onClose', async () => store.destroy?.());
  },
  { name: 'storage' },
);
