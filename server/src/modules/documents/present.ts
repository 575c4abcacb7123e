import type { Document } from '#common/documents.js';
import { placeOf } from '#common/kyc.js';
import { toIso, toIsoOrNull } from '#server/api-schemas.js';
import type { AuthUser } from '#server/plugins/auth.js';
import type { Db } from '#server/db/client.js';
import type { AccessTokens } from './access-tokens.js';
import { changeableDocuments } from './access-service.js';
import type { DocumentView } from './documents-repository.js';
import { hasThumbnail } from './thumbnails-service.js';
import type { EvidenceKeeper } from './types.js';

function uploaderName(uploader: NonNullable<DocumentView['uploader']>): string {
  const name = [uploader.firstName, uploader.lastName].filter(Boolean).join(' ').trim();
  return name || uploader.email || uploader.username || `User ${uploader.id}`;
}

/** What presenting a document needs: the database, the token issuer, the KYC files' evidence. */
export interface Presenter {
  db: Db;
  tokens: AccessTokens;
  evidence: EvidenceKeeper;
}

/**
 * Documents as the API answers them, each with an access token for `actor` (one signing pass
 * for the whole list, one expiry) and whether they may change it now (decision 035).
 */
export async function presentDocuments(
  { db, tokens, evidence }: Presenter,
  actor: AuthUser,
  views: DocumentView[],
): Promise<Document[]> {
  const changeable = await changeableDocuments(db, evidence, actor, views);
  const issued = await tokens.issue(
    actor,
    views.map((view) => view.document.id),
  );
  return views.map((view) => {
    const row = view.document;
    const token = issued.get(row.id)!;
    return {
      id: row.id,
      uuid: row.uuid,
      type: row.type,
      status: row.status,
      fileName: row.fileName,
      contentType: row.contentType,
      size: row.size,
      sha256: row.sha256,
      tradePartnerId: row.tradePartnerId,
      tradePartnerUuid: view.tradePartnerUuid,
      userId: row.userId,
      userUuid: view.userUuid,
      contactId: row.contactId,
      contactUuid: view.contactUuid,
      addressId: row.addressId,
      addressUuid: view.addressUuid,
      shipmentId: row.shipmentId,
      orderId: row.orderId,
      transportId: row.transportId,
      place: placeOf(row),
      uploadedBy: view.uploader
        ? { id: view.uploader.id, name: uploaderName(view.uploader) }
        : null,
      createdAt: toIso(row.createdAt),
      updatedAt: toIso(row.updatedAt),
      archivedAt: toIsoOrNull(row.archivedAt),
      hasThumbnail: hasThumbnail(row.contentType),
      accessToken: token.token,
      accessTokenExpiresAt: toIso(token.expiresAt),
      permissions: { change: changeable.has(row.id) },
    };
  });
}

export async function presentDocument(
  presenter: Presenter,
  actor: AuthUser,
  view: DocumentView,
): Promise<Document> {
  const [document] = await presentDocuments(presenter, actor, [view]);
  return document!;
}
