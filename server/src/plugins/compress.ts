import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * What is worth compressing: JSON and text. Binary answers (document downloads, the PDF
 * export, thumbnails) are PDFs and images, already compressed, which the plugin leaves alone as
 * mime-db marks them incompressible; unlike the plugin's default, `application/octet-stream`
 * is not listed, so no unnamed bytes are compressed either.
 */
const TEXT = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]xml(?:;|$)|\/javascript(?:;|$)/;

/**
 * Brotli (preferred) or gzip for API answers of 1 KB or more, as the client accepts. The built
 * app's files are compressed once at build (scripts/precompress.ts) and sent with their
 * `content-encoding` already set, which the plugin leaves as it is; a Range answer (206) is
 * never compressed.
 */
export default fp(
  async function compression(app: FastifyInstance) {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: 1024,
      customTypes: TEXT,
    });
  },
  { name: 'compress' },
);
