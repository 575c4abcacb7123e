import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCEPTED_CONTENT_TYPES,
  BROWSER_IMAGE_TYPES,
  type Document,
  type UploadPlace,
} from '#common/documents.js';
import { documentKind } from '#common/kyc.js';
import type { Db } from '#server/db/client.js';
import type { DocumentType } from '#server/db/schema/documents.js';
import { ForbiddenError, NotFoundError, ValidationError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { authorizePartner, partnerNotFound } from '#server/modules/partners/access-service.js';
import { createOrderLookup, recordOrderDocument } from '#server/modules/orders/orders-service.js';
import {
  createShipmentLookup,
  recordShipmentDocument,
  type ShipmentTarget,
} from '#server/modules/shipments/lookup-service.js';
import { createUserLookup } from '#server/modules/users/identity-service.js';
import { membershipIn } from './access-service.js';
import type { AccessTokens } from './access-tokens.js';
import { refuseTypeOutOfPlace } from './places.js';
import { missingParameter } from '#server/api-parameters.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import { presentDocument } from './present.js';
import {
  createDocumentRepository,
  linkRef,
  type LinkRef,
  type NewDocument,
} from './documents-repository.js';
import type { UploadQuery } from './documents-schemas.js';
import type { CompanyDocumentListener, EvidenceKeeper, LinkWriteCheck } from './types.js';
import {
  safeFileName,
  storeUpload,
  tooLarge,
  unsupportedType,
  type UploadSource,
} from './upload.js';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_ALLOWANCE = 64 * 1024;

const LINK_PARAMETERS = [
  'tradePartnerId',
  'tradePartnerUuid',
  'contactId',
  'tradePartnerContactUuid',
  'addressId',
  'addressUuid',
  'orderId',
  'orderUuid',
  'shipmentId',
  'shipmentUuid',
  'transportId',
  'transportUuid',
] as const;

/**
 * A shipment's or leg's document goes with the order's trade partner, the shipment and the
 * leg; not with the order, whose own documents stay apart.
 */
const shipmentPlacement = (target: ShipmentTarget) =>
  [
    { id: target.tradePartnerId, uuid: target.tradePartnerUuid },
    { shipmentId: target.shipmentId, transportId: target.transportId },
  ] as const;

/** Where an upload goes (decision 043): by its route, and on /api/documents the link it names. */
function uploadPlace(target: UploadTarget): UploadPlace {
  if (target.kind === 'selfservice') return 'link';
  if (target.kind === 'shipment') return 'shipment';
  if (target.kind === 'transport') return 'leg';
  const { query } = target;
  if (query.orderId !== undefined || query.orderUuid !== undefined) return 'order';
  if (query.transportId !== undefined || query.transportUuid !== undefined) return 'leg';
  if (query.shipmentId !== undefined || query.shipmentUuid !== undefined) return 'shipment';
  if (LINK_PARAMETERS.some((name) => query[name] !== undefined)) return 'company';
  return query.documentType === 'PROFILE_PICTURE' ? 'profile' : 'company';
}

/** Where a profile picture is shown: the URL stored as the user's profilePicture. */
export const profilePictureUrl = (documentId: number) =>
  `/api/documents/${documentId}/thumbnail?width=256&height=256&fit=cover&format=webp`;

export type UploadTarget =
  | { kind: 'document'; query: UploadQuery }
  | { kind: 'shipment'; shipmentId: number; query: { userId: number; documentType: DocumentType } }
  | {
      kind: 'transport';
      transportId: number;
      query: { userId: number; documentType: DocumentType };
    }
  /** Through a self-service link (issue 19): to the link's file, in its company's name. */
  | { kind: 'selfservice'; query: { documentType: DocumentType } };

export interface UploadRequest {
  actor: AuthUser;
  target: UploadTarget;
  /** The operation name the SPEC's required-parameter messages use. */
  operation: string;
  contentLength: number | undefined;
  /** The multipart part named `file`; undefined when the request has none. */
  file(): Promise<{ filename: string; stream: UploadSource } | undefined>;
}

/** Where the document goes: its row's owner columns and the uuid-only storage key prefix. */
interface Placement {
  prefix: string;
  values: Pick<
    NewDocument,
    | 'tradePartnerId'
    | 'userId'
    | 'contactId'
    | 'addressId'
    | 'kycId'
    | 'orderId'
    | 'shipmentId'
    | 'transportId'
  >;
  uploadedBy: number | null;
  profilePictureOf?: number;
}

export function createUploadService(
  db: Db,
  store: DocumentStore,
  tokens: AccessTokens,
  maxBytes: number,
  log: FastifyBaseLogger,
  evidence: EvidenceKeeper,
  onCompanyChange: CompanyDocumentListener = async () => {},
  linkWrites: LinkWriteCheck = async () => {},
) {
  const documents = createDocumentRepository(db);
  const presenter = { db, tokens, evidence };
  const users = createUserLookup(db);
  const partners = createPartnerLookup(db);
  const members = createPartnerLookup(db);
  const orders = createOrderLookup(db);
  const shipments = createShipmentLookup(db);

  /**
   * Writes the row; an order's document, or a shipment's or leg's, goes into the order's trail
   * in the same transaction, and one uploaded through a self-service link into its file's
   * (decision 035), once the link is found still open for writing now that the body is in
   * (decision 041).
   */
  function insertRecorded(actor: AuthUser, values: NewDocument) {
    return db.transaction(async (tx) => {
      await linkWrites(tx, actor);
      const row = await createDocumentRepository(tx).insert(values);
      if (actor.selfService && row.tradePartnerId !== null) {
        const file = await evidence.fileOf(tx, {
          tradePartnerId: row.tradePartnerId,
          kycId: row.kycId,
        });
        if (file) await evidence.record(tx, { file, document: row, change: 'uploaded', actor });
      }
      const event = { action: 'documentUploaded', document: row } as const;
      if (row.orderId !== null) {
        await recordOrderDocument(tx, actor, { ...event, orderId: row.orderId });
      } else if (row.shipmentId !== null) {
        const { shipmentId, transportId } = row;
        await recordShipmentDocument(tx, actor, { ...event, shipmentId, transportId });
      }
      return row;
    });
  }

  async function profilePicturePlacement(actor: AuthUser, query: UploadQuery): Promise<Placement> {
    const owner = await documents.findUser({ id: query.userId });
    if (!owner) {
      if (policy.seesAllUsers(actor))
        throw new NotFoundError(`No user with ID/UUID ${query.userId}.`);
      throw new ForbiddenError();
    }
    if (!policy.canEditUser(actor, owner)) throw new ForbiddenError();
    const caller = await users.byIdentity(actor.sub);
    return {
      prefix: `documents/users/${owner.uuid}`,
      values: { userId: owner.id, tradePartnerId: null },
      uploadedBy: caller?.id ?? null,
      profilePictureOf: owner.id,
    };
  }

  /** The uploader `userId` names: yourself, or anyone for staff. */
  async function uploader(actor: AuthUser, userId: number): Promise<{ id: number }> {
    const caller = await users.byIdentity(actor.sub);
    if (caller?.id === userId) return caller;
    if (!policy.mayUploadForOthers(actor)) {
      throw new ForbiddenError('userId must be your own user id when you upload a document.');
    }
    const named = await documents.findUser({ id: userId });
    if (!named) throw new NotFoundError(`No user with ID/UUID ${userId}.`);
    return named;
  }

  /** The company a contact or address belongs to, if `actor` may change it. */
  async function linkedPartner(actor: AuthUser, kind: 'contact' | 'address', ref: LinkRef) {
    const found =
      kind === 'contact' ? await documents.findContact(ref) : await documents.findAddress(ref);
    const value = 'id' in ref ? ref.id : ref.uuid;
    const message =
      kind === 'contact'
        ? `Contact with ID/UUID ${value} not found`
        : `Address with ID/UUID ${value} not found.`;
    if (!found) throw new NotFoundError(message);
    const membership = await members.membership(found.tradePartnerId, actor.sub);
    policy.authorizePartner(actor, membership, 'change', message);
    const partner = await partners.find({ id: found.tradePartnerId });
    return { partner: partner!, linkId: found.id };
  }

  /** The caller's default company: the first they belong to. */
  async function defaultPartner(actor: AuthUser) {
    const caller = await users.byIdentity(actor.sub);
    const [first] = caller ? await partners.listOfUser(caller.id, policy.readableLevels()) : [];
    if (!first) {
      const message =
        'You belong to no company: name the trade partner the document belongs to (tradePartnerId or tradePartnerUuid).';
      throw new ValidationError(message, [{ field: 'querystring.tradePartnerId', message }]);
    }
    policy.authorizePartner(actor, first.membership, 'change', partnerNotFound(first.partner.id));
    return first.partner;
  }

  async function companyPlacement(actor: AuthUser, query: UploadQuery): Promise<Placement> {
    const given = LINK_PARAMETERS.filter((name) => query[name] !== undefined);
    if (given.length > 1) {
      const message = `Give at most one of ${LINK_PARAMETERS.join(', ')}.`;
      throw new ValidationError(`querystring: ${message}`, [{ field: 'querystring', message }]);
    }
    const { id: uploadedBy } = await uploader(actor, query.userId);
    const placed = (
      partner: { id: number; uuid: string },
      values: Placement['values'] = {},
    ): Placement => ({
      prefix: `documents/partners/${partner.uuid}`,
      values: { ...values, tradePartnerId: partner.id },
      uploadedBy,
    });
    if (query.orderId !== undefined || query.orderUuid !== undefined) {
      const ref = query.orderUuid ? { uuid: query.orderUuid } : { id: query.orderId! };
      const order = await orders.authorized(actor, ref, 'documents');
      return placed(
        { id: order.tradePartnerId, uuid: order.tradePartnerUuid },
        { orderId: order.id },
      );
    }
    const leg = linkRef(query.transportId, query.transportUuid);
    if (leg)
      return placed(...shipmentPlacement(await shipments.transport(actor, leg, 'documents')));
    const shipment = linkRef(query.shipmentId, query.shipmentUuid);
    if (shipment) {
      return placed(...shipmentPlacement(await shipments.shipment(actor, shipment, 'documents')));
    }
    if (query.tradePartnerId !== undefined || query.tradePartnerUuid !== undefined) {
      const ref = query.tradePartnerUuid
        ? { uuid: query.tradePartnerUuid }
        : { id: query.tradePartnerId! };
      return placed((await authorizePartner(db, actor, ref, 'change')).partner);
    }
    if (query.contactId !== undefined || query.tradePartnerContactUuid !== undefined) {
      const ref = query.tradePartnerContactUuid
        ? { uuid: query.tradePartnerContactUuid }
        : { id: query.contactId! };
      const { partner, linkId } = await linkedPartner(actor, 'contact', ref);
      return placed(partner, { contactId: linkId });
    }
    if (query.addressId !== undefined || query.addressUuid !== undefined) {
      const ref = query.addressUuid ? { uuid: query.addressUuid } : { id: query.addressId! };
      const { partner, linkId } = await linkedPartner(actor, 'address', ref);
      return placed(partner, { addressId: linkId });
    }
    return placed(await defaultPartner(actor));
  }

  /**
   * A link's holder uploads to the link's file, under the link's user record, while the link
   * may write (asked before the body is read, and again before the row is stored).
   */
  async function selfServicePlacement(actor: AuthUser): Promise<Placement> {
    const grant = actor.selfService;
    const partner = grant ? await partners.find({ id: grant.tradePartnerId }) : undefined;
    if (!grant || !partner) throw new ForbiddenError();
    await linkWrites(db, actor);
    return {
      prefix: `documents/partners/${partner.uuid}`,
      values: { tradePartnerId: partner.id, kycId: grant.kycId },
      uploadedBy: grant.userId,
    };
  }

  async function placementOf(actor: AuthUser, target: UploadTarget): Promise<Placement> {
    if (target.kind === 'selfservice') return selfServicePlacement(actor);
    if (target.kind === 'shipment' || target.kind === 'transport') {
      const { id: uploadedBy } = await uploader(actor, target.query.userId);
      const [partner, values] = shipmentPlacement(
        target.kind === 'shipment'
          ? await shipments.shipment(actor, { id: target.shipmentId }, 'documents')
          : await shipments.transport(actor, { id: target.transportId }, 'documents'),
      );
      return {
        prefix: `documents/partners/${partner.uuid}`,
        values: { ...values, tradePartnerId: partner.id },
        uploadedBy,
      };
    }
    return target.query.documentType === 'PROFILE_PICTURE'
      ? profilePicturePlacement(actor, target.query)
      : companyPlacement(actor, target.query);
  }

  return {
    /**
     * Checks everything that needs no body first (size as declared, uploader, owner, the right
     * to change it), then streams the file into the store and writes its row. A failure at any
     * step leaves no row and no object.
     */
    async upload(request: UploadRequest): Promise<{ document: Document; imageUrl?: string }> {
      const { actor, target } = request;
      refuseTypeOutOfPlace(target.query.documentType, uploadPlace(target));
      if (
        request.contentLength !== undefined &&
        request.contentLength > maxBytes + MULTIPART_ALLOWANCE
      ) {
        throw tooLarge(maxBytes);
      }
      const placement = await placementOf(actor, target);
      const profilePicture = placement.profilePictureOf !== undefined;
      const kind = documentKind({
        type: target.query.documentType,
        kycId: placement.values.kycId ?? null,
        orderId: placement.values.orderId ?? null,
        shipmentId: placement.values.shipmentId ?? null,
      });
      const company = placement.values.tradePartnerId ?? null;
      const membership = profilePicture ? undefined : await membershipIn(db, actor, company);
      if (!profilePicture && !policy.readsDocumentKind(actor, membership, kind)) {
        throw new ForbiddenError(
          `You may not upload a document of type ${target.query.documentType} here.`,
        );
      }

      const file = await request.file();
      if (!file) throw missingParameter('file', request.operation, 'body');

      const uuid = randomUUID();
      const key = `${placement.prefix}/${uuid}`;
      // A profile picture is shown in an <img>: only the formats every browser draws.
      const accepted: readonly string[] = profilePicture
        ? BROWSER_IMAGE_TYPES
        : ACCEPTED_CONTENT_TYPES;
      const stored = await storeUpload(store, key, file.stream, {
        maxBytes,
        accept(detected) {
          if (detected === undefined || !accepted.includes(detected)) {
            throw unsupportedType(detected, profilePicture);
          }
          return detected;
        },
      });

      const values: NewDocument = {
        ...placement.values,
        uuid,
        type: target.query.documentType,
        fileName: safeFileName(file.filename),
        contentType: stored.contentType,
        size: stored.size,
        sha256: stored.sha256,
        storageKey: key,
        uploadedBy: placement.uploadedBy,
      };
      let id: number;
      try {
        id =
          placement.profilePictureOf !== undefined
            ? (
                await documents.insertProfilePicture(
                  { ...values, userId: placement.profilePictureOf },
                  profilePictureUrl,
                )
              ).id
            : (await insertRecorded(actor, values)).id;
      } catch (error) {
        await store.delete(key).catch((cleanup: unknown) => {
          log.error({ key, reason: (cleanup as Error).message }, 'orphaned document object');
        });
        throw error;
      }
      if (values.tradePartnerId) {
        await onCompanyChange({
          tradePartnerId: values.tradePartnerId,
          documentId: id,
          fileName: values.fileName,
          types: [values.type],
          change: 'added',
          actor,
        });
      }
      const document = await presentDocument(presenter, actor, (await documents.find(id))!);

      return profilePicture ? { document, imageUrl: profilePictureUrl(id) } : { document };
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
