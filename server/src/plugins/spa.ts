import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

const NOT_SPA = /^\/(api|realms)(\/|$)/;

/** Serves the built single-page app; other GETs that want HTML get index.html
 * so the browser's router can take them. */
export default fp(
  async function spa(app: FastifyInstance, opts: { root: string }) {
    if (!fs.existsSync(path.join(opts.root, 'index.html'))) {
      app.log.warn({ root: opts.root }, 'no built app to serve; run `npm run build`');
      return;
    }
    await app.register(fastifyStatic, { root: opts.root, wildcard: false, index: false });
    app.get('/*', { schema: { hide: true } }, (request, reply) => {
      const wantsHtml = (request.headers.accept ?? '').includes('text/html');
      if (NOT_SPA.test(request.url) || !wantsHtml) {
        return reply.callNotFound();
      }
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    });
  },
  { name: 'spa' },
);
