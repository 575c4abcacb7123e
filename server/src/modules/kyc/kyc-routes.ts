import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '#server/config.js';
import collectionRoutes from './collection/collection-routes.js';
import { createCollectionService } from './collection/collection-service.js';
import exportRoutes from './export/export-routes.js';
import insightsRoutes from './insights/insights-routes.js';
import type { KycReactions } from './core/reactions-service.js';
import recordRoutes from './records/records-routes.js';
import { createRecordsService } from './records/records-service.js';
import { createStatusService } from './review/status-service.js';
import stepRoutes from './review/steps-routes.js';
import { createStepService } from './review/steps-service.js';
import { createMailer } from '#server/mail/mailer.js';
import linksRoutes from './selfservice/links-routes.js';
import publicRoutes from './selfservice/public-routes.js';
import { createSelfServiceService } from './selfservice/selfservice-service.js';
import customerRoutes from './submissions/customers-routes.js';
import { ensureObligedEntity } from './core/submissions-repository.js';
import submissionRoutes from './submissions/submissions-routes.js';
import { createKycService } from './submissions/submissions-service.js';

/**
 * KYC submissions (docs/api/kyc.md, decision 012), by use case: creating and reading them in
 * submissions/; moves, history, comments and audit in records/records-routes.ts; steps and the
 * reviewers' decisions in review/; the partner's data and drafts in collection/; the computed
 * insights in insights/; the PDF in export/; self-service links in selfservice/.
 */
const kycRoutes: FastifyPluginAsyncZod<{ config: Config; reactions: KycReactions }> = async (
  app,
  opts,
) => {
  const obligedEntity = await ensureObligedEntity(app.db, opts.config.kyc.obligedEntityName);
  const kyc = createKycService(app.db, obligedEntity.id);
  const status = createStatusService(app.db);
  const steps = createStepService(app.db);
  const collection = createCollectionService(app.db, opts.reactions);
  const records = createRecordsService(app.db);

  // The app posts some of these calls (creating a step) with an empty JSON body: that is no
  // body, not a malformed one. Everything else goes to Fastify's own (poisoning-safe) parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });

  await app.register(submissionRoutes, { kyc });
  await app.register(recordRoutes, { status, records });
  await app.register(stepRoutes, { steps });
  await app.register(collectionRoutes, { collection });
  await app.register(customerRoutes, { kyc });
  await app.register(insightsRoutes);
  await app.register(exportRoutes, { config: opts.config });

  const mailer = createMailer(opts.config.mail, app.log);
  app.addHook('onClose', async () => mailer.close());
  const selfService = createSelfServiceService(app.db, {
    steps,
    status,
    records,
    mailer,
    publicUrl: opts.config.publicUrl,
    log: app.log,
  });
  await app.register(linksRoutes, { service: selfService });
  await app.register(publicRoutes, {
    config: opts.config,
    service: selfService,
    collection,
    reactions: opts.reactions,
  });
};

export default kycRoutes;
