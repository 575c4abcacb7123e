import {
  requestOpen,
  REQUIRED_STEP_DOCUMENTS,
  type KycStepStatus,
  type KycStepType,
  type StepRequestState,
} from '#common/kyc.js';
import type { MissingItem, Readiness } from '#common/kyc-responses.js';
import { DATA_STEP_TYPES, isDataStepType } from '#common/kyc-steps.js';
import type { Db } from '#server/db/client.js';
import { ConflictError } from '#server/errors.js';
import type { DocumentType } from '#server/db/schema/documents.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import { createRecordRepository } from './records-repository.js';
import { checkStepData, namedIdDocuments } from './step-checks.js';
import { createStepDocumentRepository } from './step-documents-repository.js';

/** What a file's completeness depends on, loaded once. */
export interface ReadinessFacts {
  steps: readonly {
    stepType: KycStepType;
    status: KycStepStatus;
    data: unknown;
    request: StepRequestState | null;
  }[];
  /** The types of the customer's ACTIVE documents. */
  documentTypes: ReadonlySet<DocumentType>;
  /** The customer's ACTIVE ID documents among those the contacts step names. */
  idDocuments: ReadonlySet<number>;
  /** The customer's country of registration, whose register its CoC number follows. */
  country?: string | null;
}

/**
 * What stops a file from being submitted (decision 013), step by step: a reviewer's request on
 * the step (changes requested, or rejected) the partner has not answered by changing the step
 * (issue 14), each field of the saved data (not the draft) that fails the step's rules, and each
 * required document type without an ACTIVE document.
 */
function missingItems(facts: ReadinessFacts, now: Date): MissingItem[] {
  return DATA_STEP_TYPES.flatMap((stepType): MissingItem[] => {
    const step = facts.steps.find((candidate) => candidate.stepType === stepType);
    const rejected = step?.request?.kind === 'REJECTED';
    const sentBack: MissingItem[] =
      step && requestOpen(step.request)
        ? [
            {
              stepType,
              kind: rejected ? 'rejected' : 'changesRequested',
              message: rejected
                ? `${stepType}: the reviewer rejected the step; change it before resubmitting`
                : `${stepType}: the reviewer asked for changes`,
            },
          ]
        : [];

    const checked = checkStepData(stepType, step?.data ?? {}, facts.idDocuments, now, {
      country: facts.country ?? null,
    });
    const fields = (checked.ok ? [] : checked.issues).map((issue): MissingItem => ({
      stepType,
      kind: 'field',
      field: issue.field,
      code: issue.code,
      message: `${stepType}: ${issue.field} ${issue.message}`,
    }));
    const documents = REQUIRED_STEP_DOCUMENTS[stepType]
      .filter((documentType) => !facts.documentTypes.has(documentType))
      .map((documentType): MissingItem => ({
        stepType,
        kind: 'document',
        documentType,
        message: `${stepType}: a ${documentType} document is required`,
      }));
    return [...sentBack, ...fields, ...documents];
  });
}

/** missingItems of a submission as stored now; call it with the transaction that relies on it. */
export async function readinessOf(
  db: Db,
  submission: { id: number; tradePartnerId: number },
  now: Date = new Date(),
): Promise<Readiness> {
  return (await readinessOfMany(db, [submission], now)).get(submission.id)!;
}

/**
 * The readiness of several files in five queries whatever their number (a list page's files
 * with the partner, decision 029), by file id.
 */
export async function readinessOfMany(
  db: Db,
  submissions: readonly { id: number; tradePartnerId: number }[],
  now: Date = new Date(),
): Promise<Map<number, Readiness>> {
  const answers = new Map<number, Readiness>();
  if (submissions.length === 0) return answers;
  const stepsOf = new Map<number, ReadinessFacts['steps'][number][]>();
  for (const { step } of await createRecordRepository(db).stepsOf(
    submissions.map(({ id }) => id),
  )) {
    stepsOf.set(step.kycId, [...(stepsOf.get(step.kycId) ?? []), step]);
  }
  const named = [...stepsOf.values()]
    .flat()
    .flatMap((step) =>
      isDataStepType(step.stepType) ? namedIdDocuments(step.stepType, step.data) : [],
    );
  const companies = submissions.map(({ tradePartnerId }) => tradePartnerId);
  const documents = createStepDocumentRepository(db);
  // One after the other: `db` may be a transaction, whose connection runs one query at a time.
  const documentTypes = await documents.activeTypesOf(companies);
  const idDocuments = await documents.activeIdDocumentsOf(
    companies,
    named.map(({ id }) => id),
  );
  const countries = await createPartnerLookup(db).countriesOfRegistration(companies);
  for (const { id, tradePartnerId } of submissions) {
    const missing = missingItems(
      {
        steps: stepsOf.get(id) ?? [],
        documentTypes: documentTypes.get(tradePartnerId) ?? new Set(),
        idDocuments: idDocuments.get(tradePartnerId) ?? new Set(),
        country: countries.get(tradePartnerId) ?? null,
      },
      now,
    );
    answers.set(id, { ready: missing.length === 0, missing });
  }
  return answers;
}

/** 409 with what is missing, unless the file is complete (the check of a submit). */
export async function requireReady(
  db: Db,
  submission: { id: number; tradePartnerId: number },
): Promise<void> {
  const { ready, missing } = await readinessOf(db, submission);
  if (!ready) throw new ConflictError('The KYC file is not complete.', { missing });
}
