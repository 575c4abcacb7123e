import type { FastifyRequest } from 'fastify';
import { SELF_SERVICE_TOKEN_HEADER } from '#common/selfservice.js';

/** What stands in the log for a credential that was cut out. */
export const REDACTED = '[redacted]';

/**
 * Query parameters whose value is a credential, whatever route they reach (compared in lower
 * case). `token` is the document access token of the file routes (`<img src=…?token=>`); the
 * rest are the OpenID Connect and OAuth values that travel in addresses: the authorization
 * answer to the app (`code`, `state`, `session_state`), the sign-out address (`id_token_hint`),
 * and bearer credentials a client may put in a query though we never ask it to. The link's
 * token is taken in a header only, but a caller may still put it in a query, under any name.
 */
export const CREDENTIAL_PARAMETERS: ReadonlySet<string> = new Set([
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'id_token_hint',
  'logout_token',
  'code',
  'code_verifier',
  'state',
  'session_state',
  'client_secret',
  'password',
  SELF_SERVICE_TOKEN_HEADER,
  // Not a credential but an e-mail address (the sign-in page's hint): no personal data in logs.
  'login_hint',
]);

/** Headers that are credentials: never in a log, not even in part. */
export const CREDENTIAL_HEADERS: ReadonlySet<string> = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  SELF_SERVICE_TOKEN_HEADER,
]);

/** The self-service page, whose address is its link's token (decision 032). */
const SELF_SERVICE_PAGE = /^(\/kyc\/selfservice\/)[^/?#]+/;

/** A JSON Web Token: document access tokens, the identity provider's tokens, bearer tokens. */
const JWT = /^eyJ[\w-]*\.[\w-]+\.[\w-]*$/;
/** A UUID: an identifier the KYC routes use, not a secret. */
const UUID = /^[\da-f]{8}-[\da-f]{4}-[\da-f]{4}-[\da-f]{4}-[\da-f]{12}$/i;
/**
 * A long run of base64url, as random secrets are written: a link's token is 43 characters (32
 * bytes), the identity provider's codes and refresh tokens as long or longer. No identifier of
 * ours is that long but a UUID.
 */
const OPAQUE_SECRET = /^[\w-]{40,}$/;

/** Whether a value, under whatever name, has the shape of a credential. */
export function looksLikeCredential(value: string): boolean {
  return JWT.test(value) || (OPAQUE_SECRET.test(value) && !UUID.test(value));
}

/** A run of characters a credential may be written in, anywhere in a text. */
const RUN_IN_TEXT = /[\w.-]{20,}/g;
/** A JSON Web Token anywhere in a text, whatever is glued before it. */
const JWT_IN_TEXT = /eyJ[\w-]*\.[\w-]+\.[\w-]*/g;

/**
 * Any credential-shaped run anywhere in a text cut out, also one glued to other characters by a
 * dot (`x.<token>`, `<token>.json`) or behind an escape (`%20<token>`, whose run starts `20`).
 */
function redactRuns(text: string): string {
  return text.replace(JWT_IN_TEXT, REDACTED).replace(RUN_IN_TEXT, (run) =>
    looksLikeCredential(run)
      ? REDACTED
      : run
          .split('.')
          .map((part) => (looksLikeCredential(part) ? REDACTED : part))
          .join('.'),
  );
}

function decoded(text: string): string {
  try {
    return decodeURIComponent(text.replaceAll('+', ' '));
  } catch {
    return text;
  }
}

function redactPath(path: string): string {
  return path
    .replace(SELF_SERVICE_PAGE, `$1${REDACTED}`)
    .split('/')
    .map((segment) => (looksLikeCredential(decoded(segment)) ? REDACTED : segment))
    .join('/');
}

function redactParameter(parameter: string): string {
  const equals = parameter.indexOf('=');
  if (equals < 0) return looksLikeCredential(decoded(parameter)) ? REDACTED : parameter;
  const name = parameter.slice(0, equals);
  const value = parameter.slice(equals + 1);
  // `token[]=…` and `token[0]=…` are the same credential to a lenient parser.
  const bare = decoded(name)
    .toLowerCase()
    .replace(/\[[^\]]*\]$/, '');
  return CREDENTIAL_PARAMETERS.has(bare) || looksLikeCredential(decoded(value))
    ? `${name}=${REDACTED}`
    : parameter;
}

/**
 * An address as the log may keep it: the self-service page's token, every credential-named
 * query parameter's value, and any path segment or query value shaped like a credential are
 * replaced by `[redacted]`; the rest stays, so the line still says what was asked. Takes a
 * path with its query (`request.url`) or a whole URL; a fragment is cut like a query.
 */
export function redactUrl(url: string): string {
  const origin = /^[a-z][\w+.-]*:\/\/[^/?#]*/i.exec(url)?.[0] ?? '';
  const rest = url.slice(origin.length);
  const end = rest.search(/[?#]/);
  const path = end < 0 ? rest : rest.slice(0, end);
  let tail = end < 0 ? '' : rest.slice(end);
  let redactedTail = '';
  while (tail) {
    const separator = tail[0]!;
    const next = tail.slice(1).search(/[?#]/);
    const part = next < 0 ? tail.slice(1) : tail.slice(1, next + 1);
    redactedTail += separator + part.split('&').map(redactParameter).join('&');
    tail = next < 0 ? '' : tail.slice(next + 1);
  }
  // Then whatever the structure missed: a token inside a value, as a name, behind an escape.
  return redactRuns(origin + redactPath(path) + redactedTail);
}

/** A credential-named parameter and its value, anywhere in a text. */
const PARAMETER_IN_TEXT = /([?&#;\s]|^)([\w-]+)(=)([^&#\s"'<>]+)/g;

/**
 * A free text as the log may keep it (a message, an error's message or stack): addresses in it
 * redacted as `redactUrl` does, and any word shaped like a credential cut out.
 */
export function redactText(text: string): string {
  return redactRuns(
    text
      .replace(/\/kyc\/selfservice\/[^/?#\s"'<>]+/g, `/kyc/selfservice/${REDACTED}`)
      .replace(PARAMETER_IN_TEXT, (match, before: string, name: string, equals: string) =>
        CREDENTIAL_PARAMETERS.has(name.toLowerCase())
          ? `${before}${name}${equals}${REDACTED}`
          : match,
      ),
  );
}

/** Field names whose value is a credential, whatever it looks like (compared in lower case). */
const CREDENTIAL_FIELDS: ReadonlySet<string> = new Set([
  ...CREDENTIAL_HEADERS,
  'token',
  'accesstoken',
  'access_token',
  'refreshtoken',
  'refresh_token',
  'idtoken',
  'id_token',
  'id_token_hint',
  'logout_token',
  'code_verifier',
  'client_secret',
  'password',
]);

/** How deep into a logged object's plain fields the redaction looks. */
const FIELD_DEPTH = 4;

/**
 * A log call's fields as the log may keep them: texts redacted as `redactText` does, the value
 * of a credential-named field replaced, through plain objects and arrays. Anything else (a
 * request, an error) is left to its serializer.
 */
function redactFields(value: unknown, depth: number): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, field]) => [
      key,
      CREDENTIAL_FIELDS.has(key.toLowerCase()) && field != null
        ? REDACTED
        : redactField(field, depth + 1),
    ]),
  );
}

function redactField(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > FIELD_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item: unknown) => redactField(item, depth + 1));
  // Plain objects, and a parsed query (a null-prototype dictionary); not a class's instance.
  const prototype = Object.getPrototypeOf(value) as object | null;
  const plain =
    prototype === null ||
    prototype === Object.prototype ||
    Object.getPrototypeOf(prototype) === null;
  return plain ? redactFields(value, depth) : value;
}

/**
 * The request as the log keeps it: its address redacted, no headers. pino gives it any field
 * named `req`, so it takes what it finds and never throws.
 */
export function serializeRequest(
  request: Partial<Pick<FastifyRequest, 'method' | 'url' | 'host' | 'ip' | 'socket'>>,
) {
  return {
    method: request.method,
    url: typeof request.url === 'string' ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

interface LoggedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/**
 * An error as the log keeps it: pino's shape, with its message, stack and other texts redacted.
 * What is not an Error (errors.ts's `loggable` of a failed query) is kept as it is.
 */
export function serializeError(error: Error): LoggedError {
  if (!(error instanceof Error)) return error;
  const kept: LoggedError = {
    type: error.constructor.name,
    message: redactText(error.message),
    stack: redactText(error.stack ?? ''),
  };
  // Its other fields as a log call's are: nested ones too (an HTTP client's `config.headers`).
  Object.assign(kept, redactFields(Object.fromEntries(Object.entries(error)), 0));
  if (error.cause !== undefined) {
    kept.cause =
      error.cause instanceof Error ? serializeError(error.cause) : redactField(error.cause, 1);
  }
  return kept;
}

/**
 * The logger options every app gets (Fastify's `logger`): one serializer for requests and
 * errors, the credential headers censored wherever a request, an answer or a bare `headers`
 * object is logged, and every message and text field redacted before it is written.
 */
export function redactingLoggerOptions() {
  const headerPaths = [...CREDENTIAL_HEADERS].map((name) => `["${name}"]`);
  return {
    redact: {
      paths: ['req.headers', 'res.headers', 'headers'].flatMap((at) =>
        headerPaths.map((name) => `${at}${name}`),
      ),
      censor: REDACTED,
    },
    serializers: { req: serializeRequest, err: serializeError },
    // The fields of a log call (`{ url: request.url }`, `{ query: request.query }`).
    // The fields of a log call (`{ url: request.url }`, `{ query: request.query }`), and those a
    // child logger is bound with.
    formatters: {
      log: (object: Record<string, unknown>) => redactFields(object, 0),
      bindings: (bindings: Record<string, unknown>) => redactFields(bindings, 0),
    },
    hooks: {
      logMethod(
        this: unknown,
        args: unknown[],
        method: (this: unknown, ...args: unknown[]) => void,
      ) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === 'string' ? redactText(arg) : arg)),
        );
      },
    },
  };
}
