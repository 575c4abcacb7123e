/**
 * The KYC workflow of decision 012: statuses, steps, who may move a file where, and which
 * documents belong to which step. The server enforces it; the app uses it to offer only the
 * actions a person may take.
 */
import type { DocumentType } from './documents.js';

export const KYC_STATUSES = [
  'DRAFT',
  'SUBMITTED',
  'IN_REVIEW',
  'CHANGES_REQUESTED',
  'WAITING_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
  'CANCELLED',
] as const;
export type KycStatus = (typeof KYC_STATUSES)[number];

/** Posting this "status" adds a comment to the file without moving it. */
export const SUBMISSION_COMMENT = 'SUBMISSION_COMMENT';

/** The reviewed steps, in the order a file is filled in and reviewed. */
export const KYC_STEP_TYPES = [
  'coc',
  'contacts',
  'addresses',
  'bank-and-vat',
  'cdd',
  'insights',
] as const;
export type KycStepType = (typeof KYC_STEP_TYPES)[number];
/** The step type under which the submission's own status is published (SPEC 4). */
export const SUMMARY_STEP = 'summary';

export const KYC_STEP_STATUSES = [
  'PENDING',
  'IN_PROGRESS',
  'CHANGES_REQUESTED',
  'WAITING_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
] as const;
export type KycStepStatus = (typeof KYC_STEP_STATUSES)[number];
/** What a reviewer asks for when completing a step; the server decides what it becomes. */
export const COMPLETE_REQUESTS = ['COMPLETED', 'COMPLETE'] as const;

/** Who acts, as the workflow sees them. */
export type KycActor =
  /** A member of the customer company who may change it (OWNER, ADMIN, EDITOR) with a KYC role. */
  | 'partner'
  /** A partner member with level OWNER or ADMIN. */
  | 'partnerAdmin'
  | 'employee'
  | 'manager';

export interface KycTransition {
  from: KycStatus;
  to: KycStatus;
  who: readonly KycActor[];
  commentRequired: boolean;
  /** What must hold of the steps: all approved, or all approved or waiting for approval. */
  steps?: 'approved' | 'reviewed';
  /** isCompliant must be sent (true for an approval). */
  compliance?: 'required' | 'true';
  /** The manager must not be the person who asked for approval. */
  fourEyes?: boolean;
}

const t = (
  from: KycStatus,
  to: KycStatus,
  who: readonly KycActor[],
  extra: Partial<Omit<KycTransition, 'from' | 'to' | 'who'>> = {},
): KycTransition => ({ from, to, who, commentRequired: false, ...extra });

const comment = { commentRequired: true } as const;

/** Decision 012's table. A move not listed is refused (409). */
export const KYC_TRANSITIONS: readonly KycTransition[] = [
  t('DRAFT', 'SUBMITTED', ['partner', 'employee']),
  t('DRAFT', 'CANCELLED', ['partnerAdmin', 'manager'], comment),
  t('SUBMITTED', 'DRAFT', ['partner']),
  t('SUBMITTED', 'IN_REVIEW', ['employee']),
  t('SUBMITTED', 'CANCELLED', ['manager'], comment),
  t('IN_REVIEW', 'CHANGES_REQUESTED', ['employee'], comment),
  t('IN_REVIEW', 'WAITING_FOR_APPROVAL', ['employee'], {
    steps: 'reviewed',
    compliance: 'required',
  }),
  t('IN_REVIEW', 'APPROVED', ['manager'], { steps: 'approved', compliance: 'true' }),
  t('IN_REVIEW', 'REJECTED', ['manager'], comment),
  t('IN_REVIEW', 'CANCELLED', ['manager'], comment),
  t('CHANGES_REQUESTED', 'SUBMITTED', ['partner', 'employee']),
  t('CHANGES_REQUESTED', 'CANCELLED', ['manager'], comment),
  t('WAITING_FOR_APPROVAL', 'APPROVED', ['manager'], {
    steps: 'approved',
    compliance: 'true',
    fourEyes: true,
  }),
  t('WAITING_FOR_APPROVAL', 'REJECTED', ['manager'], comment),
  t('WAITING_FOR_APPROVAL', 'IN_REVIEW', ['manager'], comment),
  t('WAITING_FOR_APPROVAL', 'CHANGES_REQUESTED', ['manager'], comment),
  t('APPROVED', 'IN_REVIEW', ['manager'], comment),
  t('REJECTED', 'IN_REVIEW', ['manager'], comment),
];

export function findTransition(from: KycStatus, to: KycStatus): KycTransition | undefined {
  return KYC_TRANSITIONS.find((move) => move.from === from && move.to === to);
}

/** The moves out of `from` that someone acting as any of `actors` may make. */
export function transitionsFor(from: KycStatus, actors: readonly KycActor[]): KycTransition[] {
  return KYC_TRANSITIONS.filter(
    (move) => move.from === from && move.who.some((who) => actors.includes(who)),
  );
}

/** Steps are reviewed only while the file is with the reviewers. */
export const REVIEWABLE_STATUSES: readonly KycStatus[] = ['IN_REVIEW', 'WAITING_FOR_APPROVAL'];

/** Once APPROVED or REJECTED, a step only moves between those two (SPEC 4). */
export const DECIDED_STEP_STATUSES: readonly KycStepStatus[] = ['APPROVED', 'REJECTED'];

/** The customer's documents that belong to each step, by type. */
export const STEP_DOCUMENT_TYPES: Record<KycStepType, readonly DocumentType[]> = {
  coc: ['COC_EXTRACT', 'ARTICLES_OF_ASSOCIATION'],
  contacts: ['ID_DOCUMENT', 'UBO_REGISTER_EXTRACT', 'SHAREHOLDER_REGISTER', 'POWER_OF_ATTORNEY'],
  addresses: ['PROOF_OF_ADDRESS'],
  'bank-and-vat': ['BANK_STATEMENT', 'VAT_CERTIFICATE'],
  cdd: ['FINANCIAL_STATEMENT', 'CONTRACT'],
  insights: [],
};

/**
 * The documents a step cannot do without (a subset of STEP_DOCUMENT_TYPES): a file is not
 * complete, and cannot be submitted, without an ACTIVE document of each (decision 013).
 */
export const REQUIRED_STEP_DOCUMENTS: Record<KycStepType, readonly DocumentType[]> = {
  coc: ['COC_EXTRACT'],
  contacts: ['ID_DOCUMENT'],
  addresses: ['PROOF_OF_ADDRESS'],
  'bank-and-vat': ['BANK_STATEMENT'],
  cdd: [],
  insights: [],
};

/** SPEC 4 badge classes, by status value (submission or step, any case). */
export function kycBadgeVariant(
  status: string,
): 'success' | 'secondary' | 'danger' | 'warning' | 'info' {
  const value = status.toLowerCase();
  if (['complete', 'completed', 'approved'].includes(value)) return 'success';
  if (value === 'waiting_for_approval') return 'secondary';
  if (['failed', 'rejected'].includes(value)) return 'danger';
  if (['pending', 'review', 'progress'].some((word) => value.includes(word))) return 'warning';
  return 'info';
}
