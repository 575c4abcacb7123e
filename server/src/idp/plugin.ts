import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.js';
import { seedDemoAccounts } from './accounts.js';
import { deleteExpiredPayloads } from './adapter.js';
import { registerIframePages } from './iframes.js';
import { registerLoginRoutes } from './interactions.js';
import type { IdpKeys } from './keys.js';
import { createProvider, mountPath } from './provider.js';
import { registerRegistrationRoutes } from './registration.js';
import { forgetOldFailures } from './sign-in-throttle.js';
import { registerUserinfoRoutes } from './userinfo.js';
import { IDENTITY_PROVIDER_POLICY } from '#server/plugins/security-headers.js';

const CLEANUP_EVERY_MS = 10 * 60 * 1000;

/**
 * The development OpenID Connect provider, at the realm URL Keycloak would have
 * (`/realms/nt24`), so the unmodified keycloak-js signs in against it. In production
 * Keycloak takes its place by configuration alone.
 */
export default fp(
  async function devIdentityProvider(
    app: FastifyInstance,
    opts: { config: Config; keys: IdpKeys },
  ) {
    const { config, keys } = opts;
    const { db } = app;
    const mount = mountPath(config);

    const created = await seedDemoAccounts(db);
    if (created.length) app.log.info({ accounts: created }, 'demo accounts created');

    const provider = createProvider({ config, keys, db, log: app.log });

    // Our own pages and endpoints; Fastify prefers them to the wildcard below.
    registerLoginRoutes(app, { provider, config, db });
    registerRegistrationRoutes(app, { provider, config, db });
    registerUserinfoRoutes(app, { config, keys, db });
    registerIframePages(app, { provider, config });

    // Everything else under the realm goes to oidc-provider (a Koa app), in a context of its own
    // whose only body parser leaves the body unread: oidc-provider reads and checks it itself.
    const handle = provider.callback();
    await app.register(async function oidcProviderMount(scope) {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
      scope.route({
        method: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'],
        url: `${mount}/*`,
        schema: { hide: true },
        helmet: {
          contentSecurityPolicy: IDENTITY_PROVIDER_POLICY,
          xFrameOptions: { action: 'sameorigin' },
        },
        // Token, authorization and session endpoints: the per-address limit (decision 025).
        onRequest: (request) => app.limits.identityProvider(request),
        handler: async (request, reply) => {
          if (!request.raw.url?.startsWith(`${mount}/`)) return reply.callNotFound();
          reply.hijack();
          // As under Express' app.use(mount, ...): oidc-provider derives its URLs from the difference.
          const raw = request.raw as IncomingMessage & { originalUrl?: string };
          raw.originalUrl = raw.url;
          raw.url = raw.url!.slice(mount.length) || '/';
          await handle(raw, reply.raw);
        },
      });
    });

    // Expired sessions, codes and tokens are only ignored on read; remove them now and then,
    // with failed sign-ins that no longer count.
    const cleanup = () => {
      Promise.all([deleteExpiredPayloads(db), forgetOldFailures(db)]).then(
        ([payloads, failures]) =>
          (payloads || failures) &&
          app.log.debug({ payloads, failures }, 'expired identity provider records removed'),
        (error: unknown) =>
          app.log.warn({ err: error }, 'removing expired identity provider records failed'),
      );
    };
    // Jitter keeps processes started together from cleaning up in lockstep; the first run comes
    // soon after start, since development servers restart more often than every ten minutes.
    const jitter = () => Math.floor(Math.random() * 60_000);
    const first = setTimeout(cleanup, 30_000 + jitter());
    const timer = setInterval(cleanup, CLEANUP_EVERY_MS + jitter());
    first.unref();
    timer.unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(timer);
    });
  },
  { name: 'dev-identity-provider', dependencies: ['db', 'rate-limits'] },
);
