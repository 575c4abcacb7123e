import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NOT_SPA = /^\/(api|realms)(\/|$)/;

// Vite names what it builds `<name>-<8-character hash>.<ext>` under assets/: a new build writes
// new names, so the browser may keep these for good. Everything else (index.html, the
// translations, the icon) is checked with the server on every use.
const HASHED_ASSET = /^assets\/[^/]+-[\w-]{8}(\.\w+)+$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** The cache policy of one file of the built app, by its path relative to the root. */
export function cacheControlFor(relativePath: string): string {
  return HASHED_ASSET.test(relativePath.split(path.sep).join('/')) ? IMMUTABLE : REVALIDATE;
}

/** Serves the built single-page app; other GETs that want HTML get index.html
 * so the browser's router can take them. The build writes a Brotli and a gzip copy of each
 * text file (scripts/precompress.ts): those are sent to browsers that accept them. */
export default fp(
  async function spa(app: FastifyInstance, opts: { root: string }) {
    if (!fs.existsSync(path.join(opts.root, 'index.html'))) {
      app.log.warn({ root: opts.root }, 'no built app to serve; run `npm run build`');
      return;
    }
    const root = path.resolve(opts.root);
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => {
        reply.header('cache-control', cacheControlFor(path.relative(root, filePath)));
      },
    });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (NOT_SPA.test(request.url) || !wantsHtml) {
        return reply.callNotFound();
      }
      return reply.sendFile('index.html');
    });
  },
  { name: 'spa' },
);
