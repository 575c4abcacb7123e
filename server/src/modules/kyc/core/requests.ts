import { requestOpen, type StepRequestKind } from '#common/kyc.js';
import type { StoredStepRequest } from '#server/db/schema/kyc.js';
import type { Acting } from './audit-repository.js';

/*
 * A reviewer's request to the partner on a step (issue 14): opened by requesting changes or
 * rejecting, answered when the partner changes the step's data or documents, closed by the
 * next decision on the step or withdrawn with a comment.
 */

/** A new request: open until the partner answers or it is withdrawn. */
export function newRequest(
  kind: StepRequestKind,
  comment: string,
  by: Acting,
  at: Date,
): StoredStepRequest {
  return {
    kind,
    comment,
    byId: by.userId,
    byName: by.userName,
    at: at.toISOString(),
    answeredAt: null,
    answeredById: null,
    answeredByName: null,
    documents: [],
  };
}

/** The request once the partner has changed the step; unchanged when it was not open. */
export function answered(
  request: StoredStepRequest | null,
  by: Acting,
  at: Date,
): StoredStepRequest | null {
  if (!request || !requestOpen(request)) return request;
  return {
    ...request,
    answeredAt: at.toISOString(),
    answeredById: by.userId,
    answeredByName: by.userName,
  };
}
