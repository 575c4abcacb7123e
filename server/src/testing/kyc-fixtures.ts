import { eq } from 'drizzle-orm';
import type { KycStatus, KycStepStatus } from '../../../common/kyc.js';
import { kycSteps, kycSubmissions } from '../db/schema/kyc.js';
import type { TestServer } from './harness.js';
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
    })
    .where(eq(kycSubmissions.id, kycId));
  if (state.steps) {
    await db.update(kycSteps).set({ status: state.steps }).where(eq(kycSteps.kycId, kycId));
  }
}

/** A status change as the app sends it. */
export function moveTo(
  who: Actor,
  status: string,
  extra: { comment?: string; isCompliant?: boolean; version?: number } = {},
) {
  return { status, userId: who.userId, ...extra };
}
