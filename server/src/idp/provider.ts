import type { FastifyBaseLogger } from 'fastify';
import Provider, {
  errors,
  interactionPolicy as basePolicy,
  type Configuration,
  type KoaContextWithOIDC,
} from 'oidc-provider';
import type { Config } from '#server/config.js';
import type { Db } from '#server/db/client.js';
import { findAccountById, identityClaims, type IdpAccount } from './accounts.js';
import { createPayloadAdapter } from './adapter.js';
import type { IdpKeys } from './keys.js';
import { issueRefreshTokensAsJwt } from './refresh-token.js';
import { errorPage, logoutPage, signedOutPage } from './views.js';

/** Keycloak's endpoint paths below the realm URL. */
export const OIDC_PATH = '/protocol/openid-connect';

/** The resource indicator standing for the API; keycloak-js never sends one, so it is the default. */
const API_RESOURCE = 'urn:nt24:api';
/** What nt24-web is granted without a consent screen. */
export const GRANTED_SCOPES = 'openid profile email roles';
/** Keycloak adds its default client scopes to every request; keycloak-js asks for `openid` only. */
const DEFAULT_SCOPES = ['profile', 'email'];

const ACCESS_TOKEN_TTL = 300;
const REFRESH_TOKEN_TTL = 1800;
const SESSION_TTL = 10 * 60 * 60;

export interface IdpContext {
  config: Config;
  keys: IdpKeys;
  db: Db;
  log: FastifyBaseLogger;
}

/** The path the provider is mounted at, i.e. the issuer's path (`/realms/nt24`). */
export function mountPath(config: Config): string {
  return new URL(config.oidc.issuer).pathname.replace(/\/+$/, '');
}

/** Redirects are allowed to any page of the portal, since keycloak-js sends the current address. */
export function isPortalUrl(config: Config, value: string): boolean {
  const url = URL.parse(value);
  return (
    url !== null &&
    url.origin === new URL(config.publicUrl).origin &&
    !url.hash &&
    !url.username &&
    !url.password
  );
}

/**
 * `prompt=create` (OpenID Connect "Initiating User Registration"): show the registration form.
 * The registrations endpoint keycloak-js' register() opens asks for it. It comes before the login
 * prompt, so it is asked even of someone already signed in, as Keycloak shows its form then too.
 */
export const CREATE_PROMPT = 'create';

function interactionPolicy() {
  const policy = basePolicy.base();
  policy.add(new basePolicy.Prompt({ name: CREATE_PROMPT, requestable: true }), 0);
  return policy;
}

function accountOf(ctx: KoaContextWithOIDC | undefined): IdpAccount | undefined {
  return (ctx?.oidc?.entities.Account as { record?: IdpAccount } | undefined)?.record;
}

function configuration({ config, keys, db }: IdpContext): Configuration {
  const mount = mountPath(config);
  const { clientId, audience } = config.oidc;
  const origin = new URL(config.publicUrl).origin;

  return {
    adapter: createPayloadAdapter(db),
    jwks: keys.privateJwks as Configuration['jwks'],
    cookies: {
      keys: keys.cookieKeys,
      long: { httpOnly: true, sameSite: 'lax', path: mount },
      short: { httpOnly: true, sameSite: 'lax' },
    },
    clients: [
      {
        client_id: clientId,
        client_name: 'NT24 Trade Partner Portal',
        application_type: 'web',
        token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        // Placeholders: any portal address is accepted (see isPortalUrl).
        redirect_uris: [`${origin}/`],
        post_logout_redirect_uris: [`${origin}/`],
      },
    ],
    responseTypes: ['code'],
    pkce: { required: () => true },
    scopes: ['openid', 'roles'],
    claims: {
      openid: ['sub'],
      profile: ['preferred_username', 'name', 'given_name', 'family_name'],
      email: ['email', 'email_verified'],
      acr: null,
      auth_time: null,
      sid: null,
    },
    conformIdTokenClaims: false,
    // POST to the authorization and logout endpoints would need SameSite=None session cookies,
    // which browsers drop over plain http; keycloak-js uses GET for both unless told otherwise.
    enableHttpPostMethods: false,
    routes: {
      authorization: `${OIDC_PATH}/auth`,
      token: `${OIDC_PATH}/token`,
      jwks: `${OIDC_PATH}/certs`,
      end_session: `${OIDC_PATH}/logout`,
      revocation: `${OIDC_PATH}/revoke`,
      introspection: `${OIDC_PATH}/token/introspect`,
      userinfo: `${OIDC_PATH}/userinfo`,
    },
    interactions: {
      policy: interactionPolicy(),
      // One address per interaction, so its cookie (path = this address) reaches the sign-in and
      // the registration form below it; `prompt=create` says which one to show first.
      url: (_ctx, interaction) =>
        `${mount}/login/${interaction.uid}${interaction.prompt.name === CREATE_PROMPT ? `?prompt=${CREATE_PROMPT}` : ''}`,
    },
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL,
      IdToken: ACCESS_TOKEN_TTL,
      AuthorizationCode: 60,
      Interaction: 30 * 60,
      Grant: SESSION_TTL,
      // Sliding like Keycloak's SSO idle timeout, never past the session's maximum.
      RefreshToken: (_ctx, token) => {
        const now = Math.floor(Date.now() / 1000);
        const sessionLeft = token.authTime ? token.authTime + SESSION_TTL - now : SESSION_TTL;
        return Math.max(1, Math.min(REFRESH_TOKEN_TTL, sessionLeft));
      },
      // An absolute maximum from sign-in, not extended by later visits.
      Session: (_ctx, session) => {
        const now = Math.floor(Date.now() / 1000);
        return session.loginTs ? Math.max(1, session.loginTs + SESSION_TTL - now) : SESSION_TTL;
      },
    },
    rotateRefreshToken: true,
    // Keycloak hands public clients a refresh token without asking for offline_access.
    issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    clientBasedCORS: (_ctx, requestOrigin) => requestOrigin === origin,

    async findAccount(_ctx, sub) {
      const record = await findAccountById(db, sub);
      if (!record) return undefined;
      return { accountId: record.id, record, claims: () => identityClaims(record) };
    },

    // No consent screen: nt24-web gets its scopes as soon as someone has signed in.
    async loadExistingGrant(ctx) {
      const { client, account, session } = ctx.oidc;
      if (!client || !account || !session) return undefined;
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      const existing = grantId ? await ctx.oidc.provider.Grant.find(grantId) : undefined;
      if (
        existing &&
        existing.accountId === account.accountId &&
        existing.clientId === client.clientId
      ) {
        return existing;
      }
      const grant = new ctx.oidc.provider.Grant({
        accountId: account.accountId,
        clientId: client.clientId,
      });
      grant.addOIDCScope(GRANTED_SCOPES);
      grant.addResourceScope(API_RESOURCE, GRANTED_SCOPES);
      await grant.save();
      return grant;
    },

    // The identity claims Keycloak puts in its access tokens.
    async extraTokenClaims(ctx, token) {
      if (!('accountId' in token) || typeof token.accountId !== 'string') return undefined;
      const record = accountOf(ctx) ?? (await findAccountById(db, token.accountId));
      if (!record) return undefined;
      return {
        typ: 'Bearer',
        sid: 'sid' in token ? token.sid : undefined,
        ...identityClaims(record),
        'allowed-origins': [origin],
        realm_access: { roles: [...record.roles] },
      };
    },

    formats: {
      customizers: {
        jwt(_ctx, token, jwt) {
          jwt.header = { ...jwt.header, typ: 'JWT' };
          jwt.payload.azp = token.clientId;
          delete jwt.payload.client_id;
        },
      },
    },

    features: {
      devInteractions: { enabled: false },
      pushedAuthorizationRequests: { enabled: false },
      // Served by the plugin itself: oidc-provider's refuses access tokens issued for an API.
      userinfo: { enabled: false },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => API_RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo(_ctx, resource) {
          if (resource !== API_RESOURCE) throw new errors.InvalidTarget();
          return {
            scope: GRANTED_SCOPES,
            audience,
            accessTokenTTL: ACCESS_TOKEN_TTL,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource(ctx, form) {
          ctx.type = 'html';
          ctx.body = logoutPage(form);
        },
        postLogoutSuccessSource(ctx) {
          ctx.type = 'html';
          ctx.body = signedOutPage(config.publicUrl);
        },
      },
    },

    renderError(ctx, out) {
      const description = out.error_description ?? out.error ?? 'The request could not be handled.';
      ctx.type = 'html';
      ctx.body = errorPage({ message: String(description), appUrl: config.publicUrl });
    },
  };
}

/** oidc-provider set up as the Keycloak realm keycloak-js expects. */
export function createProvider(context: IdpContext): Provider {
  const { config, keys, log } = context;
  const provider = new Provider(config.oidc.issuer, configuration(context));
  provider.proxy = config.trustProxy;

  provider.Client.prototype.redirectUriAllowed = (uri: string) => isPortalUrl(config, uri);
  provider.Client.prototype.postLogoutRedirectUriAllowed = (uri: string) =>
    isPortalUrl(config, uri);
  // Keycloak's tokens always name the session (keycloak-js' session status check reads `sid`).
  provider.Client.prototype.includeSid = () => true;

  issueRefreshTokensAsJwt(provider, { issuer: config.oidc.issuer, secrets: keys.cookieKeys });

  const mount = mountPath(config);
  // Served at an https address, the sign-in's cookies are Secure whether or not this process
  // sees the TLS (a proxy in front of it, TRUST_PROXY or not): the browser only ever talks https.
  const httpsOnly = new URL(config.publicUrl).protocol === 'https:';
  provider.use(async (ctx, next) => {
    if (httpsOnly) ctx.cookies.secure = true;
    // Koa-style mount path: urlFor()'s fallback should req.originalUrl not end with ctx.url.
    (ctx as unknown as { mountPath: string }).mountPath = mount;
    // Changes Koa's parsed query object in place, which is what oidc-provider reads.
    if (ctx.method === 'GET' && ctx.path === `${OIDC_PATH}/auth`) addDefaultScopes(ctx.query);
    await next();
    if (ctx.oidc?.route === 'discovery' && ctx.body && typeof ctx.body === 'object') {
      const certs = ctx.oidc.urlFor('jwks');
      ctx.body = {
        ...ctx.body,
        userinfo_endpoint: new URL('userinfo', certs).href,
        check_session_iframe: new URL('login-status-iframe.html', certs).href,
      };
    }
  });

  // Neither events nor errors carry request bodies or tokens.
  provider.on('server_error', (_ctx: unknown, error: Error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  // Koa's own error event; with a listener it no longer prints to stderr itself.
  (provider as unknown as NodeJS.EventEmitter).on('error', (error: Error) =>
    log.error({ err: error }, 'identity provider error'),
  );
  return provider;

  function addDefaultScopes(query: Record<string, string | string[] | undefined>) {
    const { scope } = query;
    if (typeof scope !== 'string') return;
    const scopes = scope.split(' ').filter(Boolean);
    if (!scopes.includes('openid')) return;
    const missing = DEFAULT_SCOPES.filter((s) => !scopes.includes(s));
    if (missing.length) Object.assign(query, { scope: [...scopes, ...missing].join(' ') });
  }
}
