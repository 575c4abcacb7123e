import type { FastifyRequest } from 'fastify';
import { STALE_VERSION } from '#common/api.js';
import { z } from 'zod';
import { ConflictError, PreconditionRequiredError, ValidationError } from '#server/errors.js';

/**
 * Decision 023: every change of a record people edit together names the version it is based
 * on, and loses (409, with the record as it is now) when someone else changed it first.
 */

/** The records people edit together; each has a `version` column bumped by every change. */
export type VersionedRecord =
  | 'partner'
  | 'address'
  | 'contact'
  | 'member'
  | 'submission'
  | 'step'
  | 'order'
  | 'shipment'
  | 'transport';

const KYC = ['/api/kyc/:id', '/api/kyc/uuid/:uuid'] as const;
const PARTNER = '/api/partners/uuid/:uuid';

type KycRoute<M extends string, P extends string> = `${M} ${(typeof KYC)[number]}${P}`;

const kycRoutes = <M extends string, P extends string>(
  method: M,
  path: P,
  record: VersionedRecord,
) =>
  Object.fromEntries(KYC.map((base) => [`${method} ${base}${path}`, record])) as Record<
    KycRoute<M, P>,
    VersionedRecord
  >;

/**
 * Every route that changes, archives or deletes a record people edit together, keyed as Fastify
 * registers it, and the record it changes. plugins/versions.ts makes each of them require the
 * version; versions.test.ts calls each of them.
 */
export const VERSIONED_ROUTES = {
  'PATCH /api/partners/:id': 'partner',
  [`PATCH ${PARTNER}`]: 'partner',
  'PATCH /api/partners/:id/terms': 'partner',
  [`PATCH ${PARTNER}/terms`]: 'partner',
  [`PATCH ${PARTNER}/addresses/:addressUuid`]: 'address',
  [`DELETE ${PARTNER}/addresses/:addressUuid`]: 'address',
  [`PATCH ${PARTNER}/contacts/:contactUuid`]: 'contact',
  [`DELETE ${PARTNER}/contacts/:contactUuid`]: 'contact',
  [`PATCH ${PARTNER}/members/:userUuid`]: 'member',
  [`DELETE ${PARTNER}/members/:userUuid`]: 'member',
  ...kycRoutes('POST', '/status', 'submission'),
  ...kycRoutes('POST', '/steps/:stepType/status', 'step'),
  ...kycRoutes('POST', '/steps/:stepType/request/withdraw', 'step'),
  ...kycRoutes('PUT', '/steps/insights/:stepUuid/status', 'step'),
  ...kycRoutes('PUT', '/steps/:stepType/data', 'step'),
  'PUT /api/kyc/selfservice/steps/:stepType/data': 'step',
  'PUT /api/orders/:idOrUuid': 'order',
  'POST /api/orders/:idOrUuid/status': 'order',
  'PUT /api/shipments/:idOrUuid': 'shipment',
  'POST /api/shipments/:idOrUuid/status': 'shipment',
  'PUT /api/transports/:idOrUuid': 'transport',
  'POST /api/transports/:idOrUuid/status': 'transport',
} as const satisfies Record<string, VersionedRecord>;

export type VersionedRoute = keyof typeof VERSIONED_ROUTES;

/**
 * The other routes that write, and why they need no version. A route that writes and is in
 * neither table stops the server from starting (plugins/versions.ts).
 */
export const UNVERSIONED_CHANGES: Record<string, string> = {
  'POST /api/auth/keycloak/ensure-user': 'creates the user record if missing',
  'PUT /api/users/:id': "a person's own profile, which no one else edits",
  'PATCH /api/users/:id': "a person's own profile, which no one else edits",
  'POST /api/partners': 'creates a record',
  'POST /api/orders': 'creates a record',
  'POST /api/shipments': 'creates a record',
  'POST /api/shipments/:idOrUuid/transports': 'creates a record',
  [`POST ${PARTNER}/addresses`]: 'creates a record',
  [`POST ${PARTNER}/contacts`]: 'creates a record',
  [`POST ${PARTNER}/invitations`]: 'creates a record',
  [`DELETE ${PARTNER}/invitations/:invitationUuid`]:
    'revoking is final and no one edits an invitation',
  'POST /api/documents': 'creates a record',
  'POST /api/documents/shipment/:shipmentId': 'creates a record',
  'POST /api/documents/transport/:transportId': 'creates a record',
  'POST /api/documents/:documentId/token': 'reads: a link to the file',
  'PATCH /api/documents/:documentId/status': 'documents are files, not edited together',
  'PATCH /api/documents/:documentId/type': 'documents are files, not edited together',
  'POST /api/kyc': 'creates a record',
  'POST /api/kyc/uuid': 'creates a record',
  'POST /api/kyc/uuid/:uuid/export-pdf/start': 'reads: an export of the file',
  'POST /api/kyc/selfservice/validate-token': 'reads: opens a link',
  'PUT /api/kyc/selfservice/steps/:stepType/draft': "the form's unsaved state, not the step",
  'DELETE /api/kyc/selfservice/steps/:stepType/draft': "the form's unsaved state, not the step",
  'POST /api/kyc/selfservice/documents': 'creates a record',
  'PATCH /api/kyc/selfservice/documents/:documentId/type':
    'documents are files, not edited together',
  'PATCH /api/kyc/selfservice/documents/:documentId/status':
    'documents are files, not edited together',
  'POST /api/kyc/selfservice/submit':
    'hands the file in as it is; the workflow refuses a second hand-in (409)',
  'POST /api/kyc/selfservice/claim': 'ends a link once: a second claim finds it ended',
  ...Object.fromEntries(
    KYC.flatMap((base) => [
      [`POST ${base}/comments`, 'adds a comment'],
      [`POST ${base}/steps/:stepType`, 'creates a missing step, or answers the existing one'],
      [
        `PUT ${base}/steps/:stepType/draft`,
        "the form's unsaved state, not the step (decision 013)",
      ],
      [`DELETE ${base}/steps/:stepType/draft`, "the form's unsaved state, not the step"],
      [`POST ${base}/selfservice-links`, 'creates a record'],
      [`POST ${base}/selfservice-links/:linkId/revoke`, 'ending a link is final'],
    ]),
  ),
};

/** A change with the version it is based on, wherever the request named it. */
export type Based<T extends { version?: number | undefined }> = Omit<T, 'version'> & {
  version: number;
};

/** The If-Match header as the OpenAPI document shows it; other headers pass untouched. */
export const ifMatchHeadersSchema = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe('the version the change is based on, as an ETag ("3", W/"3") or bare (3)'),
});

const IF_MATCH = /^(?:(?:W\/)?"([1-9][0-9]{0,8})"|([1-9][0-9]{0,8}))$/;

const VERSION_REQUIRED =
  'This change must name the version it is based on: send If-Match or version.';

/** The version an If-Match header names; 400 for anything but one version. */
export function parseIfMatch(header: string): number {
  const match = IF_MATCH.exec(header.trim());
  if (!match) {
    const message = 'must name one version, as "3", W/"3" or 3';
    throw new ValidationError(`headers.if-match: ${message}`, [
      { field: 'headers.if-match', message },
    ]);
  }
  return Number(match[1] ?? match[2]);
}

const expected = new WeakMap<FastifyRequest, number>();

/**
 * Reads the version a change is based on from If-Match or the body's `version` (validated by
 * the body's schema by now): 428 when neither names one, 400 when they disagree.
 */
export function readExpectedVersion(request: FastifyRequest): void {
  const header = request.headers['if-match'];
  const fromHeader = typeof header === 'string' ? parseIfMatch(header) : undefined;
  const body = request.body as { version?: number } | null | undefined;
  const fromBody = typeof body === 'object' && body !== null ? body.version : undefined;
  const version = fromHeader ?? fromBody;
  if (version === undefined) {
    throw new PreconditionRequiredError(VERSION_REQUIRED, [
      { field: 'version', message: 'is required: send If-Match or version' },
    ]);
  }
  if (fromBody !== undefined && fromBody !== version) {
    const message = 'names another version than If-Match';
    throw new ValidationError(`body.version: ${message}`, [{ field: 'body.version', message }]);
  }
  expected.set(request, version);
}

/** The version a versioned route's change is based on, as its preHandler read it. */
export function expectedVersion(request: FastifyRequest): number {
  const version = expected.get(request);
  if (version === undefined) {
    throw new Error(`${request.method} ${request.routeOptions.url} is not in VERSIONED_ROUTES`);
  }
  return version;
}

/** 409 for a change based on an old version, with the record as it is now (null: gone). */
export const staleVersion = (what: string, current: unknown): ConflictError =>
  new ConflictError(`The ${what} was changed by someone else; reload and try again.`, {
    reason: STALE_VERSION,
    current,
  });

/** Thrown inside a change's transaction when its record is no longer at the version named. */
export class StaleRecord extends Error {}

/**
 * Runs a change and answers the record as `read` finds it afterwards, or, with 'written', what
 * the change's own transaction wrote (a KYC change answers the row it wrote with its events);
 * a change that threw StaleRecord is 409 with the record as `read` finds it now.
 */
export async function versionedChange<T>(
  what: string,
  change: () => Promise<unknown>,
  read: () => Promise<T>,
): Promise<T>;
export async function versionedChange<T>(
  what: string,
  change: () => Promise<T>,
  read: () => Promise<unknown>,
  answer: 'written',
): Promise<T>;
export async function versionedChange(
  what: string,
  change: () => Promise<unknown>,
  read: () => Promise<unknown>,
  answer: 'read' | 'written' = 'read',
): Promise<unknown> {
  let written: unknown;
  try {
    written = await change();
  } catch (error) {
    if (!(error instanceof StaleRecord)) throw error;
    throw staleVersion(what, await read());
  }
  return answer === 'written' ? written : read();
}
