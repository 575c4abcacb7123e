import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors, type Interaction, type Provider } from 'oidc-provider';
import { z } from 'zod';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { TooManyRequestsError } from '#server/errors.js';
import { authenticate, type IdpAccount } from './accounts.js';
import { CREATE_PROMPT, mountPath } from './provider.js';
import { currentLock, recordFailure, recordSuccess, signInKeys } from './sign-in-throttle.js';
import {
  accountLocked,
  errorPage,
  INVALID_CREDENTIALS,
  loginPage,
  tooManyAttempts,
  type PageNotice,
} from './views.js';

export const EXPIRED = 'This sign-in page has expired. Go back to the portal to sign in again.';

export function sendHtml(reply: FastifyReply, html: string, status = 200) {
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
 * The sign-in forms' share of the per-address limit (decision 025): undefined when the form may
 * be handled, else the notice for a 429 page.
 */
export async function formThrottled(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ notice: PageNotice; retryAfterSeconds: number } | undefined> {
  try {
    await app.limits.signIn(request);
    return undefined;
  } catch (error) {
    if (!(error instanceof TooManyRequestsError)) throw error;
    const retryAfterSeconds = error.retryAfterSeconds;
    return { notice: tooManyAttempts(retryAfterSeconds), retryAfterSeconds };
  }
}

export interface InteractionContext {
  provider: Provider;
  config: Config;
  db: Db;
}

/** The interaction pages' addresses: the sign-in form and, below it, the registration form. */
export function interactionUrls(config: Config, uid: string) {
  const login = `${mountPath(config)}/login/${encodeURIComponent(uid)}`;
  return { login, registration: `${login}/registration` };
}

export const interactionParams = z.object({ uid: z.string().min(1).max(100) });

/** Prompts answered by our forms; anything else (consent) is granted without a page. */
export function showsForm(interaction: Interaction): boolean {
  return interaction.prompt.name === 'login' || interaction.prompt.name === CREATE_PROMPT;
}

/** The interaction of this browser (by its cookie) if it is the one in the address. */
export async function currentInteraction(
  provider: Provider,
  request: FastifyRequest,
  reply: FastifyReply,
  uid: string,
): Promise<Interaction | undefined> {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === uid ? interaction : undefined;
  } catch (error) {
    if (error instanceof errors.SessionNotFound) return undefined;
    throw error;
  }
}

export function expired(reply: FastifyReply, config: Config) {
  return sendHtml(reply, errorPage({ message: EXPIRED, appUrl: config.publicUrl }), 400);
}

/**
 * Signs the account in and sends the browser on to finish the authorization request. A pending
 * `prompt=create` counts as answered, whether the person registered or signed in instead.
 */
export async function finishSignIn(
  { provider }: InteractionContext,
  request: FastifyRequest,
  reply: FastifyReply,
  interaction: Interaction,
  account: IdpAccount,
) {
  // Not remembered: the session cookie ends with the browser session, as Keycloak's does.
  const returnTo = await provider.interactionResult(
    request.raw,
    reply.raw,
    {
      login: { accountId: account.id, amr: ['pwd'], remember: false },
      ...(interaction.prompt.name === CREATE_PROMPT ? { [CREATE_PROMPT]: {} } : {}),
    },
    { mergeWithLastSubmission: false },
  );
  return reply.redirect(returnTo, 303);
}

/**
 * The provider's interaction pages: the sign-in form, and no consent screen. An interaction
 * belongs to the browser holding its cookie; without it the page has simply expired.
 */
export function registerLoginRoutes(app: FastifyInstance, context: InteractionContext) {
  const { provider, config, db } = context;
  const url = `${mountPath(config)}/login/:uid`;
  const query = z.object({ prompt: z.string().max(20).optional() });
  const body = z.object({
    username: z.string().max(320).default(''),
    password: z.string().max(1024).default(''),
  });

  /** Grants whatever the provider still asks for, so the user never sees a consent screen. */
  async function consent(request: FastifyRequest, reply: FastifyReply, interaction: Interaction) {
    const { prompt, params: requested, session, grantId } = interaction;
    if (requested.client_id !== config.oidc.clientId || !session) return expired(reply, config);
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

  routes.get(
    url,
    { schema: { hide: true, params: interactionParams, querystring: query } },
    async (request, reply) => {
      const interaction = await currentInteraction(provider, request, reply, request.params.uid);
      if (!interaction) return expired(reply, config);
      if (!showsForm(interaction)) return consent(request, reply, interaction);
      const links = interactionUrls(config, interaction.uid);
      // The provider sends registrations here with ?prompt=create; 'Back to sign in' comes without.
      if (request.query.prompt === CREATE_PROMPT && interaction.prompt.name === CREATE_PROMPT) {
        return reply.redirect(links.registration, 303);
      }
      const hint = interaction.params.login_hint;
      return sendHtml(
        reply,
        loginPage({
          action: links.login,
          registrationUrl: links.registration,
          username: typeof hint === 'string' ? hint : '',
        }),
      );
    },
  );

  routes.post(
    url,
    { schema: { hide: true, params: interactionParams, body } },
    async (request, reply) => {
      const interaction = await currentInteraction(provider, request, reply, request.params.uid);
      if (!interaction) return expired(reply, config);
      const links = interactionUrls(config, interaction.uid);
      if (!showsForm(interaction)) return reply.redirect(links.login, 303);

      const { username, password } = request.body;
      const refuse = (retryAfterSeconds: number, notice: PageNotice) =>
        sendHtml(
          reply.header('retry-after', retryAfterSeconds),
          loginPage({
            action: links.login,
            registrationUrl: links.registration,
            username,
            notice,
          }),
          429,
        );
      const throttled = await formThrottled(app, request);
      if (throttled) return refuse(throttled.retryAfterSeconds, throttled.notice);

      // A locked account or address is refused before its password is even checked.
      const keys = await signInKeys(db, username, request.ip);
      const lockNotice = (lock: { kind: 'account' | 'address'; retryAfterSeconds: number }) =>
        lock.kind === 'account'
          ? accountLocked(lock.retryAfterSeconds)
          : tooManyAttempts(lock.retryAfterSeconds);
      const locked = await currentLock(db, keys);
      if (locked) {
        request.log.info({ lock: locked.kind }, 'sign-in refused: locked');
        return refuse(locked.retryAfterSeconds, lockNotice(locked));
      }

      const account = await authenticate(db, username, password);
      if (!account) {
        await recordFailure(db, keys);
        const lockedNow = await currentLock(db, keys);
        request.log.info({ locked: lockedNow?.kind ?? false }, 'sign-in refused');
        if (lockedNow) return refuse(lockedNow.retryAfterSeconds, lockNotice(lockedNow));
        return sendHtml(
          reply,
          loginPage({
            action: links.login,
            registrationUrl: links.registration,
            username,
            error: INVALID_CREDENTIALS,
          }),
        );
      }
      await recordSuccess(db, keys);
      request.log.info({ accountId: account.id }, 'signed in');
      return finishSignIn(context, request, reply, interaction, account);
    },
  );
}
