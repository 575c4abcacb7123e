import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Provider } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '#server/config.js';
import { mountPath, OIDC_PATH } from './provider.js';
import { loginStatusIframe, thirdPartyCookiesStep1, thirdPartyCookiesStep2 } from './views.js';

/**
 * The pages keycloak-js loads in hidden iframes when `checkLoginIframe` or silent check-sso is on
 * (the portal turns both off, but Keycloak serves them, so they answer correctly here too).
 */
export function registerIframePages(
  app: FastifyInstance,
  opts: { provider: Provider; config: Config },
) {
  const { provider, config } = opts;
  const base = `${mountPath(config)}${OIDC_PATH}`;
  const origin = new URL(config.publicUrl).origin;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const page = (reply: FastifyReply, html: string) =>
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html);

  routes.get(`${base}/3p-cookies/step1.html`, { schema: { hide: true } }, (_request, reply) =>
    page(reply, thirdPartyCookiesStep1()),
  );
  routes.get(`${base}/3p-cookies/step2.html`, { schema: { hide: true } }, (_request, reply) =>
    page(reply, thirdPartyCookiesStep2()),
  );
  routes.get(`${base}/login-status-iframe.html`, { schema: { hide: true } }, (_request, reply) =>
    page(reply, loginStatusIframe()),
  );

  const query = z.object({
    client_id: z.string().max(200).default(''),
    origin: z.string().max(2000).default(''),
    session_state: z.string().max(200).default(''),
  });
  const known = (q: z.infer<typeof query>) =>
    q.client_id === config.oidc.clientId && q.origin === origin;

  // Keycloak's own check that the asking page belongs to the client.
  routes.get(
    `${base}/login-status-iframe.html/init`,
    { schema: { hide: true, querystring: query } },
    (request, reply) => reply.code(known(request.query) ? 204 : 403).send(),
  );

  // "unchanged" while the browser's session is the one the token belongs to (its `sid`).
  routes.get(
    `${base}/login-status-iframe.html/check`,
    { schema: { hide: true, querystring: query } },
    async (request, reply) => {
      reply.header('content-type', 'text/plain; charset=utf-8').header('cache-control', 'no-store');
      if (!known(request.query)) return reply.send('error');
      const session = await provider.Session.get(provider.createContext(request.raw, reply.raw));
      const sid = session.accountId
        ? (session.authorizations?.[config.oidc.clientId]?.sid ?? '')
        : '';
      return reply.send(sid === request.query.session_state ? 'unchanged' : 'changed');
    },
  );
}
