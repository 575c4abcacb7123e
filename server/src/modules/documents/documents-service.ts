import type { Document, DocumentPage, EntityName } from '#common/documents.js';
import { uuidSchema } from '#server/api-schemas.js';
import type { Db } from '#server/db/client.js';
import { documentKind, placeOf } from '#common/kyc.js';
import type { DocumentRow, DocumentStatus, DocumentType } from '#server/db/schema/documents.js';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy } from '#server/policy.js';
import type { DocumentStore } from '#server/storage/storage.js';
import { authorizePartner } from '#server/modules/partners/access-service.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import { createOrderLookup, recordOrderDocument } from '#server/modules/orders/orders-service.js';
import {
  createShipmentLookup,
  recordShipmentDocument,
} from '#server/modules/shipments/lookup-service.js';
import type { AccessToken, AccessTokens } from './access-tokens.js';
import { authorizeDocument, documentNotFound, membershipIn, viewerOf } from './access-service.js';
import { refuseTypeOutOfPlace } from './places.js';
import { presentDocument, presentDocuments } from './present.js';
import {
  createDocumentRepository,
  linkRef,
  type DocumentView,
  type LinkRef,
} from './documents-repository.js';
import type { FilterQuery } from './documents-schemas.js';
import {
  DOCUMENT_TYPE_LABELS,
  type CompanyDocumentChange,
  type CompanyDocumentListener,
  type DocumentConditions,
  type DocumentSort,
  type EvidenceFile,
  type EvidenceKeeper,
  type LinkWriteCheck,
} from './types.js';

type Narrowing = Omit<DocumentConditions, 'statuses' | 'types'>;

interface Paging {
  page: number;
  size: number;
  sort: DocumentSort;
}

const refValue = (ref: LinkRef) => ('id' in ref ? ref.id : ref.uuid);

const statusesOf = (status: DocumentStatus, includeArchived: boolean): DocumentStatus[] =>
  includeArchived ? ['ACTIVE', 'ARCHIVED'] : [status];

/**
 * Reading, listing and changing documents. Uploads live in uploads-service.ts, bytes in delivery.ts.
 * `onCompanyChange` hears of each change to a company's document once it has committed.
 */
export function createDocumentService(
  db: Db,
  store: DocumentStore,
  tokens: AccessTokens,
  evidence: EvidenceKeeper,
  onCompanyChange: CompanyDocumentListener = async () => {},
  linkWrites: LinkWriteCheck = async () => {},
) {
  const repository = createDocumentRepository(db);
  const presenter = { db, tokens, evidence };
  const members = createPartnerLookup(db);
  const orders = createOrderLookup(db);
  const shipments = createShipmentLookup(db);

  async function changed(
    actor: AuthUser,
    view: DocumentView,
    change: CompanyDocumentChange['change'],
    types: readonly DocumentType[],
  ): Promise<void> {
    const { tradePartnerId, id, fileName } = view.document;
    if (tradePartnerId === null) return;
    await onCompanyChange({ tradePartnerId, documentId: id, fileName, types, change, actor });
  }

  /**
   * The KYC file whose evidence the document is, when a change of it must be weighed and kept
   * (decision 035): a partner may not change the evidence of a file in review or decided (409),
   * staff only with a reason.
   */
  async function evidenceFileFor(
    tx: Db,
    actor: AuthUser,
    document: DocumentRow,
    reason: string | undefined,
  ): Promise<EvidenceFile | undefined> {
    if (document.tradePartnerId === null || documentKind(document) !== 'kyc-evidence') {
      return undefined;
    }
    const file = await evidence.fileOf(tx, {
      tradePartnerId: document.tradePartnerId,
      kycId: document.kycId,
    });
    if (!file) return undefined;
    const decision = policy.decideEvidenceChange(actor, file.status, reason);
    if (decision === 'locked') {
      throw new ConflictError(
        `This document is evidence of KYC file ${file.id}, which is ${file.status}: it can no longer be archived or retyped. Ask a reviewer.`,
      );
    }
    if (decision === 'reason-required') {
      const message = `is required: the document is evidence of KYC file ${file.id}, which is ${file.status}`;
      throw new ValidationError(`querystring.reason ${message}`, [
        { field: 'querystring.reason', message },
      ]);
    }
    return file;
  }

  /** The document, if `actor` may `action` it; 404 when it does not exist or is not theirs to see. */
  async function load(
    actor: AuthUser,
    id: number,
    action: 'read' | 'change',
  ): Promise<DocumentView> {
    const view = await repository.find(id);
    if (!view) throw new NotFoundError(documentNotFound(id));
    await authorizeDocument(db, actor, view, action);
    return view;
  }

  async function page(
    actor: AuthUser,
    conditions: DocumentConditions,
    paging: Paging,
  ): Promise<DocumentPage> {
    const { rows, total } = await repository.page(conditions, viewerOf(actor), paging);
    return {
      documents: await presentDocuments(presenter, actor, rows),
      page: paging.page,
      size: paging.size,
      totalElements: total,
      totalPages: Math.ceil(total / paging.size),
    };
  }

  async function list(actor: AuthUser, conditions: DocumentConditions): Promise<Document[]> {
    return presentDocuments(presenter, actor, await repository.list(conditions, viewerOf(actor)));
  }

  /** A contact or address `actor` may read, by id or uuid; 404 for others, as for none. */
  async function readableLink(actor: AuthUser, kind: 'contact' | 'address', ref: LinkRef) {
    const found =
      kind === 'contact' ? await repository.findContact(ref) : await repository.findAddress(ref);
    const message =
      kind === 'contact'
        ? `Contact with ID/UUID ${refValue(ref)} not found`
        : `Address with ID/UUID ${refValue(ref)} not found.`;
    if (!found) throw new NotFoundError(message);
    const membership = await members.membership(found.tradePartnerId, actor.sub);
    policy.authorizePartner(actor, membership, 'read', message);
    return found;
  }

  /** A user record: the person themself and staff (decision 003: 403 for anyone else). */
  async function readableUser(actor: AuthUser, ref: LinkRef) {
    const user = await repository.findUser(ref);
    if (user && policy.canReadUser(actor, user)) return user;
    if (!user && policy.seesAllUsers(actor)) {
      throw new NotFoundError(`No user with ID/UUID ${refValue(ref)}.`);
    }
    throw new ForbiddenError();
  }

  /** What a by-entity lookup narrows to, once `actor` is allowed to read the entity. */
  async function entityNarrowing(
    actor: AuthUser,
    entity: EntityName,
    ref: LinkRef,
  ): Promise<Narrowing> {
    switch (entity) {
      case 'tradepartner':
        return { tradePartnerId: (await authorizePartner(db, actor, ref, 'read')).partner.id };
      case 'tradepartnercontact':
        return { contactId: (await readableLink(actor, 'contact', ref)).id };
      case 'address':
        return { addressId: (await readableLink(actor, 'address', ref)).id };
      case 'user':
        return { userId: (await readableUser(actor, ref)).id };
      case 'order':
        return { orderId: (await orders.authorized(actor, ref, 'read')).id };
      // A shipment's documents are its own and its legs'.
      case 'shipment':
        return { shipmentId: (await shipments.shipment(actor, ref, 'read')).shipmentId };
      case 'transport':
        return { transportId: (await shipments.transport(actor, ref, 'read')).transportId! };
    }
  }

  async function filterNarrowing(actor: AuthUser, query: FilterQuery): Promise<Narrowing> {
    const narrowing: Narrowing = {};
    const partner = linkRef(query.tradePartnerId, query.tradePartnerUuid);
    if (partner) {
      narrowing.tradePartnerId = (await authorizePartner(db, actor, partner, 'read')).partner.id;
    }
    const contact = linkRef(query.contactId, query.tradePartnerContactUuid);
    if (contact) narrowing.contactId = (await readableLink(actor, 'contact', contact)).id;
    const user = linkRef(query.userId, query.userUuid);
    if (user) narrowing.userId = (await readableUser(actor, user)).id;
    if (query.addressUuid !== undefined) {
      // SPEC 5: an address uuid that is not a UUID gives an empty list, not an error.
      const parsed = uuidSchema.safeParse(query.addressUuid);
      if (!parsed.success) return { none: true };
      narrowing.addressId = (await readableLink(actor, 'address', { uuid: parsed.data })).id;
    } else if (query.addressId) {
      narrowing.addressId = (await readableLink(actor, 'address', { id: query.addressId })).id;
    }
    const order = linkRef(query.orderId, query.orderUuid);
    if (order) narrowing.orderId = (await orders.authorized(actor, order, 'read')).id;
    const shipment = linkRef(query.shipmentId, query.shipmentUuid);
    if (shipment) {
      narrowing.shipmentId = (await shipments.shipment(actor, shipment, 'read')).shipmentId;
    }
    const leg = linkRef(query.transportId, query.transportUuid);
    if (leg) narrowing.transportId = (await shipments.transport(actor, leg, 'read')).transportId!;
    return narrowing;
  }

  return {
    types: () => DOCUMENT_TYPE_LABELS,

    /** The document, with `actor`'s read access checked (content, stream, thumbnail). */
    readable: (actor: AuthUser, id: number) => load(actor, id, 'read'),

    async get(actor: AuthUser, id: number): Promise<Document> {
      return presentDocument(presenter, actor, await load(actor, id, 'read'));
    },

    async list(
      actor: AuthUser,
      query: { includeArchived: boolean } & Paging,
    ): Promise<DocumentPage> {
      return page(actor, { statuses: statusesOf('ACTIVE', query.includeArchived) }, query);
    },

    async filter(actor: AuthUser, query: FilterQuery): Promise<DocumentPage> {
      const narrowing = await filterNarrowing(actor, query);
      return page(
        actor,
        {
          ...narrowing,
          statuses: statusesOf(query.status, query.includeArchived),
          ...(query.documentType ? { types: query.documentType } : {}),
        },
        query,
      );
    },

    async byCustomer(
      actor: AuthUser,
      tradePartnerId: number,
      query: { documentType?: DocumentType[] | undefined; includeArchived: boolean },
    ): Promise<Document[]> {
      const { partner } = await authorizePartner(db, actor, { id: tradePartnerId }, 'read');
      return list(actor, {
        tradePartnerId: partner.id,
        statuses: statusesOf('ACTIVE', query.includeArchived),
        ...(query.documentType ? { types: query.documentType } : {}),
      });
    },

    /** The ACTIVE documents of one entity. */
    async byEntity(
      actor: AuthUser,
      entity: EntityName,
      ref: LinkRef,
      documentTypes: DocumentType[] | undefined,
    ): Promise<Document[]> {
      const narrowing = await entityNarrowing(actor, entity, ref);
      return list(actor, {
        ...narrowing,
        statuses: ['ACTIVE'],
        ...(documentTypes ? { types: documentTypes } : {}),
      });
    },

    async entityPage(
      actor: AuthUser,
      entity: EntityName,
      ref: LinkRef,
      query: Paging & {
        status: DocumentStatus;
        includeArchived: boolean;
        documentType?: DocumentType[] | undefined;
      },
    ): Promise<DocumentPage> {
      const narrowing = await entityNarrowing(actor, entity, ref);
      return page(
        actor,
        {
          ...narrowing,
          statuses: statusesOf(query.status, query.includeArchived),
          ...(query.documentType ? { types: query.documentType } : {}),
        },
        query,
      );
    },

    /** A self-service link's holder: the documents uploaded through links to its file. */
    async ofSelfServiceFile(actor: AuthUser, includeArchived: boolean): Promise<Document[]> {
      const kycId = actor.selfService?.kycId;
      if (kycId === undefined) throw new ForbiddenError();
      return list(actor, { kycId, statuses: statusesOf('ACTIVE', includeArchived) });
    },

    /** A shipment's documents, its legs' included. */
    async byShipment(
      actor: AuthUser,
      shipmentId: number,
      includeArchived: boolean,
    ): Promise<Document[]> {
      await shipments.shipment(actor, { id: shipmentId }, 'read');
      return list(actor, { shipmentId, statuses: statusesOf('ACTIVE', includeArchived) });
    },

    async token(actor: AuthUser, id: number): Promise<AccessToken> {
      await load(actor, id, 'read');
      return (await tokens.issue(actor, [id])).get(id)!;
    },

    /**
     * Archives or restores; the object and the row are never deleted. Evidence of a KYC file is
     * weighed and kept in the file's trail (decision 035).
     */
    async setStatus(
      actor: AuthUser,
      id: number,
      status: DocumentStatus,
      reason?: string,
    ): Promise<Document> {
      const view = await load(actor, id, 'change');
      const current = view.document;
      if (current.status !== status) {
        const archivedAt = status === 'ARCHIVED' ? new Date() : null;
        await db.transaction(async (tx) => {
          await linkWrites(tx, actor);
          const file = await evidenceFileFor(tx, actor, current, reason);
          await createDocumentRepository(tx).setStatus(id, status, archivedAt);
          if (file) {
            await evidence.record(tx, {
              file,
              document: current,
              change: status === 'ARCHIVED' ? 'archived' : 'restored',
              from: current.status,
              to: status,
              ...(reason === undefined ? {} : { reason }),
              actor,
            });
          }
          // An order's document archived is in the order's trail (decision 033), and so is a
          // shipment's or a leg's (issue 21).
          if (status !== 'ARCHIVED') return;
          const event = { action: 'documentArchived', document: current } as const;
          if (current.orderId !== null) {
            await recordOrderDocument(tx, actor, { ...event, orderId: current.orderId });
          } else if (current.shipmentId !== null) {
            const { shipmentId, transportId } = current;
            await recordShipmentDocument(tx, actor, { ...event, shipmentId, transportId });
          }
        });
        await changed(actor, view, status === 'ARCHIVED' ? 'archived' : 'added', [current.type]);
      }
      return presentDocument(presenter, actor, (await repository.find(id))!);
    },

    /**
     * Gives the document another type. The new type must be one `actor` may change too (no one
     * turns an invoice into something they may read, or a note into evidence they may not
     * touch); evidence is weighed and kept as for setStatus (decision 035).
     */
    async setType(
      actor: AuthUser,
      id: number,
      type: DocumentType,
      reason?: string,
    ): Promise<Document> {
      const view = await load(actor, id, 'change');
      const current = view.document.type;
      if (current !== type) {
        // Only to a type of its place: a paper stored as PROFILE_PICTURE before can be mended.
        refuseTypeOutOfPlace(type, placeOf(view.document));
        const retyped = { ...view, document: { ...view.document, type } };
        // The document is theirs to read: a type they may not hold is refused, not hidden.
        const membership = await membershipIn(db, actor, view.document.tradePartnerId);
        if (!policy.readsDocumentKind(actor, membership, documentKind(retyped.document))) {
          throw new ForbiddenError(`You may not give a document the type ${type}.`);
        }
        await authorizeDocument(db, actor, retyped, 'change');
        await db.transaction(async (tx) => {
          await linkWrites(tx, actor);
          const file =
            (await evidenceFileFor(tx, actor, view.document, reason)) ??
            (await evidenceFileFor(tx, actor, retyped.document, reason));
          await createDocumentRepository(tx).setType(id, type);
          if (file) {
            await evidence.record(tx, {
              file,
              document: view.document,
              change: 'retyped',
              from: current,
              to: type,
              ...(reason === undefined ? {} : { reason }),
              actor,
            });
          }
        });
        await changed(actor, view, 'retyped', [current, type]);
      }

      return presentDocument(presenter, actor, (await repository.find(id))!);
    },

    /** Whether the document store answers and accepts writes (staff only). */
    async diagnose(actor: AuthUser) {
      if (!policy.mayDiagnoseStorage(actor)) throw new ForbiddenError();
      const diagnosis = await store.diagnose();
      return {
        backend: diagnosis.backend,
        ...(diagnosis.backend === 's3' ? { bucket: diagnosis.location } : {}),
        reachable: diagnosis.reachable,
        writable: diagnosis.writable,
        latencyMs: diagnosis.latencyMs,
        message: diagnosis.message,
      };
    },
  };
}

export type DocumentService = ReturnType<typeof createDocumentService>;
