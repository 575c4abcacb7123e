import { z } from 'zod';

// Unset and empty variables both mean "use the default", so a copied .env.example with blank
// values behaves like no .env at all.
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

const envSchema = z.object({
  VITE_OIDC_URL: optional(z.url()),
  VITE_OIDC_REALM: optional(z.string().min(1)).default('nt24'),
  VITE_OIDC_CLIENT_ID: optional(z.string().min(1)).default('nt24-web'),
  VITE_APP_VERSION: optional(z.string().min(1)).default('1.0.0'),
  VITE_BUILD_ID: optional(z.string().min(1)).default('NT24-PROD-20251026'),
  VITE_BUILD_DATE: optional(z.iso.date()).default('2025-10-26'),
  PROD: z.boolean().default(false),
});

export interface Env {
  oidc: { url: string; realm: string; clientId: string };
  build: { version: string; id: string; date: string; production: boolean };
}

/** Parses the build-time variables; `origin` is the identity provider's default address. */
export function parseEnv(raw: Record<string, unknown>, origin: string): Env {
  const vars = envSchema.parse(raw);
  return {
    oidc: {
      url: (vars.VITE_OIDC_URL ?? origin).replace(/\/+$/, ''),
      realm: vars.VITE_OIDC_REALM,
      clientId: vars.VITE_OIDC_CLIENT_ID,
    },
    build: {
      version: vars.VITE_APP_VERSION,
      id: vars.VITE_BUILD_ID,
      date: vars.VITE_BUILD_DATE,
      production: vars.PROD,
    },
  };
}

export const env: Env = parseEnv(import.meta.env, window.location.origin);
