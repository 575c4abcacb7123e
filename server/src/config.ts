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
  /**
   * The address browsers use to reach this server; the development issuer lives below it.
   * Default: http://localhost:PORT, so a server started on another port signs in on it.
   */
  PUBLIC_URL: z.url().optional(),
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
  /**
   * A temporary file (or S3 multipart upload) untouched this long was left by a crash and is
   * removed, at start-up and periodically (decision 024). Longer than any write stays idle.
   */
  TEMP_MAX_AGE_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** Folder of the local document store; unused when S3_BUCKET is set. Default DATA_DIR/documents. */
  DOCUMENT_STORE_DIR: z.string().optional(),
  /** When set, documents live in this S3 (or S3-compatible) bucket instead of DOCUMENT_STORE_DIR. */
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** Endpoint of an S3-compatible server (MinIO, Ceph...); unset for AWS itself. */
  S3_ENDPOINT: z.union([z.url(), z.literal('')]).optional(),
  /** Static credentials; unset: the AWS default credential chain (environment, profile, role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style addressing (endpoint/bucket/key), which MinIO and most S3-compatible servers need. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** Prefix of every key in the bucket, e.g. `nt24/`, so the bucket can be shared. */
  S3_PREFIX: z.string().default(''),
  /** Largest accepted upload, in bytes. */
  DOCUMENT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /** The provider as the obliged entity of every KYC file (docs/api/kyc.md). */
  OBLIGED_ENTITY_NAME: z.string().trim().min(1).default('NT24 B.V.'),
  /** Whether this process builds queued PDF exports; off for processes that only answer calls. */
  EXPORT_WORKER: bool.default(true),
  /** How long a claimed export stays this process's without a heartbeat (decision 014). */
  EXPORT_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(30),
  /** How often an idle worker looks for queued exports, in milliseconds. */
  EXPORT_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  /** How long a finished export can be downloaded, in hours. */
  EXPORT_RETENTION_HOURS: z.coerce.number().int().min(1).default(24),
  /** Redis that keeps the rate limits' counters, shared by every API process; unset: in memory. */
  REDIS_URL: z.string().optional(),
  /** Calls per minute one signed-in person may make to the API (decision 025). */
  RATE_LIMIT_PERSON_PER_MINUTE: z.coerce.number().int().positive().default(1200),
  /** Calls per minute from one client address without a valid token: public routes, refused tokens. */
  RATE_LIMIT_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(300),
  /** Sign-in and registration forms sent per minute from one client address. */
  RATE_LIMIT_SIGN_IN_PER_MINUTE: z.coerce.number().int().positive().default(60),
  /** Every public self-service call, per client address and per link (issue 19). */
  RATE_LIMIT_SELF_SERVICE_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(120),
  RATE_LIMIT_SELF_SERVICE_LINK_PER_MINUTE: z.coerce.number().int().positive().default(120),
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
  /** Where unfinished files live, and when they count as abandoned (decision 024). */
  temp: TempConfig;
  /** Where document bytes live. */
  storage: StorageConfig;
  documents: {
    /** Largest accepted upload, in bytes. */
    maxBytes: number;
  };
  kyc: {
    /** Name of the obliged entity row that every KYC submission belongs to. */
    obligedEntityName: string;
  };
  exports: ExportConfig;
  rateLimits: RateLimitConfig;
}

export interface RateLimitConfig {
  /** Unset: each process counts for itself. */
  redisUrl: string | undefined;
  personPerMinute: number;
  addressPerMinute: number;
  signInPerMinute: number;
  /** The public self-service calls (issue 19): stricter than the API's address limit. */
  selfServiceAddressPerMinute: number;
  selfServiceLinkPerMinute: number;
}

export interface TempConfig {
  /** DATA_DIR/tmp: the server's own temporary folder, one subfolder per use. */
  dir: string;
  maxAgeSeconds: number;
}

export interface ExportConfig {
  /** Where PDFs are built before they are stored or sent: DATA_DIR/tmp/exports. */
  tempDir: string;
  worker: boolean;
  leaseSeconds: number;
  pollMs: number;
  retentionHours: number;
}

export type StorageConfig =
  | {
      kind: 'local';
      dir: string;
      /** Unfinished uploads; on the store's file system, so that finishing one is a rename. */
      tempDir: string;
    }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle: boolean;
      /** Prepended to every key; empty or ending in '/'. */
      prefix: string;
    };

export class ConfigError extends Error {}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const devProvider = env.OIDC_ISSUER === undefined;
  const dataDir = path.resolve(env.DATA_DIR);
  const tempDir = path.join(dataDir, 'tmp');
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
    dataDir,
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
    temp: { dir: tempDir, maxAgeSeconds: env.TEMP_MAX_AGE_SECONDS },
    storage: storageConfig(env, dataDir, tempDir),
    documents: { maxBytes: env.DOCUMENT_MAX_BYTES },
    kyc: { obligedEntityName: env.OBLIGED_ENTITY_NAME },
    exports: {
      tempDir: path.join(tempDir, 'exports'),
      worker: env.EXPORT_WORKER,
      leaseSeconds: env.EXPORT_LEASE_SECONDS,
      pollMs: env.EXPORT_POLL_MS,
      retentionHours: env.EXPORT_RETENTION_HOURS,
    },
    rateLimits: {
      redisUrl: env.REDIS_URL || undefined,
      personPerMinute: env.RATE_LIMIT_PERSON_PER_MINUTE,
      addressPerMinute: env.RATE_LIMIT_ADDRESS_PER_MINUTE,
      signInPerMinute: env.RATE_LIMIT_SIGN_IN_PER_MINUTE,
      selfServiceAddressPerMinute: env.RATE_LIMIT_SELF_SERVICE_ADDRESS_PER_MINUTE,
      selfServiceLinkPerMinute: env.RATE_LIMIT_SELF_SERVICE_LINK_PER_MINUTE,
    },
  };
}

function storageConfig(env: Env, dataDir: string, tempDir: string): StorageConfig {
  if (!env.S3_BUCKET) {
    // A store moved elsewhere is likely another file system: its unfinished uploads move with it.
    if (env.DOCUMENT_STORE_DIR) {
      const dir = path.resolve(env.DOCUMENT_STORE_DIR);
      return { kind: 'local', dir, tempDir: path.join(dir, '.tmp') };
    }
    return {
      kind: 'local',
      dir: path.join(dataDir, 'documents'),
      tempDir: path.join(tempDir, 'uploads'),
    };
  }
  const accessKeyId = env.S3_ACCESS_KEY_ID || undefined;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY || undefined;
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    throw new ConfigError(
      'Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither to use the AWS default credential chain.',
    );
  }
  const prefix = env.S3_PREFIX.replace(/^\/+/, '');
  return {
    kind: 's3',
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT.replace(/\/+$/, '') } : {}),
    ...(accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : {}),
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    prefix: prefix === '' || prefix.endsWith('/') ? prefix : `${prefix}/`,
  };
}
