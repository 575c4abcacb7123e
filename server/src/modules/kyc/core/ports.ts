import type { KycStepType } from '#common/kyc.js';
import type { KycComment, KycStep, Readiness, StatusRecord } from '#common/kyc-responses.js';
import type { AuthUser } from '#server/plugins/auth.js';
import type { Based } from '#server/versions.js';
import type { StatusChange, StepDataInput } from '../kyc-schemas.js';
import type { KycRef } from './submissions-repository.js';

// What one use case does for another. A use case never imports another (eslint.config.js):
// kyc-routes.ts hands the services in, and the use case that needs one names here only the
// part it calls.

/** The review's status change (review/status-service.ts). */
export interface StatusChanger {
  changeStatus(actor: AuthUser, ref: KycRef, change: Based<StatusChange>): Promise<StatusRecord>;
}

/** The steps as the review lists them (review/steps-service.ts). */
export interface StepLister {
  list(actor: AuthUser, ref: KycRef): Promise<KycStep[]>;
}

/** The comments a reader may see (records/records-service.ts). */
export interface CommentReader {
  comments(actor: AuthUser, ref: KycRef): Promise<KycComment[]>;
}

/** Filling in steps (collection/collection-service.ts), as a self-service link's holder does. */
export interface StepCollector {
  saveData(
    actor: AuthUser,
    ref: KycRef,
    stepType: KycStepType,
    userId: number,
    input: Based<StepDataInput>,
  ): Promise<KycStep>;
  saveDraft(
    actor: AuthUser,
    ref: KycRef,
    stepType: KycStepType,
    userId: number,
    draft: Record<string, unknown>,
  ): Promise<KycStep>;
  clearDraft(actor: AuthUser, ref: KycRef, stepType: KycStepType, userId: number): Promise<void>;
  readiness(actor: AuthUser, ref: KycRef): Promise<Readiness>;
}
