import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { authenticate } from './accounts.js';
import { mountPath } from './provider.js';
import { errorPage, INVALID_CREDENTIALS, loginPage } from './views.js';

const EXPIRED = 'This sign-in page has expired. Go back to the portal to sign in again.';

function sendHtml(reply: FastifyReply, html: string, status = 200) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'SAMEORIGIN')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; base-uri 'none'",
    )
    .send(html);
}

/**
 * The provider's interaction pages: the sign-in form, and no consent screen. An interaction
 * belongs to the browser holding its cookie; without it the page has simply expired.
 */
export function registerLoginRoutes(
  app: FastifyInstance,
  opts: { provider: Provider; config: Config; db: Db },
) {
  const { provider, config, db } = opts;
  const url = `${mountPath(config)}/login/:uid`;
  const params = z.object({ uid: z.string().min(1).max(100) });
  const body = z.object({
    username: z.string().max(320).default(''),
    password: z.string().max(1024).default(''),
  });
  const action = (uid: string) => `${mountPath(config)}/login/${encodeURIComponent(uid)}`;

  async function current(request: FastifyRequest, reply: FastifyReply, uid: string) {
    try {
      const interaction = await provider.interactionDetails(request.raw, reply.raw);
      return interaction.uid === uid ? interaction : undefined;
    } catch (error) {
      if (error instanceof errors.SessionNotFound) return undefined;
      throw error;
    }
  }

  /** Grants whatever the provider still asks for, so the user never sees a consent screen. */
  async function consent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { prompt, params: requested, session, grantId } = interaction;
    if (requested.client_id !== config.oidc.clientId || !session) {
      return sendHtml(reply, errorPage({ message: EXPIRED, appUrl: config.publicUrl }), 400);
    }
    const grant =
      (grantId ? await provider.Grant.find(grantId) : undefined) ??
      new provider.Grant({ accountId: session.accountId, clientId: config.oidc.clientId });
    const details = prompt.details as {
      missingOIDCScope?: string[];
      missingOIDCClaims?: string[];
      missingResourceScopes?: Record<string, string[]>;
    };
    if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
    if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
    for (const [indicator, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
      grant.addResourceScope(indicator, scopes.join(' '));
    }
    const returnTo = await provider.interactionResult(request.raw, reply.raw, {
      consent: { grantId: await grant.save() },
    });
    return reply.redirect(returnTo, 303);
  }

  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(url, { schema: { hide: true, params } }, async (request, reply) => {
    const interaction = await current(request, reply, request.params.uid);
    if (!interaction)
      return sendHtml(reply, errorPage({ message: EXPIRED, appUrl: config.publicUrl }), 400);
    if (interaction.prompt.name !== 'login') return consent(request, reply, interaction);
    const hint = interaction.params.login_hint;
    return sendHtml(
      reply,
      loginPage({
        action: action(interaction.uid),
        username: typeof hint === 'string' ? hint : '',
      }),
    );
  });

  routes.post(url, { schema: { hide: true, params, body } }, async (request, reply) => {
    const interaction = await current(request, reply, request.params.uid);
    if (!interaction)
      return sendHtml(reply, errorPage({ message: EXPIRED, appUrl: config.publicUrl }), 400);
    if (interaction.prompt.name !== 'login') return reply.redirect(action(interaction.uid), 303);

    const { username, password } = request.body;
    const account = await authenticate(db, username, password);
    if (!account) {
      request.log.info('sign-in refused');
      return sendHtml(
        reply,
        loginPage({ action: action(interaction.uid), username, error: INVALID_CREDENTIALS }),
      );
    }
    request.log.info({ accountId: account.id }, 'signed in');
    // Not remembered: the session cookie ends with the browser session, as Keycloak's does.
    const returnTo = await provider.interactionResult(
      request.raw,
      reply.raw,
      { login: { accountId: account.id, amr: ['pwd'], remember: false } },
      { mergeWithLastSubmission: false },
    );
    return reply.redirect(returnTo, 303);
  });
}
