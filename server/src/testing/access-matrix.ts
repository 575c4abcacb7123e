import { randomUUID } from 'node:crypto';
import {
  newCompany,
  pdfFile,
  PROFILE,
  type AccessWorld,
  type MatrixRequest,
  type MatrixRow,
  type Statuses,
} from './access-world.js';
import { orderBody } from './orders-fixtures.js';
import { address, type Actor } from './partners-fixtures.js';
import { legBody, shipmentBody } from './shipments-fixtures.js';

type Build = (w: AccessWorld, me: Actor) => MatrixRequest | Promise<MatrixRequest>;

/** A row: the request (a plain URL, or built for the caller) and each caller's status. */
const row = (request: Build | string, expect: Statuses): MatrixRow => ({
  request: typeof request === 'string' ? () => ({ url: request }) : request,
  expect,
});

// Columns: anonymous, super admin, manager, employee, trade partner (ADMIN of ours), owner (of
// ours), contact (EDITOR of ours), stranger (owner of another company).

const AUTH_AND_USERS: Record<string, MatrixRow> = {
  'POST /api/auth/keycloak/ensure-user': row(
    '/api/auth/keycloak/ensure-user',
    [401, 200, 200, 200, 200, 200, 200, 200],
  ),
  'GET /api/auth/session/info': row(
    '/api/auth/session/info',
    [401, 200, 200, 200, 200, 200, 200, 200],
  ),
  // The owner's user record: the owner, and staff.
  'GET /api/users/keycloak/:identityId': row(
    (w) => ({ url: `/api/users/keycloak/${w.people.owner.claims.sub}` }),
    [401, 200, 200, 200, 403, 200, 403, 403],
  ),
  'PUT /api/users/:id': row(
    (w) => ({ url: `/api/users/${w.people.owner.userId}`, body: PROFILE }),
    [401, 200, 200, 403, 403, 200, 403, 403],
  ),
  'PATCH /api/users/:id': row(
    (w) => ({ url: `/api/users/${w.people.owner.userId}`, body: { mobile: PROFILE.mobile } }),
    [401, 200, 200, 403, 403, 200, 403, 403],
  ),
  'GET /api/users/:id/trade-partners': row(
    (w) => ({ url: `/api/users/${w.people.owner.userId}/trade-partners` }),
    [401, 200, 200, 200, 403, 200, 403, 403],
  ),
  'GET /api/users/uuid/:uuid/trade-partners': row(
    (w) => ({ url: `/api/users/uuid/${w.people.owner.userUuid}/trade-partners` }),
    [401, 200, 200, 200, 403, 200, 403, 403],
  ),
};

/** A company's rows, by id where the route has it and by uuid. */
function partnerRows(): Record<string, MatrixRow> {
  const byId = (w: AccessWorld) => `/api/partners/${w.ours.id}`;
  const byUuid = (w: AccessWorld) => `/api/partners/uuid/${w.ours.uuid}`;
  const rows: Record<string, MatrixRow> = {
    'GET /api/partners': row('/api/partners', [401, 200, 200, 200, 200, 200, 200, 200]),
    'POST /api/partners': row(
      () => ({ url: '/api/partners', body: newCompany() }),
      [401, 201, 201, 201, 201, 201, 403, 201],
    ),
    'GET /api/partners/user': row('/api/partners/user', [401, 200, 200, 200, 200, 200, 200, 200]),
    'GET /api/partners/search': row(
      (w) => ({ url: `/api/partners/search?cocNumber=${w.ours.cocNumber as string}` }),
      [401, 200, 200, 200, 200, 200, 200, 200],
    ),
    'GET /api/partners/:id/contacts': row(
      (w) => ({ url: `${byId(w)}/contacts` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/partners/contacts/uuid/:uuid': row(
      (w) => ({ url: `/api/partners/contacts/uuid/${w.contactUuid}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
  };
  for (const [key, base] of [
    ['/api/partners/:id', byId],
    ['/api/partners/uuid/:uuid', byUuid],
  ] as const) {
    rows[`GET ${key}`] = row((w) => ({ url: base(w) }), [401, 200, 200, 200, 200, 200, 200, 404]);
    rows[`PATCH ${key}`] = row(
      (w) => ({ url: base(w), body: { name: w.ours.name } }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    );
    rows[`GET ${key}/user-role`] = row(
      (w) => ({ url: `${base(w)}/user-role` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    );
    // Accepting the terms is the company's own act: its owners and admins, never staff.
    rows[`PATCH ${key}/terms`] = row(
      (w) => ({ url: `${base(w)}/terms`, body: { termsAccepted: true } }),
      [401, 403, 403, 403, 200, 200, 403, 404],
    );
  }
  const u = '/api/partners/uuid/:uuid';
  Object.assign(rows, {
    [`GET ${u}/addresses`]: row(
      (w) => ({ url: `${byUuid(w)}/addresses` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    [`POST ${u}/addresses`]: row(
      (w) => ({ url: `${byUuid(w)}/addresses`, body: address }),
      [401, 201, 201, 201, 201, 201, 201, 404],
    ),
    [`PATCH ${u}/addresses/:addressUuid`]: row(
      (w) => ({ url: `${byUuid(w)}/addresses/${w.addressUuid}`, body: { city: address.city } }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    [`DELETE ${u}/addresses/:addressUuid`]: row(
      async (w) => ({ url: `${byUuid(w)}/addresses/${await w.freshAddress()}` }),
      [401, 204, 204, 204, 204, 204, 204, 404],
    ),
    [`GET ${u}/contacts`]: row(
      (w) => ({ url: `${byUuid(w)}/contacts` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    [`POST ${u}/contacts`]: row(
      (w) => ({ url: `${byUuid(w)}/contacts`, body: { email: `${randomUUID()}@example.com` } }),
      [401, 201, 201, 201, 201, 201, 201, 404],
    ),
    [`PATCH ${u}/contacts/:contactUuid`]: row(
      (w) => ({ url: `${byUuid(w)}/contacts/${w.contactUuid}`, body: { jobTitle: 'Buyer' } }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    [`DELETE ${u}/contacts/:contactUuid`]: row(
      async (w) => ({ url: `${byUuid(w)}/contacts/${await w.freshContact()}` }),
      [401, 204, 204, 204, 204, 204, 403, 404],
    ),
    [`GET ${u}/members`]: row(
      (w) => ({ url: `${byUuid(w)}/members` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    [`PATCH ${u}/members/:userUuid`]: row(
      (w) => ({
        url: `${byUuid(w)}/members/${w.viewer.userUuid}`,
        body: { accessLevel: 'VIEWER' },
      }),
      [401, 200, 200, 200, 200, 200, 403, 404],
    ),
    [`DELETE ${u}/members/:userUuid`]: row(
      async (w) => ({ url: `${byUuid(w)}/members/${await w.freshMember()}` }),
      [401, 204, 204, 204, 204, 204, 403, 404],
    ),
    [`GET ${u}/invitations`]: row(
      (w) => ({ url: `${byUuid(w)}/invitations` }),
      [401, 200, 200, 200, 200, 200, 403, 404],
    ),
    [`POST ${u}/invitations`]: row(
      (w) => ({ url: `${byUuid(w)}/invitations`, body: { email: `${randomUUID()}@example.com` } }),
      [401, 201, 201, 201, 201, 201, 403, 404],
    ),
    [`DELETE ${u}/invitations/:invitationUuid`]: row(
      async (w) => ({ url: `${byUuid(w)}/invitations/${await w.freshInvitation()}` }),
      [401, 204, 204, 204, 204, 204, 403, 404],
    ),
  });
  return rows;
}

/** A PDF uploaded as the caller to `path`, with `link` naming what else it belongs to. */
const uploadTo =
  (path: (w: AccessWorld) => string, link: (w: AccessWorld) => string = () => ''): Build =>
  (w, me) => ({
    url: `${path(w)}?userId=${me.userId}&documentType=OTHER${link(w)}`,
    file: pdfFile(),
  });

function documentRows(): Record<string, MatrixRow> {
  const doc = (w: AccessWorld) => `/api/documents/${w.documentId}`;
  return {
    'GET /api/documents/types': row(
      '/api/documents/types',
      [401, 200, 200, 200, 200, 200, 200, 200],
    ),
    'GET /api/documents/statuses': row(
      '/api/documents/statuses',
      [401, 200, 200, 200, 200, 200, 200, 200],
    ),
    'GET /api/documents/diagnose-s3': row(
      '/api/documents/diagnose-s3',
      [401, 200, 200, 200, 403, 403, 403, 403],
    ),
    'GET /api/documents': row('/api/documents', [401, 200, 200, 200, 200, 200, 200, 200]),
    'POST /api/documents': row(
      uploadTo(
        () => '/api/documents',
        (w) => `&tradePartnerUuid=${w.ours.uuid}`,
      ),
      [401, 201, 201, 201, 201, 201, 201, 404],
    ),
    'GET /api/documents/filter': row(
      (w) => ({ url: `/api/documents/filter?tradePartnerUuid=${w.ours.uuid}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/customer/:customerTradePartnerId': row(
      (w) => ({ url: `/api/documents/customer/${w.ours.id}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/by-entity/:entityType/:entityId': row(
      (w) => ({ url: `/api/documents/by-entity/tradepartner/${w.ours.id}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/by-entity-uuid/:entityType/:entityUuid': row(
      (w) => ({ url: `/api/documents/by-entity-uuid/tradepartner/${w.ours.uuid}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/entity/:entityName/:entityId': row(
      (w) => ({ url: `/api/documents/entity/tradepartner/${w.ours.id}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/entity-uuid/:entityName/:entityUuid': row(
      (w) => ({ url: `/api/documents/entity-uuid/tradepartner/${w.ours.uuid}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/:documentId': row(
      (w) => ({ url: doc(w) }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'PATCH /api/documents/:documentId/status': row(
      (w) => ({ url: `${doc(w)}/status?status=ACTIVE` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'PATCH /api/documents/:documentId/type': row(
      (w) => ({ url: `${doc(w)}/type?documentType=OTHER` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/:documentId/content': row(
      (w) => ({ url: `${doc(w)}/content` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/:documentId/stream': row(
      (w) => ({ url: `${doc(w)}/stream` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'GET /api/documents/:documentId/thumbnail': row(
      (w) => ({ url: `${doc(w)}/thumbnail` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'POST /api/documents/:documentId/token': row(
      (w) => ({ url: `${doc(w)}/token` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    ...documentKindRows('kyc-evidence', 'COC_EXTRACT', [401, 200, 200, 200, 200, 200, 404, 404]),
    ...documentKindRows('financial', 'INVOICE', [401, 200, 200, 200, 200, 200, 404, 404]),
  };
}

/**
 * A document that follows a rule of its own (decision 035), on every path of one document: KYC
 * evidence under KYC access (the contact has none), a financial one only for those who may view
 * the company's amounts (decision 042: staff, its OWNER and ADMIN; not the EDITOR contact). Reading and changing (with the type and
 * status it has, so nothing moves) answer alike for these callers. Keyed "<route> [<kind>]".
 */
function documentKindRows(
  kind: keyof AccessWorld['documentIds'],
  type: string,
  statuses: Statuses,
): Record<string, MatrixRow> {
  const doc = (w: AccessWorld) => `/api/documents/${w.documentIds[kind]}`;
  const paths: [string, (w: AccessWorld) => string][] = [
    ['GET /api/documents/:documentId', doc],
    ['PATCH /api/documents/:documentId/status', (w) => `${doc(w)}/status?status=ACTIVE`],
    ['PATCH /api/documents/:documentId/type', (w) => `${doc(w)}/type?documentType=${type}`],
    ['GET /api/documents/:documentId/content', (w) => `${doc(w)}/content`],
    ['GET /api/documents/:documentId/stream', (w) => `${doc(w)}/stream`],
    ['GET /api/documents/:documentId/thumbnail', (w) => `${doc(w)}/thumbnail`],
    ['POST /api/documents/:documentId/token', (w) => `${doc(w)}/token`],
  ];
  return Object.fromEntries(
    paths.map(([route, url]) => [`${route} [${kind}]`, row((w) => ({ url: url(w) }), statuses)]),
  );
}

/** Valid data for the file's bank-and-VAT step (common/kyc-steps.ts's rules). */
const bankAndVat = (w: AccessWorld) => ({
  iban: 'NL91ABNA0417164300',
  accountHolder: w.ours.name,
  vatNumber: w.ours.vatNumber,
});

/** The company's DRAFT file: every call on it by id and by uuid, and the calls around it. */
function kycRows(): Record<string, MatrixRow> {
  const rows: Record<string, MatrixRow> = {
    // The company's file is open: whoever may start one is told there is one (409).
    'POST /api/kyc': row(
      (w) => ({ url: '/api/kyc', body: { tradePartnerId: w.ours.id } }),
      [401, 409, 409, 409, 409, 409, 403, 404],
    ),
    'POST /api/kyc/uuid': row(
      (w) => ({ url: '/api/kyc/uuid', body: { tradePartnerUuid: w.ours.uuid } }),
      [401, 409, 409, 409, 409, 409, 403, 404],
    ),
    'GET /api/kyc': row('/api/kyc', [401, 200, 200, 200, 200, 200, 403, 200]),
    'GET /api/kyc/accessible': row('/api/kyc/accessible', [401, 200, 200, 200, 200, 200, 403, 200]),
    'GET /api/kyc/filter': row('/api/kyc/filter', [401, 200, 200, 200, 200, 200, 403, 200]),
    'GET /api/kyc/:id/status/:statusId': row(
      (w) => ({ url: `/api/kyc/${w.kyc.id}/status/${w.statusId}` }),
      [401, 200, 200, 200, 200, 200, 403, 404],
    ),
    'GET /api/kyc/partner/:id': row(
      (w) => ({ url: `/api/kyc/partner/${w.ours.id}` }),
      [401, 200, 200, 200, 200, 200, 403, 404],
    ),
    'GET /api/kyc/partner/uuid/:uuid': row(
      (w) => ({ url: `/api/kyc/partner/uuid/${w.ours.uuid}` }),
      [401, 200, 200, 200, 200, 200, 403, 404],
    ),
    'GET /api/kyc/customers': row('/api/kyc/customers', [401, 200, 200, 200, 403, 403, 403, 403]),
    'GET /api/kyc/customers/:customerUuid': row(
      (w) => ({ url: `/api/kyc/customers/${w.ours.uuid}` }),
      [401, 200, 200, 200, 200, 200, 403, 404],
    ),
    'GET /api/kyc/customer/:customerUuid/status-and-review': row(
      (w) => ({
        url: `/api/kyc/customer/${w.ours.uuid}/status-and-review?obligedEntityUuid=${w.kyc.obligedEntityUuid as string}`,
      }),
      [401, 200, 200, 200, 200, 200, 403, 404],
    ),
    // Exports are staff's; a job is seen by staff and whoever queued it (the manager, here).
    'POST /api/kyc/uuid/:uuid/export-pdf/start': row(
      (w) => ({ url: `/api/kyc/uuid/${w.kyc.uuid}/export-pdf/start` }),
      [401, 202, 202, 202, 403, 403, 403, 404],
    ),
    'GET /api/kyc/export-jobs/:jobId/status': row(
      (w) => ({ url: `/api/kyc/export-jobs/${w.exportJobId}/status` }),
      [401, 200, 200, 200, 404, 404, 404, 404],
    ),
    // Queued, never built here: 409 for whoever may see the job, 404 for anyone else.
    'GET /api/kyc/export-jobs/:jobId/download': row(
      (w) => ({ url: `/api/kyc/export-jobs/${w.exportJobId}/download` }),
      [401, 409, 409, 409, 404, 404, 404, 404],
    ),
  };
  for (const [key, base] of [
    ['/api/kyc/:id', (w: AccessWorld) => `/api/kyc/${w.kyc.id}`],
    ['/api/kyc/uuid/:uuid', (w: AccessWorld) => `/api/kyc/uuid/${w.kyc.uuid}`],
  ] as const) {
    /** A call on the file; `{userId}` in the path is the caller's own id. */
    const at =
      (path: string, body?: (me: Actor) => unknown): Build =>
      (w, me) => ({
        url: `${base(w)}${path.replace('{userId}', String(me.userId))}`,
        ...(body ? { body: body(me) } : {}),
      });
    Object.assign(rows, {
      [`GET ${key}`]: row(at(''), [401, 200, 200, 200, 200, 200, 403, 404]),
      [`GET ${key}/comments`]: row(at('/comments'), [401, 200, 200, 200, 200, 200, 403, 404]),
      [`POST ${key}/comments`]: row(
        at('/comments', () => ({ comment: 'Looked at it.' })),
        [401, 201, 201, 201, 201, 201, 403, 404],
      ),
      [`GET ${key}/status`]: row(at('/status'), [401, 200, 200, 200, 200, 200, 403, 404]),
      [`POST ${key}/status`]: row(
        at('/status', (me) => ({
          status: 'SUBMISSION_COMMENT',
          userId: me.userId,
          comment: 'Hello.',
        })),
        [401, 201, 201, 201, 201, 201, 403, 404],
      ),
      [`GET ${key}/audit`]: row(at('/audit'), [401, 200, 200, 200, 403, 403, 403, 404]),
      [`GET ${key}/steps`]: row(at('/steps'), [401, 200, 200, 200, 200, 200, 403, 404]),
      [`GET ${key}/steps/:stepType`]: row(
        at('/steps/coc'),
        [401, 200, 200, 200, 200, 200, 403, 404],
      ),
      [`POST ${key}/steps/:stepType`]: row(
        at('/steps/coc?userId={userId}', () => ({})),
        [401, 200, 200, 200, 200, 200, 403, 404],
      ),
      // The file is a draft: staff pass the policy and are told it is not in review.
      [`POST ${key}/steps/:stepType/status`]: row(
        at('/steps/coc/status?userId={userId}', () => ({ status: 'COMPLETED' })),
        [401, 409, 409, 409, 403, 403, 403, 404],
      ),
      [`POST ${key}/steps/:stepType/request/withdraw`]: row(
        at('/steps/coc/request/withdraw?userId={userId}', () => ({ comment: 'Not needed.' })),
        [401, 409, 409, 409, 403, 403, 403, 404],
      ),
      [`PUT ${key}/steps/insights/:stepUuid/status`]: row(
        (w, me) => ({
          url: `${base(w)}/steps/insights/${w.insightsStepUuid}/status`,
          body: { status: 'COMPLETED', userId: me.userId },
        }),
        [401, 409, 409, 409, 403, 403, 403, 404],
      ),
      [`PUT ${key}/steps/:stepType/data`]: row(
        (w, me) => ({
          url: `${base(w)}/steps/bank-and-vat/data?userId=${me.userId}`,
          body: { data: bankAndVat(w) },
        }),
        [401, 200, 200, 200, 200, 200, 403, 404],
      ),
      [`PUT ${key}/steps/:stepType/draft`]: row(
        at('/steps/coc/draft?userId={userId}', () => ({ draft: {} })),
        [401, 200, 200, 200, 200, 200, 403, 404],
      ),
      [`DELETE ${key}/steps/:stepType/draft`]: row(
        at('/steps/coc/draft?userId={userId}'),
        [401, 204, 204, 204, 204, 204, 403, 404],
      ),
      [`GET ${key}/readiness`]: row(at('/readiness'), [401, 200, 200, 200, 200, 200, 403, 404]),
      // The insights are staff's: refused before anything is looked up.
      [`GET ${key}/insights`]: row(at('/insights'), [401, 200, 200, 200, 403, 403, 403, 403]),
      [`GET ${key}/export-pdf`]: row(at('/export-pdf'), [401, 200, 200, 200, 403, 403, 403, 404]),
      // Self-service links are for staff and the company's OWNER or ADMIN (issue 19).
      [`POST ${key}/selfservice-links`]: row(
        at('/selfservice-links', () => ({ recipientName: 'Clerk' })),
        [401, 201, 201, 201, 201, 201, 403, 404],
      ),
      [`GET ${key}/selfservice-links`]: row(
        at('/selfservice-links'),
        [401, 200, 200, 200, 200, 200, 403, 404],
      ),
      [`POST ${key}/selfservice-links/:linkId/revoke`]: row(
        (w) => ({ url: `${base(w)}/selfservice-links/${w.selfServiceLinkId}/revoke` }),
        [401, 200, 200, 200, 200, 200, 403, 404],
      ),
      [`GET ${key}/selfservice-links/:linkId/uses`]: row(
        (w) => ({ url: `${base(w)}/selfservice-links/${w.selfServiceLinkId}/uses` }),
        [401, 200, 200, 200, 200, 200, 403, 404],
      ),
    });
  }
  return rows;
}

/** Orders (decision 033): staff make and change them; the company's members read them. */
function orderRows(): Record<string, MatrixRow> {
  const at = (w: AccessWorld) => `/api/orders/${w.order.uuid}`;
  return {
    'GET /api/orders': row('/api/orders', [401, 200, 200, 200, 200, 200, 200, 200]),
    'GET /api/orders/counts': row('/api/orders/counts', [401, 200, 200, 200, 200, 200, 200, 200]),
    'POST /api/orders': row(
      (w) => ({ url: '/api/orders', body: orderBody(w.ours) }),
      [401, 201, 201, 201, 403, 403, 403, 404],
    ),
    'GET /api/orders/:idOrUuid': row(
      (w) => ({ url: `/api/orders/${w.order.id}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'PUT /api/orders/:idOrUuid': row(
      (w) => ({ url: at(w), body: orderBody(w.ours, { notes: 'Deliver in the morning.' }) }),
      [401, 200, 200, 200, 403, 403, 403, 404],
    ),
    'POST /api/orders/:idOrUuid/status': row(
      async (w) => ({
        url: `/api/orders/${(await w.freshOrder()).id}/status`,
        body: { status: 'CANCELLED', reason: 'Ordered twice.' },
      }),
      [401, 200, 200, 200, 403, 403, 403, 404],
    ),
    'GET /api/orders/:idOrUuid/history': row(
      (w) => ({ url: `${at(w)}/history` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
  };
}

/**
 * Shipments and their legs (issue 21): staff plan, change and move them; the company's members
 * read them (and upload their papers, above).
 */
function shipmentRows(): Record<string, MatrixRow> {
  const at = (w: AccessWorld) => `/api/shipments/${w.shipment.uuid}`;
  const leg = (w: AccessWorld) => `/api/transports/${w.leg.uuid}`;
  const reads: Statuses = [401, 200, 200, 200, 200, 200, 200, 404];
  const staffOnly = (success: number): Statuses => [
    401,
    success,
    success,
    success,
    403,
    403,
    403,
    404,
  ];
  return {
    'POST /api/shipments': row(
      (w) => ({
        url: '/api/shipments',
        body: shipmentBody(w.shippable, [[w.shippable.lines[0]!, '1']]),
      }),
      staffOnly(201),
    ),
    'GET /api/shipments/:idOrUuid': row((w) => ({ url: `/api/shipments/${w.shipment.id}` }), reads),
    'PUT /api/shipments/:idOrUuid': row(
      (w) => ({
        url: at(w),
        body: {
          ...shipmentBody(w.shippable, [[w.shippable.lines[1]!, '1']]),
          orderUuid: undefined,
        },
      }),
      staffOnly(200),
    ),
    'POST /api/shipments/:idOrUuid/status': row(
      async (w) => ({
        url: `/api/shipments/${(await w.freshShipment()).id}/status`,
        body: { status: 'CANCELLED', reason: 'Planned twice.' },
      }),
      staffOnly(200),
    ),
    'GET /api/shipments/:idOrUuid/history': row((w) => ({ url: `${at(w)}/history` }), reads),
    'POST /api/shipments/:idOrUuid/transports': row(
      (w) => ({ url: `${at(w)}/transports`, body: legBody() }),
      staffOnly(201),
    ),
    'GET /api/orders/:idOrUuid/shipments': row(
      (w) => ({ url: `/api/orders/${w.shippable.uuid}/shipments` }),
      reads,
    ),
    'GET /api/transports/:idOrUuid': row((w) => ({ url: `/api/transports/${w.leg.id}` }), reads),
    'PUT /api/transports/:idOrUuid': row((w) => ({ url: leg(w), body: legBody() }), staffOnly(200)),
    'POST /api/transports/:idOrUuid/status': row(
      async (w) => ({
        url: `/api/transports/${(await w.freshLeg()).id}/status`,
        body: { status: 'CANCELLED', reason: 'Booked twice.' },
      }),
      staffOnly(200),
    ),
    // A shipment's papers follow the shipment: its readers read them, EDITOR and up upload
    // (after the KYC rows: the company's documents are in its file's export).
    'GET /api/documents/shipment/:shipmentId': row(
      (w) => ({ url: `/api/documents/shipment/${w.shipment.id}` }),
      [401, 200, 200, 200, 200, 200, 200, 404],
    ),
    'POST /api/documents/shipment/:shipmentId': row(
      uploadTo((w) => `/api/documents/shipment/${w.shipment.id}`),
      [401, 201, 201, 201, 201, 201, 201, 404],
    ),
    'POST /api/documents/transport/:transportId': row(
      uploadTo((w) => `/api/documents/transport/${w.leg.id}`),
      [401, 201, 201, 201, 201, 201, 201, 404],
    ),
  };
}

/**
 * Every route that needs a signed-in caller, keyed as Fastify registers it ("METHOD /path/:param",
 * with " [<kind>]" for a further row of the same route), with the status each caller gets today. access-matrix.test.ts fails for a route without a row.
 */
export const ACCESS_MATRIX: Record<string, MatrixRow> = {
  ...AUTH_AND_USERS,
  ...partnerRows(),
  ...documentRows(),
  ...kycRows(),
  ...orderRows(),
  ...shipmentRows(),
};
