import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { RateLimitConfig } from '#server/config.js';
import { TooManyRequestsError } from '#server/errors.js';

const MINUTE_MS = 60_000;

/** One limit: counts the request and refuses it with 429 once its bucket is over. */
export type Limiter = (request: FastifyRequest) => Promise<void>;

/**
 * The API's limit: per person when `person` (a subject) is given or the request's bearer
 * token named one, per client address otherwise.
 */
export type ApiLimiter = (request: FastifyRequest, person?: string) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The rate limits of decision 025; counters live in Redis when REDIS_URL is set. */
    limits: {
      /**
       * Every /api call once its bearer token is checked: per person when the token is valid,
       * per client address otherwise (public routes, missing or refused tokens).
       */
      api: ApiLimiter;
      /** The identity provider's sign-in and registration forms, per client address. */
      signIn: Limiter;
      /** The rest of the identity provider's endpoints, per client address. */
      identityProvider: Limiter;
      /**
       * The public self-service calls (issue 19): `address` per client address, before the
       * token is looked up; `link` per link (its token's hash), once it is known.
       */
      selfService: {
        address: Limiter;
        link: (request: FastifyRequest, tokenHash: string) => Promise<void>;
      };
    };
  }
  interface FastifyContextConfig {
    /**
     * false: never rate limited (the health checks a load balancer polls). 'by-route': the
     * route calls `limits.api` itself once it knows its caller (a document's bytes, whose
     * caller may be named by a document access token rather than a bearer token).
     */
    limited?: false | 'by-route';
  }
}

/**
 * Rate limits with @fastify/rate-limit's counters (fixed one-minute windows), in Redis when
 * REDIS_URL is set so that several API processes count together, in this process otherwise.
 * A counter that cannot be reached lets the call through (and logs it): the limits protect the
 * service, they must not take it down with Redis.
 */
export default fp(
  async function rateLimits(app: FastifyInstance, opts: { config: RateLimitConfig }) {
    const { config } = opts;
    const redis = config.redisUrl
      ? new Redis(config.redisUrl, {
          connectTimeout: 2000,
          maxRetriesPerRequest: 1,
          lazyConnect: true,
        })
      : undefined;
    if (redis) {
      redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate limit store'));
      await redis.connect();
      app.addHook('onClose', async () => {
        await redis.quit();
      });
    }
    await app.register(rateLimit, {
      global: false,
      skipOnError: true,
      cache: 10_000,
      nameSpace: 'nt24-rate-',
      ...(redis ? { redis } : {}),
    });

    function limiter(
      max: (request: FastifyRequest) => number,
      key: (request: FastifyRequest) => string,
    ): Limiter {
      const check = app.createRateLimit({
        timeWindow: MINUTE_MS,
        max: (request) => max(request),
        keyGenerator: key,
        skipOnError: true,
      });
      return async (request) => {
        if (request.routeOptions.config?.limited === false) return;
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        request.log.info({ key: result.key }, 'rate limit exceeded');
        throw new TooManyRequestsError(Math.max(1, result.ttlInSeconds));
      };
    }

    // The person a route named for this request (ApiLimiter's `person`).
    const named = new WeakMap<FastifyRequest, string>();
    const person = (request: FastifyRequest) => named.get(request) ?? request.authUser?.sub;
    const api = limiter(
      (request) => (person(request) ? config.personPerMinute : config.addressPerMinute),
      (request) => {
        const sub = person(request);
        return sub ? `person:${sub}` : `address:${request.ip}`;
      },
    );

    // The link a self-service request named, for its bucket.
    const linkOf = new WeakMap<FastifyRequest, string>();
    const linkLimit = limiter(
      () => config.selfServiceLinkPerMinute,
      (request) => `self-service-link:${linkOf.get(request) ?? ''}`,
    );

    app.decorate('limits', {
      api: async (request: FastifyRequest, sub?: string) => {
        if (sub) named.set(request, sub);
        await api(request);
      },
      signIn: limiter(
        () => config.signInPerMinute,
        (request) => `sign-in:${request.ip}`,
      ),
      identityProvider: limiter(
        () => config.addressPerMinute,
        (request) => `idp:${request.ip}`,
      ),
      selfService: {
        address: limiter(
          () => config.selfServiceAddressPerMinute,
          (request) => `self-service:${request.ip}`,
        ),
        link: async (request: FastifyRequest, tokenHash: string) => {
          linkOf.set(request, tokenHash);
          await linkLimit(request);
        },
      },
    });
  },
  { name: 'rate-limits' },
);
