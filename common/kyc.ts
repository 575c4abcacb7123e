/**
 * The KYC workflow of decision 012: statuses, steps, who may move a file where, and which
 * documents belong to which step. The server enforces it; the app uses it to offer only the
 * actions a person may take.
 */
import {
  DOCUMENT_TYPES,
  FINANCIAL_DOCUMENT_TYPES,
  ORDER_DOCUMENT_TYPES,
  SHIPMENT_DOCUMENT_TYPES,
  type DocumentType,
  type UploadPlace,
} from './documents.js';
import { seesAmounts, type AccessLevel } from './partner-access.js';
import { usesKyc } from './roles.js';

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

/** The statuses of a file still under way; a company has at most one such file. */
export const OPEN_KYC_STATUSES: readonly KycStatus[] = [
  'DRAFT',
  'SUBMITTED',
  'IN_REVIEW',
  'CHANGES_REQUESTED',
  'WAITING_FOR_APPROVAL',
];

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

/** The steps with a form; insights is computed and has none. */
export const DATA_STEP_TYPES = [
  'coc',
  'contacts',
  'addresses',
  'bank-and-vat',
  'cdd',
] as const satisfies readonly KycStepType[];
export type DataStepType = (typeof DATA_STEP_TYPES)[number];

export const isDataStepType = (value: string): value is DataStepType =>
  (DATA_STEP_TYPES as readonly string[]).includes(value);

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
/** The status a step change asks for: a step status, or a completion (the server decides). */
export const STEP_STATUS_REQUESTS = [...KYC_STEP_STATUSES, ...COMPLETE_REQUESTS] as const;
export type StepStatusRequest = (typeof STEP_STATUS_REQUESTS)[number];

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
  /**
   * The file goes back to the partner: at least one step must be one they may change (issue
   * 14), or they could neither fix nor resubmit it.
   */
  sendsBack?: boolean;
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
  t('IN_REVIEW', 'CHANGES_REQUESTED', ['employee'], { ...comment, sendsBack: true }),
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
  t('WAITING_FOR_APPROVAL', 'CHANGES_REQUESTED', ['manager'], { ...comment, sendsBack: true }),
  t('APPROVED', 'IN_REVIEW', ['manager'], comment),
  t('REJECTED', 'IN_REVIEW', ['manager'], comment),
];

export function findTransition(from: KycStatus, to: KycStatus): KycTransition | undefined {
  return KYC_TRANSITIONS.find((move) => move.from === from && move.to === to);
}

/** The move that makes whoever makes it the file's reviewer (decision 012, 'assigns the reviewer'). */
export const assignsReviewer = (move: Pick<KycTransition, 'from' | 'to'>) =>
  move.from === 'SUBMITTED' && move.to === 'IN_REVIEW';

/**
 * Whom `userId` would take the file from by this move (decision 037): its reviewer, when that is
 * someone else. Null when the move assigns no reviewer, or the file is nobody's or theirs already.
 */
export function takesOverFrom<P extends { id: number }>(
  move: Pick<KycTransition, 'from' | 'to'>,
  reviewer: P | null,
  userId: number | null,
): P | null {
  return assignsReviewer(move) && reviewer !== null && reviewer.id !== userId ? reviewer : null;
}

/** The step statuses a move's `steps` condition accepts (decision 012, 'also needs'). */
export const STEPS_NEEDED: Record<NonNullable<KycTransition['steps']>, readonly KycStepStatus[]> = {
  approved: ['APPROVED'],
  reviewed: ['APPROVED', 'WAITING_FOR_APPROVAL'],
};

/** Whether the steps are as a move needs them. */
export function stepsReady(move: KycTransition, steps: readonly { status: string }[]): boolean {
  if (!move.steps) return true;
  const accepted: readonly string[] = STEPS_NEEDED[move.steps];
  return steps.every((step) => accepted.includes(step.status));
}

/** The moves out of `from` that someone acting as any of `actors` may make. */
export function transitionsFor(from: KycStatus, actors: readonly KycActor[]): KycTransition[] {
  return KYC_TRANSITIONS.filter(
    (move) => move.from === from && move.who.some((who) => actors.includes(who)),
  );
}

/** Steps are reviewed only while the file is with the reviewers. */
export const REVIEWABLE_STATUSES: readonly KycStatus[] = ['IN_REVIEW', 'WAITING_FOR_APPROVAL'];

/** A reviewer may withdraw a request while the file is with them or back with the partner. */
export const WITHDRAWABLE_STATUSES: readonly KycStatus[] = [
  ...REVIEWABLE_STATUSES,
  'CHANGES_REQUESTED',
];

/** Once APPROVED or REJECTED, a step only moves between those two (SPEC 4). */
export const DECIDED_STEP_STATUSES: readonly KycStepStatus[] = ['APPROVED', 'REJECTED'];

/**
 * Who may read a staff comment: staff only, or the partner as well (issue 14). What the partner
 * writes is always shared.
 */
export const COMMENT_VISIBILITIES = ['internal', 'shared'] as const;
export type CommentVisibility = (typeof COMMENT_VISIBILITIES)[number];

/** Where a staff comment is written, for its visibility rules. */
export type CommentContext =
  | { kind: 'comment' }
  | { kind: 'status'; to: KycStatus | typeof SUBMISSION_COMMENT }
  | { kind: 'step'; to: KycStepStatus }
  | { kind: 'withdrawal' };

/**
 * The visibility a staff comment must have, where the context fixes it: a request to the partner
 * (a step sent back or rejected, a file sent back) is what the partner must act on, so it is
 * always shared. Undefined where staff choose.
 */
export function fixedVisibility(context: CommentContext): CommentVisibility | undefined {
  if (context.kind === 'status' && context.to === 'CHANGES_REQUESTED') return 'shared';
  if (context.kind === 'step' && STEP_REQUEST_STATUSES.includes(context.to)) return 'shared';
  return undefined;
}

/**
 * The visibility a staff comment starts with on a form: fixed where the context fixes it; a
 * withdrawn request is news for the partner who was asked, so shared; anything else internal
 * (a decision's reasons are the compliance team's until someone chooses to share them).
 */
export function defaultVisibility(context: CommentContext): CommentVisibility {
  return fixedVisibility(context) ?? (context.kind === 'withdrawal' ? 'shared' : 'internal');
}

/**
 * The step statuses by which a reviewer asks the partner for something (issue 14): the step
 * stays open for the partner while the file is back with them, and may not be approved until
 * they have answered or the reviewer has withdrawn the request.
 */
export const STEP_REQUEST_KINDS = ['CHANGES_REQUESTED', 'REJECTED'] as const;
export type StepRequestKind = (typeof STEP_REQUEST_KINDS)[number];
export const STEP_REQUEST_STATUSES: readonly KycStepStatus[] = STEP_REQUEST_KINDS;

/** A reviewer's request on a step, as far as the rules need it. */
export interface StepRequestState {
  kind: StepRequestKind;
  /** When the partner changed the step (its data or its documents) after the request. */
  answeredAt: string | null;
}

/** Whether the request still waits for the partner. */
export const requestOpen = (request: StepRequestState | null | undefined): boolean =>
  request !== null && request !== undefined && request.answeredAt === null;

/** The customer's documents that belong to each step, by type. */
export const STEP_DOCUMENT_TYPES: Record<KycStepType, readonly DocumentType[]> = {
  coc: ['COC_EXTRACT', 'ARTICLES_OF_ASSOCIATION'],
  contacts: ['ID_DOCUMENT', 'UBO_REGISTER_EXTRACT', 'SHAREHOLDER_REGISTER', 'POWER_OF_ATTORNEY'],
  addresses: ['PROOF_OF_ADDRESS'],
  'bank-and-vat': ['BANK_STATEMENT', 'VAT_CERTIFICATE'],
  cdd: ['FINANCIAL_STATEMENT', 'CONTRACT'],
  insights: [],
};

/** Every type a KYC step rests on: a company's document of one of these is the file's evidence. */
export const KYC_EVIDENCE_TYPES: readonly DocumentType[] = [
  ...new Set(Object.values(STEP_DOCUMENT_TYPES).flat()),
];

/** Every type but the profile picture: the papers people file. */
export const PAPER_TYPES: readonly DocumentType[] = DOCUMENT_TYPES.filter(
  (type) => type !== 'PROFILE_PICTURE',
);

/**
 * The types each place takes, checked on upload and on a type change (decision 043): a
 * company files any paper; an order its commercial papers, a shipment and a leg their transport
 * papers, a self-service link the evidence its file's steps rest on; a profile picture is one and
 * nothing else, and is nowhere else. Which of them a person may hold there is the kinds' rule
 * (decision 035).
 */
export const PLACE_DOCUMENT_TYPES: Record<UploadPlace, readonly DocumentType[]> = {
  company: PAPER_TYPES,
  order: ORDER_DOCUMENT_TYPES,
  shipment: SHIPMENT_DOCUMENT_TYPES,
  leg: SHIPMENT_DOCUMENT_TYPES,
  link: KYC_EVIDENCE_TYPES,
  profile: ['PROFILE_PICTURE'],
};

const PLACE_NAMES: Record<UploadPlace, string> = {
  company: "a trade partner's documents",
  order: "an order's papers",
  shipment: "a shipment's papers",
  leg: "a leg's papers",
  link: "a self-service link's file",
  profile: 'a profile picture',
};

/** Why `type` does not belong at `place` ("PROFILE_PICTURE is not a type for …"), or null. */
export function typeRefusal(type: DocumentType, place: UploadPlace): string | null {
  return PLACE_DOCUMENT_TYPES[place].includes(type)
    ? null
    : `${type} is not a type for ${PLACE_NAMES[place]}`;
}

/** Where a stored document is: by the owner columns its upload set. */
export function placeOf(document: {
  tradePartnerId: number | null;
  kycId: number | null;
  orderId: number | null;
  shipmentId: number | null;
  transportId: number | null;
}): UploadPlace {
  if (document.tradePartnerId === null) return 'profile';
  if (document.kycId !== null) return 'link';
  if (document.transportId !== null) return 'leg';
  if (document.shipmentId !== null) return 'shipment';
  return document.orderId !== null ? 'order' : 'company';
}

/**
 * Which rule a company's document follows (decision 035): a financial one (its type carries
 * prices) that of an order's amounts; KYC evidence (uploaded through a file's link, or of a
 * step's type and attached to no order or shipment) that of KYC access; any other its owner's.
 */
export const DOCUMENT_KINDS = ['financial', 'kyc-evidence', 'ordinary'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export interface DocumentKindFacts {
  type: DocumentType;
  kycId: number | null;
  orderId: number | null;
  shipmentId: number | null;
}

/** Where a document hangs: a file's self-service link, an order or shipment, or the company. */
export type DocumentPlace = 'link' | 'record' | 'company';

/** The kind of a document of `type` in `place` (decision 035). */
export function typeKind(type: DocumentType, place: DocumentPlace): DocumentKind {
  if (FINANCIAL_DOCUMENT_TYPES.includes(type)) return 'financial';
  if (place === 'link') return 'kyc-evidence';
  return place === 'company' && KYC_EVIDENCE_TYPES.includes(type) ? 'kyc-evidence' : 'ordinary';
}

/** Where `document` hangs. */
export const documentPlace = (document: Omit<DocumentKindFacts, 'type'>): DocumentPlace =>
  document.kycId !== null
    ? 'link'
    : document.orderId !== null || document.shipmentId !== null
      ? 'record'
      : 'company';

export function documentKind(document: DocumentKindFacts): DocumentKind {
  return typeKind(document.type, documentPlace(document));
}

/**
 * Whether a signed-in person with `roles` and access `level` in the document's company (none:
 * not a member) reads documents of `kind` there (decision 035, 042): financial ones where they
 * see the company's amounts, KYC evidence with KYC access (SPEC 6). The server's policy asks it;
 * the app offers only the types a person may file.
 */
export function readsDocumentKind(
  who: { roles: readonly string[]; level: AccessLevel | null | undefined },
  kind: DocumentKind,
): boolean {
  if (kind === 'financial') return seesAmounts(who);
  if (kind === 'kyc-evidence') return usesKyc(who.roles);
  return true;
}

/**
 * The statuses in which a file's evidence is what the reviewers read or decided on: a partner
 * may no longer archive or retype it; staff may, giving a reason (decision 035).
 */
export const EVIDENCE_LOCKED_STATUSES: readonly KycStatus[] = [
  'SUBMITTED',
  'IN_REVIEW',
  'WAITING_FOR_APPROVAL',
  'APPROVED',
  'REJECTED',
];

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

/** The risk of a file, from its insights' findings. */
export const RISK_LEVELS = ['LOW', 'MEDIUM', 'HIGH'] as const;
export type RiskLevel = (typeof RISK_LEVELS)[number];

/**
 * The orders of the customers list (GET /api/kyc/customers?sort=field,asc|desc): the company's
 * name, or its latest file's status, last change or decision date (decision 031).
 */
export const CUSTOMER_SORT_FIELDS = ['name', 'status', 'updatedAt', 'decidedAt'] as const;
export type CustomerSortField = (typeof CUSTOMER_SORT_FIELDS)[number];
export const FINDING_SEVERITIES = ['INFO', 'LOW', 'MEDIUM', 'HIGH'] as const;
export type FindingSeverity = (typeof FINDING_SEVERITIES)[number];

/** Findings that make the risk what it is: MEDIUM and HIGH (LOW and INFO are for information). */
export const OPEN_FINDING_SEVERITIES: readonly FindingSeverity[] = ['MEDIUM', 'HIGH'];

/**
 * Whether approving a file needs an explicit acknowledgement of its risk with a reason (issue
 * 14): its risk is HIGH, or findings are open.
 */
export function riskNeedsAcknowledgement(insights: {
  riskLevel: RiskLevel;
  findings: readonly { severity: FindingSeverity }[];
}): boolean {
  return (
    insights.riskLevel === 'HIGH' ||
    insights.findings.some((finding) => OPEN_FINDING_SEVERITIES.includes(finding.severity))
  );
}

/** The file is with the partner: being filled in, or sent back with changes requested. */
export const PARTNER_EDITABLE_STATUSES: readonly KycStatus[] = ['DRAFT', 'CHANGES_REQUESTED'];
