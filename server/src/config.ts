import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The address browsers use to reach this server; the development issuer lives below it. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; without it an embedded PGlite database lives in DATA_DIR/pglite. */
  DATABASE_URL: z.string().optional(),
  /** Built single-page app to serve; empty to serve none (API only). */
  STATIC_DIR: z.string().default('./dist'),
  /** External OpenID Connect issuer (Keycloak realm URL). When set, the development provider is off. */
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().default('nt24-web'),
  OIDC_AUDIENCE: z.string().default('nt24-api'),
  /** Lets the development provider with its demo accounts run when NODE_ENV=production. */
  ALLOW_DEMO_ACCOUNTS: bool.default(false),
  TRUST_PROXY: bool.default(false),
  /** SMTP server for outgoing mail (invitations), e.g. smtps://user:pass@smtp.example.com:465. Unset: links are logged. */
  SMTP_URL: z.string().optional(),
  /** The sender of outgoing mail. */
  MAIL_FROM: z.string().default('NT24 <no-reply@nt24.example>'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  logLevel: Env['LOG_LEVEL'];
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  staticDir: string | undefined;
  trustProxy: boolean;
  oidc: {
    /** The issuer tokens must carry. */
    issuer: string;
    clientId: string;
    audience: string;
    /** True when this process runs the development identity provider itself. */
    devProvider: boolean;
    allowDemoAccounts: boolean;
  };
  mail: {
    /** Unset: no mail is sent; invitation links are logged and handed to the inviter. */
    smtpUrl: string | undefined;
    from: string;
  };
}

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = env.PUBLIC_URL.replace(/\/+$/, '');
  const devProvider = env.OIDC_ISSUER === undefined;
  if (devProvider && env.NODE_ENV === 'production' && !env.ALLOW_DEMO_ACCOUNTS) {
    throw new ConfigError(
      'Refusing to start the development identity provider with demo accounts in production. ' +
        'Set OIDC_ISSUER to your Keycloak realm, or ALLOW_DEMO_ACCOUNTS=true to accept the risk.',
    );
  }
  return {
    env: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    logLevel: env.LOG_LEVEL,
    publicUrl,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: env.STATIC_DIR ? path.resolve(env.STATIC_DIR) : undefined,
    trustProxy: env.TRUST_PROXY,
    oidc: {
      issuer: (env.OIDC_ISSUER ?? `${publicUrl}/realms/nt24`).replace(/\/+$/, ''),
      clientId: env.OIDC_CLIENT_ID,
      audience: env.OIDC_AUDIENCE,
      devProvider,
      allowDemoAccounts: env.ALLOW_DEMO_ACCOUNTS,
    },
    mail: {
      smtpUrl: env.SMTP_URL || undefined,
      from: env.MAIL_FROM,
    },
  };
}
