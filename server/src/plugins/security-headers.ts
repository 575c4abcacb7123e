import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '#server/config.js';

/** Features the portal never uses: a page of ours, or anything it frames, may not ask for them. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'bluetooth=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'serial=()',
  'usb=()',
].join(', ');

/** The anonymous self-service page and its API carry a secret in the address (issue 19). */
const SELF_SERVICE = /^\/(api\/)?kyc\/selfservice(\/|$|\?)/;

/**
 * The hashes of index.html's inline <style> blocks (the boot loader's look): the only inline
 * code the app's policy allows. index.html has no inline script.
 */
export function inlineStyleHashes(html: string): string[] {
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  );
}

/** Where the identity provider lives when it is not this server (Keycloak in production). */
function issuerOrigin(config: Config): string[] {
  const origin = new URL(config.oidc.issuer).origin;
  return origin === new URL(config.publicUrl).origin ? [] : [origin];
}

/**
 * The app's Content-Security-Policy (decision 026): its own origin only; the identity provider's
 * origin for keycloak-js's token calls and sign-out; no inline script; framed by nobody.
 */
export function appDirectives(config: Config, styleHashes: readonly string[]) {
  const idp = issuerOrigin(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'", ...styleHashes],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...idp],
    'frame-src': ["'self'"],
    'form-action': ["'self'", ...idp],
    'object-src': ["'none'"],
    // pdf.js parses PDFs in a worker of its own chunk (decision 031).
    'worker-src': ["'self'"],
    'base-uri': ["'self'"],
    'frame-ancestors': ["'none'"],
    ...(config.publicUrl.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

/**
 * oidc-provider's own pages (the form_post answer and the sign-out form submit themselves with
 * an inline script): nothing else, and framed by our origin only.
 */
export const IDENTITY_PROVIDER_POLICY = {
  directives: {
    'default-src': ["'none'"],
    'script-src': ["'unsafe-inline'"],
    'style-src': ["'unsafe-inline'"],
    'form-action': ['*'],
    'frame-ancestors': ["'self'"],
    'base-uri': ["'none'"],
  },
};

/**
 * Security headers on every answer, with @fastify/helmet (decision 026). Routes that answer
 * something else than the app set their own policy over it: a stored file
 * (storage/delivery.ts), the sign-in pages (idp/interactions.ts), the API's documentation.
 */
export default fp(
  async function securityHeaders(app: FastifyInstance, opts: { config: Config }) {
    const { config } = opts;
    const indexHtml = config.staticDir ? path.join(config.staticDir, 'index.html') : undefined;
    const styleHashes =
      indexHtml && fs.existsSync(indexHtml)
        ? inlineStyleHashes(fs.readFileSync(indexHtml, 'utf8'))
        : [];
    const https = config.publicUrl.startsWith('https:');

    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: appDirectives(config, styleHashes) },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      xFrameOptions: { action: 'deny' },
      // Sent whenever the portal's address is https, even when a proxy ends TLS (issue 17).
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    });

    // On the raw answer, as helmet does: the identity provider's endpoints answer through it.
    app.addHook('onRequest', async (request, reply) => {
      reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
      if (SELF_SERVICE.test(request.url)) reply.raw.setHeader('referrer-policy', 'no-referrer');
    });
  },
  { name: 'security-headers' },
);
