import { isDataStepType, KYC_STEP_TYPES } from '#common/kyc.js';
import type { Insights } from '#common/kyc-insights.js';
import type { CustomerPage, KycPage, KycSubmission } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import { encodeCursor, pageStart, readAfter } from '#server/api-parameters.js';
import { toIsoOrNull, toPage } from '#server/api-schemas.js';
import { ForbiddenError, NotFoundError, ValidationError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import { uniqueViolation } from '#server/db/errors.js';
import { ensureUserRow } from '#server/modules/users/identity-service.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import type { PartnerRef } from '#server/modules/partners/directory-service.js';
import { acting, recordAudit } from '../core/audit-repository.js';
import {
  authorizeKyc,
  authorizeKycPartner,
  kycNotFound,
  kycViewerOf,
  requireKycAccess,
} from '../core/access-service.js';
import { refreshInsights } from '../core/insights/compute.js';
import { companyDrafts } from './company-prefill.js';
import { presentSubmission, presentSubmissions } from '../core/progress.js';
import { createRecordRepository } from '../core/records-repository.js';
import {
  createSubmissionRepository,
  findObligedEntity,
  type KycRef,
  type SubmissionConditions,
} from '../core/submissions-repository.js';
import { OPEN_SUBMISSION_INDEX, openSubmissionConflict } from '../core/open-submission.js';
import type { CustomerListQuery, FilterQuery, KycCreate, ListQuery } from '../kyc-schemas.js';

/** Reading and creating KYC submissions. Moves are in review/status-service.ts, steps in review/steps-service.ts. */
export function createKycService(db: Db, obligedEntityId: number) {
  const submissions = createSubmissionRepository(db);

  async function page(
    actor: AuthUser,
    conditions: SubmissionConditions,
    paging: ListQuery,
  ): Promise<KycPage> {
    requireKycAccess(actor);
    const order = `${paging.sort.field},${paging.sort.direction}`;
    const after = pageStart(paging, order);
    const { rows, counted, last } = await readAfter(after, () =>
      submissions.page(conditions, kycViewerOf(actor), { ...paging, after }),
    );
    const audience = policy.kycAudience(actor);
    return toPage(
      await presentSubmissions(db, rows, audience),
      paging,
      counted,
      last && encodeCursor(order, last),
    );
  }

  async function byId(actor: AuthUser, id: number): Promise<KycSubmission> {
    const view = await submissions.find({ id });
    if (!view) throw new NotFoundError(kycNotFound({ id }));
    return presentSubmission(db, view, policy.kycAudience(actor));
  }

  return {
    async create(actor: AuthUser, input: KycCreate): Promise<KycSubmission> {
      requireKycAccess(actor);
      const ref: PartnerRef | undefined =
        input.tradePartnerId !== undefined
          ? { id: input.tradePartnerId }
          : input.tradePartnerUuid !== undefined
            ? { uuid: input.tradePartnerUuid }
            : undefined;
      if (!ref) {
        const message = 'tradePartnerId or tradePartnerUuid is required';
        throw new ValidationError(`body.tradePartnerId: ${message}`, [
          { field: 'body.tradePartnerId', message },
        ]);
      }
      const { partner, membership } = await authorizeKycPartner(db, actor, ref);
      if (policy.decideKyc(actor, membership, 'create') !== 'allow') {
        throw new ForbiddenError(
          "Only staff and the company's owners and admins may start a KYC submission.",
        );
      }
      const contactId = input.customerContactId ?? null;
      if (contactId !== null) {
        const contacts = await createPartnerLookup(db).contactsOf([partner.id]);
        if (!contacts.some((contact) => contact.id === contactId)) {
          const message = `is not a contact of trade partner ${partner.name}`;
          throw new ValidationError(`body.customerContactId: ${message}`, [
            { field: 'body.customerContactId', message },
          ]);
        }
      }
      const open = await submissions.findOpen(partner.id);
      if (open) throw openSubmissionConflict(partner.name, open);
      try {
        const id = await db.transaction(async (tx) => {
          const { row: user } = await ensureUserRow(tx, actor);
          const by = acting(user);
          const records = createRecordRepository(tx);
          const row = await createSubmissionRepository(tx).insert({
            tradePartnerId: partner.id,
            customerContactId: contactId,
            obligedEntityId,
            status: 'DRAFT',
            createdBy: user.id,
          });
          const drafts = companyDrafts(
            partner,
            await createPartnerLookup(tx).addressesOf(partner.id),
          );
          const now = new Date();
          await records.insertSteps(
            KYC_STEP_TYPES.map((stepType) => {
              const draft = isDataStepType(stepType) ? drafts[stepType] : undefined;
              return {
                kycId: row.id,
                stepType,
                status: 'PENDING',
                ...(draft ? { draft, draftSavedAt: now, draftSavedBy: user.id } : {}),
              };
            }),
          );
          await records.insertStatusRecord({ kycId: row.id, status: 'DRAFT', ...by });
          await recordAudit(tx, {
            kycId: row.id,
            entity: 'submission',
            entityId: row.id,
            action: 'created',
            to: 'DRAFT',
            details: {
              version: row.version,
              tradePartnerId: partner.id,
              steps: [...KYC_STEP_TYPES],
              ...(contactId !== null ? { customerContactId: contactId } : {}),
            },
            by,
          });
          return row.id;
        });
        return byId(actor, id);
      } catch (error) {
        if (uniqueViolation(error) !== OPEN_SUBMISSION_INDEX) throw error;
        const winner = await submissions.findOpen(partner.id);
        if (!winner) throw error;
        throw openSubmissionConflict(partner.name, winner);
      }
    },

    async get(actor: AuthUser, ref: KycRef): Promise<KycSubmission> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      return presentSubmission(db, view, audience);
    },

    /**
     * The submission with its insights, computed now and stored (staff; the insights are the
     * reviewers' own view of the file).
     */
    async getWithInsights(
      actor: AuthUser,
      ref: KycRef,
    ): Promise<KycSubmission & { insights?: Insights }> {
      const { view, audience } = await authorizeKyc(db, actor, ref, 'read');
      const submission = await presentSubmission(db, view, audience);
      if (!policy.mayReadKycInsights(actor)) return submission;
      const insights = await refreshInsights(db, view.submission.id);
      if (!insights) throw new NotFoundError(kycNotFound(ref));

      return { ...submission, riskLevel: insights.riskLevel, insights };
    },

    list: (actor: AuthUser, query: ListQuery) => page(actor, {}, query),

    filter(actor: AuthUser, query: FilterQuery): Promise<KycPage> {
      const { page: pageNumber, size, sort, cursor, ...conditions } = query;
      return page(actor, conditions, { page: pageNumber, size, sort, cursor });
    },

    /** A company's submissions, the newest first. */
    async ofPartner(actor: AuthUser, ref: PartnerRef): Promise<KycSubmission[]> {
      const { partner } = await authorizeKycPartner(db, actor, ref);
      const audience = policy.kycAudience(actor);
      return presentSubmissions(db, await submissions.listOfPartner(partner.id), audience);
    },

    /** The companies with a KYC file, each with its latest (staff). */
    async customers(actor: AuthUser, paging: CustomerListQuery): Promise<CustomerPage> {
      requireKycAccess(actor);
      if (!policy.seesAllKyc(actor)) throw new ForbiddenError();
      const order = `${paging.sort.field},${paging.sort.direction}`;
      const after = pageStart(paging, order);
      const { rows, counted, last } = await readAfter(after, () =>
        submissions.customersPage({ ...paging, after }),
      );
      return toPage(
        rows.map((row) => ({
          ...row,
          updatedAt: row.updatedAt.toISOString(),
          decidedAt: toIsoOrNull(row.decidedAt),
        })),
        paging,
        counted,
        last && encodeCursor(order, last),
      );
    },

    async customer(actor: AuthUser, customerUuid: string) {
      const { partner } = await authorizeKycPartner(db, actor, { uuid: customerUuid });
      return {
        customerId: partner.id,
        customerUuid: partner.uuid,
        name: partner.name,
        submissions: await presentSubmissions(
          db,
          await submissions.listOfPartner(partner.id),
          policy.kycAudience(actor),
        ),
      };
    },

    async statusAndReview(actor: AuthUser, customerUuid: string, obligedEntityUuid: string) {
      const { partner } = await authorizeKycPartner(db, actor, { uuid: customerUuid });
      const entity = await findObligedEntity(db, obligedEntityUuid);
      if (!entity) throw new NotFoundError(`Obliged entity ${obligedEntityUuid} not found.`);
      const latest = await submissions.latestOf(partner.id, entity.id);
      if (!latest) {
        throw new NotFoundError(`No KYC submission found for customer ${customerUuid}.`);
      }
      const submission = await presentSubmission(db, latest, policy.kycAudience(actor));
      const lastReviewedAt = await submissions.lastReviewedAt(latest.submission.id);
      return {
        customerUuid: partner.uuid,
        obligedEntityUuid: entity.uuid,
        kycId: submission.id,
        kycUuid: submission.uuid,
        status: submission.status,
        reviewer: submission.reviewer,
        lastReviewedAt: lastReviewedAt?.toISOString() ?? null,
        submittedAt: submission.submittedAt,
        decidedAt: submission.decidedAt,
      };
    },
  };
}
