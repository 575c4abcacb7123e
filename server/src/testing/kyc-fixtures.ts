import { eq } from 'drizzle-orm';
import type { DocumentType } from '#common/documents.js';
import { REQUIRED_STEP_DOCUMENTS, type KycStatus, type KycStepStatus } from '#common/kyc.js';
import { DATA_STEP_TYPES, type DataStepType } from '#common/kyc-steps.js';
import { kycSteps, kycSubmissions } from '#server/db/schema/kyc.js';
import { upload } from './documents-fixtures.js';
import type { TestServer } from './harness.js';
import { minimalPdf } from './minimal-pdf.js';
import {
  addMember,
  caller,
  createPartner,
  signIn,
  type Actor,
  type Partner,
} from './partners-fixtures.js';

/** A KYC submission as the API answers it (the fields the tests look at). */
export interface Kyc {
  id: number;
  uuid: string;
  status: KycStatus;
  version: number;
  steps: { stepType: string; status: KycStepStatus }[];
  [key: string]: unknown;
}

/** A company with a member at every level and kind the KYC rules tell apart. */
export interface KycCompany {
  partner: Partner;
  /** OWNER role, OWNER level (registered the company). */
  owner: Actor;
  /** NT24_TRADE_PARTNER role, ADMIN level. */
  admin: Actor;
  /** NT24_TRADE_PARTNER role, EDITOR level. */
  editor: Actor;
  /** NT24_TRADE_PARTNER role, VIEWER level: reads only. */
  viewer: Actor;
  /** CONTACT role only, EDITOR level: no KYC access at all (SPEC 6). */
  contact: Actor;
}

export interface KycWorld {
  employee: Actor;
  manager: Actor;
  /** A second manager, for the four-eyes rule. */
  manager2: Actor;
  company: KycCompany;
  /** The owner of another company: may see nothing of `company`. */
  stranger: Actor;
  strangerPartner: Partner;
}

export async function kycCompany(server: TestServer): Promise<KycCompany> {
  const owner = await signIn(server, 'owner', ['OWNER']);
  const partner = await createPartner(server, owner);
  const [admin, editor, viewer, contact] = await Promise.all([
    addMember(server, owner, partner, 'ADMIN', ['NT24_TRADE_PARTNER']),
    addMember(server, owner, partner, 'EDITOR', ['NT24_TRADE_PARTNER']),
    addMember(server, owner, partner, 'VIEWER', ['NT24_TRADE_PARTNER']),
    addMember(server, owner, partner, 'EDITOR', ['CONTACT']),
  ]);
  return { partner, owner, admin, editor, viewer, contact };
}

export async function kycWorld(server: TestServer): Promise<KycWorld> {
  const [employee, manager, manager2, stranger, company] = await Promise.all([
    signIn(server, 'employee', ['NT24_EMPLOYEE']),
    signIn(server, 'manager', ['NT24_MANAGER']),
    signIn(server, 'manager', ['NT24_MANAGER']),
    signIn(server, 'stranger', ['OWNER']),
    kycCompany(server),
  ]);
  const strangerPartner = await createPartner(server, stranger);
  return { employee, manager, manager2, company, stranger, strangerPartner };
}

/** Starts a company's submission over HTTP, as `who`. */
export async function createKyc(server: TestServer, who: Actor, partner: Partner): Promise<Kyc> {
  const response = await caller(server)(who, 'POST', '/api/kyc', { tradePartnerId: partner.id });
  if (response.statusCode !== 201) {
    throw new Error(`create KYC: ${response.statusCode} ${response.body}`);
  }
  return response.json();
}

/**
 * Puts a submission in a state directly in the database, for tests that start from there (the
 * call under test still goes over HTTP). Steps are set too when `steps` is given.
 */
export async function forceKycState(
  server: TestServer,
  kycId: number,
  state: {
    status: KycStatus;
    steps?: KycStepStatus;
    approvalRequestedBy?: number | null;
    reviewerId?: number | null;
    decidedAt?: Date | null;
  },
): Promise<void> {
  const db = server.database.db;
  await db
    .update(kycSubmissions)
    .set({
      status: state.status,
      ...(state.approvalRequestedBy !== undefined
        ? { approvalRequestedBy: state.approvalRequestedBy }
        : {}),
      ...(state.reviewerId !== undefined ? { reviewerId: state.reviewerId } : {}),
      ...(state.decidedAt !== undefined ? { decidedAt: state.decidedAt } : {}),
    })
    .where(eq(kycSubmissions.id, kycId));
  // Forced steps are clean: no reviewer's request is left open on them.
  if (state.steps) {
    await db
      .update(kycSteps)
      .set({ status: state.steps, request: null })
      .where(eq(kycSteps.kycId, kycId));
  }
}

/** A status change as the app sends it: comment and isCompliant are null when not given. */
export function moveTo(
  who: Actor,
  status: string,
  extra: { comment?: string; isCompliant?: boolean; version?: number } = {},
) {
  return { status, userId: who.userId, comment: null, isCompliant: null, ...extra };
}

/** A day `daysAgo` days before today, as the forms write dates. */
export const isoDaysAgo = (daysAgo: number) =>
  new Date(Date.now() - daysAgo * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);

/** Data for every step that passes all of common/kyc-steps.ts's rules. */
export function validStepData(
  partner: Partner,
  idDocumentId: number,
): Record<DataStepType, Record<string, unknown>> {
  return {
    coc: {
      cocNumber: partner.cocNumber,
      registeredName: partner.name,
      legalForm: 'B.V.',
      registrationDate: '2010-03-01',
      extractDate: isoDaysAgo(30),
    },
    contacts: {
      people: [
        { firstName: 'Anna', lastName: 'de Vries', role: 'DIRECTOR', idDocumentId },
        {
          firstName: 'Bram',
          lastName: 'Jansen',
          role: 'UBO',
          ownershipPercentage: 60,
          dateOfBirth: '1980-01-31',
          nationality: 'NL',
          idDocumentId,
        },
      ],
    },
    addresses: {
      registered: {
        street: 'Oudegracht',
        houseNumber: '100',
        postCode: '3511 AX',
        city: 'Utrecht',
        country: 'NL',
      },
    },
    'bank-and-vat': {
      iban: 'NL91ABNA0417164300',
      accountHolder: partner.name,
      vatNumber: partner.vatNumber,
    },
    cdd: {
      businessActivity: 'Wholesale of metals',
      countriesOfOperation: ['NL', 'DE'],
      expectedMonthlyVolume: '250000.00',
      sourceOfFunds: 'Revenue from trading',
      pepDeclared: false,
      sanctionsDeclared: false,
    },
  };
}

/** Uploads a one-page PDF of `documentType` for the company, as `who`; answers its id. */
export async function uploadDocument(
  server: TestServer,
  who: Actor,
  partner: Partner,
  documentType: DocumentType,
): Promise<number> {
  const response = await upload(
    server,
    who,
    { userId: who.userId, documentType, tradePartnerUuid: partner.uuid },
    { name: `${documentType.toLowerCase()}.pdf`, content: minimalPdf(documentType) },
  );
  if (response.statusCode !== 201) {
    throw new Error(`upload ${documentType}: ${response.statusCode} ${response.body}`);
  }
  return response.json().id;
}

/**
 * Moves the file over HTTP as `manager`; an approval acknowledges the findings of a bare file
 * (its steps forced APPROVED). Throws unless the move is made.
 */
export async function moveKyc(
  server: TestServer,
  manager: Actor,
  kyc: { id: number },
  status: string,
  comment?: string,
): Promise<void> {
  const call = caller(server);
  const insights = (await call(manager, 'GET', `/api/kyc/${kyc.id}/insights`)).json();
  const response = await call(manager, 'POST', `/api/kyc/${kyc.id}/status`, {
    ...moveTo(manager, status, comment ? { comment } : {}),
    ...(status === 'APPROVED'
      ? {
          isCompliant: true,
          riskAcknowledgement: { reason: 'Checked.', fingerprint: insights.fingerprint },
        }
      : {}),
  });
  if (response.statusCode !== 201) {
    throw new Error(`move KYC to ${status}: ${response.statusCode} ${response.body}`);
  }
}

/** A company of its own with a DRAFT file started by its owner, for tests that need one. */
export async function freshKyc(server: TestServer): Promise<{ company: KycCompany; kyc: Kyc }> {
  const company = await kycCompany(server);
  return { company, kyc: await createKyc(server, company.owner, company.partner) };
}

/** A call on one step (`what`: data, draft, status) as `who` makes it, with their userId. */
export const stepUrl = (kyc: { id: number }, stepType: string, what: string, who: Actor) =>
  `/api/kyc/${kyc.id}/steps/${stepType}/${what}?userId=${who.userId}`;

/** Saves a step's data over HTTP, as `who`; `body` is `{ data, version? }`. */
export function saveStepData(
  server: TestServer,
  who: Actor,
  kyc: { id: number },
  stepType: string,
  body: Record<string, unknown>,
) {
  return caller(server)(who, 'PUT', stepUrl(kyc, stepType, 'data', who), body);
}

/** Keeps a draft of a step's form over HTTP, as `who`. */
export function saveStepDraft(
  server: TestServer,
  who: Actor,
  kyc: { id: number },
  stepType: string,
  draft: unknown,
) {
  return caller(server)(who, 'PUT', stepUrl(kyc, stepType, 'draft', who), { draft });
}

/**
 * Fills in every step of a DRAFT file with valid data and uploads the documents the steps
 * need, over HTTP as `who` (a member who may change the company), so that it may be submitted.
 * Answers the ID document the people name.
 */
export async function fillKyc(
  server: TestServer,
  who: Actor,
  kyc: { id: number },
  partner: Partner,
): Promise<{ idDocumentId: number }> {
  const required = [...new Set(Object.values(REQUIRED_STEP_DOCUMENTS).flat())];
  const ids = new Map<DocumentType, number>();
  for (const type of required) ids.set(type, await uploadDocument(server, who, partner, type));
  const data = validStepData(partner, ids.get('ID_DOCUMENT')!);
  for (const stepType of DATA_STEP_TYPES) {
    const response = await saveStepData(server, who, kyc, stepType, { data: data[stepType] });
    if (response.statusCode !== 200) {
      throw new Error(`fill ${stepType}: ${response.statusCode} ${response.body}`);
    }
  }
  return { idDocumentId: ids.get('ID_DOCUMENT')! };
}
