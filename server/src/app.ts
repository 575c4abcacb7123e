import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { loadOrCreateIdpKeys } from './idp/keys.js';
import devIdentityProvider from './idp/plugin.js';
import authRoutes from './modules/auth/auth-routes.js';
import countryRoutes from './modules/countries/countries-routes.js';
import documentRoutes from './modules/documents/documents-routes.js';
import healthRoutes from './modules/health/health-routes.js';
import { seedDemoKyc } from './modules/kyc/demo/demo-data.js';
import { createKycReactions } from './modules/kyc/core/reactions-service.js';
import kycRoutes from './modules/kyc/kyc-routes.js';
import { createGrants } from './modules/kyc/core/grants.js';
import { seedDemoOrders } from './modules/orders/demo-data.js';
import orderRoutes from './modules/orders/orders-routes.js';
import { seedDemoPartners } from './modules/partners/demo-data.js';
import partnerRoutes from './modules/partners/partners-routes.js';
import searchRoutes from './modules/search/search-routes.js';
import { seedDemoShipments } from './modules/shipments/demo-data.js';
import { createOrderShipmentRules } from './modules/shipments/order-rules-service.js';
import shipmentRoutes from './modules/shipments/shipments-routes.js';
import transportRoutes from './modules/shipments/transports-routes.js';
import userRoutes from './modules/users/users-routes.js';
import auth from './plugins/auth.js';
import compression from './plugins/compress.js';
import db, { openAppDatabase } from './plugins/db.js';
import controlCharacters from './plugins/control-characters.js';
import errors from './plugins/errors.js';
import { redactingLoggerOptions } from './plugins/log-redaction.js';
import openapi from './plugins/openapi.js';
import rateLimits from './plugins/rate-limits.js';
import requestIdHeader, { requestId } from './plugins/request-id.js';
import securityHeaders from './plugins/security-headers.js';
import { createSerializerCompiler } from './plugins/serializer.js';
import spa from './plugins/spa.js';
import storage from './plugins/storage.js';
import tempFiles from './plugins/temp-files.js';
import versions from './plugins/versions.js';
import type { DocumentStore } from './storage/storage.js';

export interface BuildOptions {
  /** An already open database (tests share one per file); the app then leaves it open. */
  database?: Database;
  /** A document store instead of the configured one (tests); the app then leaves it open. */
  store?: DocumentStore;
  /** Hears every route as it is registered, before any plugin (the route-inventory test). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the log goes instead of standard output (the tests' log of the run). */
  logStream?: { write(line: string): void };
}

export type App = FastifyInstance;

/**
 * Builds the whole server: external parts first (database, identity), then the app's own
 * plugins, then the routes.
 */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // No credential in a log: tokens cut out of addresses, headers and messages (issue 32).
            ...redactingLoggerOptions(),
            ...(options.logStream
              ? { stream: options.logStream }
              : config.env === 'development'
                ? { transport: { target: 'pino-pretty' } }
                : {}),
          },
    trustProxy: config.trustProxy,
    genReqId: requestId,
  }).withTypeProvider<ZodTypeProvider>();
  if (options.onRoute) app.addHook('onRoute', options.onRoute);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(createSerializerCompiler(config.env !== 'production'));

  // Before errors: it adds the errors a versioned route answers (decision 023).
  await app.register(versions);
  await app.register(requestIdHeader);
  await app.register(errors);
  await app.register(securityHeaders, { config });
  await app.register(controlCharacters);
  await app.register(formbody);
  await app.register(compression);
  // Opened and migrated here, not inside a plugin: no plugin timer runs out while the
  // embedded database is created (plugins/db.ts).
  const database = await openAppDatabase(config, app.log, options.database);
  await app.register(db, { database, closeOnClose: !options.database });
  await app.register(storage, { config, ...(options.store ? { store: options.store } : {}) });
  await app.register(tempFiles, { config });
  await app.register(rateLimits, { config: config.rateLimits });

  if (config.oidc.devProvider) {
    const keys = await loadOrCreateIdpKeys(config.dataDir);
    await app.register(devIdentityProvider, { config, keys });
    await app.register(auth, { config, localJwks: keys.publicJwks });
  } else {
    await app.register(auth, { config });
  }

  await app.register(openapi);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(userRoutes);
  await app.register(countryRoutes);
  // A KYC file reads its company's data and documents: it hears when they change.
  const kycReactions = createKycReactions(app.db, app.log);
  await app.register(partnerRoutes, { config, onPartnerChange: kycReactions.partnerChanged });
  await app.register(searchRoutes);
  await app.register(documentRoutes, {
    config,
    onCompanyDocumentChange: kycReactions.documentChanged,
    evidence: kycReactions.evidence,
    selfServiceCaller: createGrants(app.db).byIdentity,
  });
  await app.register(kycRoutes, { config, reactions: kycReactions });
  // An order's change respects its shipments (issue 21).
  await app.register(orderRoutes, { shipments: createOrderShipmentRules() });
  await app.register(shipmentRoutes);
  await app.register(transportRoutes);

  if (config.staticDir) await app.register(spa, { root: config.staticDir });

  return app;
}

/**
 * The demo companies, their KYC files, orders and shipments, for the demo accounts the development provider
 * seeded when it was registered (nothing without it). The process start asks for them;
 * building an app does not, so a test's app holds only what the test makes.
 */
export async function seedDemoData(app: App, config: Config): Promise<void> {
  if (!config.oidc.devProvider) return;
  await seedDemoPartners(app.db, app.log);
  await seedDemoKyc(app.db, app.storage, app.log, config.kyc.obligedEntityName);
  // After the KYC files: whether a confirmed order is held follows its partner's latest file.
  await seedDemoOrders(app.db, app.log);
  await seedDemoShipments(app.db, app.log);
}
