import {
  EDITABLE_ORDER_STATUSES,
  gateAllows,
  KYC_NOT_APPROVED,
  mayMoveOrder,
  missingToConfirm,
  type KycGateRefusal,
  type Order,
  type OrderCounts,
  type OrderDirection,
  type OrderHistory,
  type OrderPage,
  type OrderStatus,
} from '#common/orders.js';
import type { DocumentType } from '#common/documents.js';
import { typeKind } from '#common/kyc.js';
import { encodeCursor, pageStart, readAfter } from '#server/api-parameters.js';
import { toPage } from '#server/api-schemas.js';
import type { Db } from '#server/db/client.js';
import type { TrailActor } from '#server/db/trail.js';
import { ConflictError, NotFoundError, ValidationError } from '#server/errors.js';
import type { AuthUser } from '#server/plugins/auth.js';
import { policy, type PartnerMembership } from '#server/policy.js';
import { StaleRecord, versionedChange } from '#server/versions.js';
import { partnerNotFound } from '#server/modules/partners/access-service.js';
import { createPartnerLookup } from '#server/modules/partners/directory-service.js';
import { createUserLookup, ensureUserRow } from '#server/modules/users/identity-service.js';
import { authorizeOrderAccess, permissionsOf, type OrderAccess } from './access-service.js';
import {
  actingOn,
  orderTrail,
  recordOrderAudit,
  shipmentTrail,
  type OrderAuditEntry,
  type OrderAuditRow,
} from './audit-repository.js';
import {
  createOrderListRepository,
  type OrderConditions,
  type OrderListRow,
} from './list-repository.js';
import {
  changedFields,
  columnsOf,
  incomplete,
  invalid,
  priced,
  type Columns,
} from './order-input.js';
import {
  createOrderRepository,
  type KycStanding,
  type NewOrder,
  type OrderLineRow,
  type OrderRef,
  type OrderRow,
} from './orders-repository.js';
import type {
  OrderCreateInput,
  OrderListQuery,
  OrderStatusInput,
  OrderUpdateInput,
} from './orders-schemas.js';
import { presentEvent, presentOrder, presentSummary, type OrderShipping } from './present.js';

export type {
  KycStanding,
  OrderLineRow,
  OrderRef,
  OrderRow,
  OrderView,
} from './orders-repository.js';
export { orderNotFound } from './access-service.js';

/** Who acts, as the order's trail names them: the actor's user record (made if missing). */
export async function trailActorOf(tx: Db, actor: AuthUser): Promise<TrailActor> {
  const { row: user } = await ensureUserRow(tx, actor);
  return actingOn(user);
}

/**
 * Changes the order if it is still at `version`, and writes the change to its trail as `by`,
 * in the change's transaction; a stale version aborts it.
 */
async function saveChange(
  tx: Db,
  by: TrailActor,
  { id, version }: { id: number; version: number },
  values: Partial<NewOrder>,
  entry: Pick<OrderAuditEntry, 'action' | 'from' | 'to' | 'reason' | 'shipmentId'> & {
    details?: Record<string, unknown>;
  },
): Promise<OrderRow> {
  const updated = await createOrderRepository(tx).update(id, version, values);
  if (!updated) throw new StaleRecord();
  await recordOrderAudit(tx, {
    ...entry,
    orderId: id,
    entity: 'order',
    entityId: id,
    details: { ...entry.details, version: updated.version, previousVersion: version },
    by,
  });
  return updated;
}

/**
 * The compliance gate's refusal (decision 033), with the file to look at: `blocked` says what
 * waits for an approved file ("order ORD-… cannot move to CONFIRMED").
 */
export function kycNotApproved(
  partner: { uuid: string; name: string },
  kyc: KycStanding | null,
  blocked: string,
): ConflictError {
  const details: KycGateRefusal = { reason: KYC_NOT_APPROVED, kyc, tradePartnerUuid: partner.uuid };
  return new ConflictError(
    `The KYC file of ${partner.name} is not approved (${kyc ? kyc.status : 'there is none'}): ${blocked} until it is.`,
    details,
  );
}

/**
 * What a change of an order asks of its shipments (issue 21): the shipments module answers,
 * app.ts wires it in. Each is called in the change's transaction with the order locked, and
 * refuses by throwing.
 */
export interface OrderShipmentRules {
  /** The order's lines are about to be replaced (with new ids). */
  linesChanging(tx: Db, order: OrderRow): Promise<void>;
  /**
   * What is left to ship of the order's lines, by position, and whether every line has been
   * delivered in full (decision 036).
   */
  shipping(db: Db, order: OrderRow, lines: readonly OrderLineRow[]): Promise<OrderShipping>;
  /** The order has just moved from `order.status` to `to`, as `by`, for `reason`. */
  moved(
    tx: Db,
    by: TrailActor,
    order: OrderRow,
    to: OrderStatus,
    reason: string | null,
  ): Promise<void>;
}

/** Orders (decision 033): the list, one order, making and changing one, its moves and trail. */
export function createOrderService(db: Db, shipments: OrderShipmentRules) {
  const repository = createOrderRepository(db);
  const partners = createPartnerLookup(db);

  async function present(actor: AuthUser, { view, membership }: OrderAccess): Promise<Order> {
    const [lines, kyc] = await Promise.all([
      repository.linesOf(view.order.id),
      repository.kycStanding(view.order.tradePartnerId),
    ]);
    const shipping = await shipments.shipping(db, view.order, lines);
    return presentOrder(
      view,
      lines,
      shipping,
      kyc,
      permissionsOf(actor, membership, view.order.status),
    );
  }

  const read = async (actor: AuthUser, ref: OrderRef) =>
    present(actor, await authorizeOrderAccess(db, actor, ref, 'read'));

  /** Runs a change; one based on an old version is 409 with the order as it is now. */
  const versioned = (actor: AuthUser, id: number, change: () => Promise<unknown>) =>
    versionedChange('order', change, () => read(actor, { id }));

  /** The contact and the delivery address must be the partner's own (400 on the field). */
  async function checkLinks(tradePartnerId: number, columns: Columns): Promise<void> {
    const [contacts, addresses] = await Promise.all([
      columns.contactId === null ? [] : partners.contactsOf([tradePartnerId]),
      columns.deliveryAddressId === null ? [] : partners.addressesOf(tradePartnerId),
    ]);
    if (columns.contactId !== null && !contacts.some((c) => c.id === columns.contactId)) {
      throw invalid('contactId', 'is not a contact of the trade partner');
    }
    if (
      columns.deliveryAddressId !== null &&
      !addresses.some((a) => a.id === columns.deliveryAddressId)
    ) {
      throw invalid('deliveryAddressId', 'is not an address of the trade partner');
    }
  }

  return {
    async list(actor: AuthUser, query: OrderListQuery): Promise<OrderPage> {
      const { page, size, sort, cursor, status, ...conditions } = query;
      const listed = { ...conditions, statuses: status };
      const orderList = createOrderListRepository(db);
      if (sort.startsWith('total') && (await hidesAmounts(orderList, actor, listed))) {
        const message =
          'sorting by total needs the right to see the amounts of every order listed: narrow the list to trade partners whose amounts you see';
        throw new ValidationError(`querystring.sort: ${message}`, [
          { field: 'querystring.sort', message },
        ]);
      }
      const after = pageStart({ page, size, cursor }, sort);
      const { rows, counted, last } = await readAfter(after, () =>
        orderList.page(listed, viewerOf(actor), { page, size, sort, after }),
      );
      const amounts = await amountsOf(db, actor, rows);
      return toPage(
        rows.map((row) => presentSummary(row, amounts(row.partner.id))),
        { page, size },
        counted,
        last && encodeCursor(sort, last),
      );
    },

    async counts(actor: AuthUser): Promise<OrderCounts> {
      return createOrderListRepository(db).counts(viewerOf(actor));
    },

    async create(actor: AuthUser, input: OrderCreateInput): Promise<Order> {
      const ref = { uuid: input.tradePartnerUuid };
      const partner = await partners.find(ref);
      if (!partner) throw new NotFoundError(partnerNotFound(ref));
      const membership = await partners.membership(partner.id, actor.sub);
      policy.authorizeOrder(actor, membership, 'write', partnerNotFound(ref));
      const columns = columnsOf(input);
      await checkLinks(partner.id, columns);
      const { lines, total, lineCount } = priced(input.lines);
      const id = await db.transaction(async (tx) => {
        const { row: user } = await ensureUserRow(tx, actor);
        const orders = createOrderRepository(tx);
        const order = await orders.insert({
          ...columns,
          tradePartnerId: partner.id,
          total,
          lineCount,
          status: 'DRAFT',
          createdBy: user.id,
        });
        await orders.replaceLines(order.id, lines);
        await recordOrderAudit(tx, {
          orderId: order.id,
          entity: 'order',
          entityId: order.id,
          action: 'created',
          to: order.status,
          details: { version: order.version, number: order.number, lines: lineCount },
          by: actingOn(user),
        });
        return order.id;
      });
      return read(actor, { id });
    },

    get: read,

    /** Replaces the order's fields and lines, in DRAFT and CONFIRMED only. */
    async update(
      actor: AuthUser,
      ref: OrderRef,
      input: OrderUpdateInput,
      version: number,
    ): Promise<Order> {
      const { view } = await authorizeOrderAccess(db, actor, ref, 'write');
      const { id, tradePartnerId } = view.order;
      const columns = columnsOf(input);
      await checkLinks(tradePartnerId, columns);
      const { lines, total, lineCount } = priced(input.lines);
      return versioned(actor, id, () =>
        db.transaction(async (tx) => {
          const orders = createOrderRepository(tx);
          const current = await orders.lock(id);
          if (current?.version !== version) throw new StaleRecord();
          if (!EDITABLE_ORDER_STATUSES.includes(current.status)) {
            throw new ConflictError(
              `Order ${current.number} is ${current.status}: its fields and lines can no longer change.`,
            );
          }
          const fields = changedFields(current, await orders.linesOf(id), columns, lines);
          if (fields.length === 0) return;
          const missing = missingToConfirm({ ...columns, lines });
          if (current.status === 'CONFIRMED' && missing.length > 0) {
            throw incomplete(missing, `Order ${current.number} is confirmed`);
          }
          if (fields.includes('lines')) {
            await shipments.linesChanging(tx, current);
            await orders.replaceLines(id, lines);
          }
          await saveChange(
            tx,
            await trailActorOf(tx, actor),
            { id, version },
            { ...columns, total, lineCount },
            { action: 'updated', details: { fields } },
          );
        }),
      );
    },

    /**
     * Moves the order as ORDER_TRANSITIONS allows. The partner's latest KYC file is read
     * share-locked in the same transaction as the move, so no KYC change slips in between the
     * compliance gate and the update (decision 033).
     */
    async changeStatus(
      actor: AuthUser,
      ref: OrderRef,
      input: OrderStatusInput,
      version: number,
    ): Promise<Order> {
      const { view } = await authorizeOrderAccess(db, actor, ref, 'write');
      const { id, tradePartnerId } = view.order;
      const to: OrderStatus = input.status;
      return versioned(actor, id, () =>
        db.transaction(async (tx) => {
          const orders = createOrderRepository(tx);
          // The KYC rows first, then the order: a KYC move locks them in that order too.
          const kyc = await orders.kycStanding(tradePartnerId, true);
          const current = await orders.lock(id);
          if (current?.version !== version) throw new StaleRecord();
          const from = current.status;
          if (!mayMoveOrder(from, to)) {
            throw new ConflictError(`Order ${current.number} cannot move from ${from} to ${to}.`);
          }
          if (to === 'CONFIRMED') {
            const missing = missingToConfirm({ ...current, lines: await orders.linesOf(id) });
            if (missing.length > 0) {
              throw incomplete(missing, `Order ${current.number} cannot be confirmed yet`);
            }
          }
          if (!gateAllows(to, kyc?.status ?? null)) {
            throw kycNotApproved(view.partner, kyc, `order ${current.number} cannot move to ${to}`);
          }
          const by = await trailActorOf(tx, actor);
          const reason = input.reason ?? null;
          await saveChange(
            tx,
            by,
            { id, version },
            {
              status: to,
              ...(to === 'CANCELLED' ? { cancelReason: reason } : {}),
              ...(to === 'CONFIRMED' ? { confirmedAt: new Date() } : {}),
              ...(to === 'DRAFT' ? { confirmedAt: null } : {}),
            },
            { action: 'status', from, to, reason },
          );
          await shipments.moved(tx, by, current, to, reason);
        }),
      );
    },

    /** The order's append-only trail, its status history included, oldest first. */
    async history(actor: AuthUser, ref: OrderRef): Promise<OrderHistory> {
      const { view, membership } = await authorizeOrderAccess(db, actor, ref, 'read');
      return trailFor(actor, membership, await orderTrail(db, view.order.id));
    },
  };
}

/**
 * Whether `actor`, with `membership` in the order's company, reads a trail entry: an entry about
 * a document names its type and file name, so it is read only by those who may read documents of
 * its kind there (decision 035, 042): an invoice's upload is not told to a contact or a VIEWER
 * who may not open the invoice. An entry about a document that does not name its type is taken
 * as financial.
 */
function readsEntry(
  actor: AuthUser,
  membership: PartnerMembership | undefined,
  row: OrderAuditRow,
): boolean {
  if (row.entity !== 'document') return true;
  const type = row.details?.['type'];
  const kind = typeof type === 'string' ? typeKind(type as DocumentType, 'record') : 'financial';
  return policy.readsDocumentKind(actor, membership, kind);
}

/** The trail as answered to `actor`: the entries they may read, oldest first. */
const trailFor = (
  actor: AuthUser,
  membership: PartnerMembership | undefined,
  rows: readonly OrderAuditRow[],
): OrderHistory => ({
  events: rows.filter((row) => readsEntry(actor, membership, row)).map(presentEvent),
});

/**
 * Whether the list of `conditions` could show `actor` an order whose amounts they may not view
 * (decision 042): one in a company where they are a member at a level that does not see amounts.
 * Sorting such a list by total would tell them the order of totals they may not see.
 */
async function hidesAmounts(
  orderList: ReturnType<typeof createOrderListRepository>,
  actor: AuthUser,
  conditions: OrderConditions,
): Promise<boolean> {
  const levels = policy.amountLevels(actor);
  if (levels === 'all') return false;
  const hidden = policy.readableLevels().filter((level) => !levels.includes(level));
  return orderList.any(conditions, { identityId: actor.sub, levels: hidden });
}

/**
 * Whether `actor` may view the amounts of each company of `rows` (policy.mayViewAmounts with
 * their membership there), in one query for the page's memberships, none when they see every
 * company's.
 */
async function amountsOf(
  db: Db,
  actor: AuthUser,
  rows: readonly OrderListRow[],
): Promise<(tradePartnerId: number) => boolean> {
  if (policy.amountLevels(actor) === 'all') return () => true;
  const ids = [...new Set(rows.map((row) => row.partner.id))];
  const memberships = new Map(
    (await createPartnerLookup(db).memberships(actor.sub, ids)).map((m) => [m.tradePartnerId, m]),
  );
  return (tradePartnerId) => policy.mayViewAmounts(actor, memberships.get(tradePartnerId));
}

/** The "only what you may see" condition of lists: none for staff. */
const viewerOf = (actor: AuthUser) =>
  policy.seesAllOrders(actor)
    ? undefined
    : { identityId: actor.sub, levels: policy.readableLevels() };

// ---- what other modules ask of orders ----------------------------------------------------------

/** An order as a document names it: its ids and its trade partner's. */
export interface OrderTarget {
  id: number;
  uuid: string;
  tradePartnerId: number;
  tradePartnerUuid: string;
}

/** What the PDF export's cover shows of an order; `total` is null for who may not see amounts. */
export interface OrderCover {
  uuid: string;
  number: string;
  direction: OrderDirection;
  orderDate: string;
  status: OrderStatus;
  total: string | null;
  currency: string;
}

/** A document of an order, or of one of its shipments or their legs, as its trail names it. */
export interface OrderDocumentEvent {
  orderId: number;
  shipmentId?: number | null;
  transportId?: number | null;
  action: 'documentUploaded' | 'documentArchived';
  document: { id: number; type: DocumentType; fileName: string };
}

/**
 * Records a document's upload or archiving in its order's trail. Call it with the transaction
 * that makes the change.
 */
export async function recordOrderDocument(
  tx: Db,
  actor: AuthUser,
  event: OrderDocumentEvent,
): Promise<void> {
  const user = await createUserLookup(tx).byIdentity(actor.sub);
  await recordOrderAudit(tx, {
    orderId: event.orderId,
    shipmentId: event.shipmentId ?? null,
    transportId: event.transportId ?? null,
    entity: 'document',
    entityId: event.document.id,
    action: event.action,
    details: {
      documentId: event.document.id,
      type: event.document.type,
      fileName: event.document.fileName,
    },
    by: user ? actingOn(user) : null,
  });
}

/** An entry of the order's trail about one of its shipments or their legs (issue 21). */
export type ShipmentTrailEntry = OrderAuditEntry & {
  entity: 'shipment' | 'transport';
  shipmentId: number;
};

/**
 * What a shipment's change asks of its order (issue 21), in the change's transaction: the
 * order locked, its lines, the partner's KYC standing for the gate, the moves its shipments
 * cause, and entries in its trail.
 */
export function orderShipping(tx: Db) {
  const orders = createOrderRepository(tx);
  return {
    /** The order, its row locked until the transaction ends. */
    lock: (id: number) => orders.lock(id),

    lines: (orderId: number) => orders.linesOf(orderId),

    /**
     * The partner's latest KYC file, share-locked until the transaction ends, as the gate reads
     * it (decision 033). Read it before locking the order: a KYC move locks in that order too.
     */
    kycStanding: (tradePartnerId: number) => orders.kycStanding(tradePartnerId, true),

    /**
     * Moves the locked `order` to `to` because of `shipment` (it left, or everything arrived):
     * a status entry of the order's trail that names the shipment.
     */
    move: (by: TrailActor, order: OrderRow, to: OrderStatus, shipment: ShipmentRef) =>
      saveChange(
        tx,
        by,
        order,
        { status: to },
        {
          action: 'status',
          from: order.status,
          to,
          shipmentId: shipment.id,
          details: { shipment: shipment.number },
        },
      ),

    record: (entry: ShipmentTrailEntry) => recordOrderAudit(tx, entry),
  };
}

/** A shipment as an order's trail names it. */
interface ShipmentRef {
  id: number;
  number: string;
}

/**
 * The entries of an order's trail about one of its shipments, oldest first, as `actor`, with
 * `membership` in the order's company, may read them (`trailFor`).
 */
export async function shipmentHistory(
  db: Db,
  actor: AuthUser,
  membership: PartnerMembership | undefined,
  shipmentId: number,
): Promise<OrderHistory> {
  return trailFor(actor, membership, await shipmentTrail(db, shipmentId));
}

/** What the documents, the PDF export and the shipments ask of orders. */
export function createOrderLookup(db: Db) {
  const repository = createOrderRepository(db);
  return {
    /** The order with its trade partner, whoever asks: the caller decides who may see it. */
    find: (ref: OrderRef) => repository.find(ref),

    /** The partner's latest KYC file, as an order shows it. */
    kycStanding: (tradePartnerId: number) => repository.kycStanding(tradePartnerId),

    /** The order's lines, by position. */
    lines: (orderId: number) => repository.linesOf(orderId),

    /**
     * The order a document call names, if `actor` may read it or change its documents (404
     * for an order that does not exist or is not theirs to see, 403 for a reader who may not
     * change its documents).
     */
    async authorized(
      actor: AuthUser,
      ref: OrderRef,
      action: 'read' | 'documents',
    ): Promise<OrderTarget> {
      const { view } = await authorizeOrderAccess(db, actor, ref, action);
      return {
        id: view.order.id,
        uuid: view.order.uuid,
        tradePartnerId: view.order.tradePartnerId,
        tradePartnerUuid: view.partner.uuid,
      };
    },

    /**
     * The order a PDF export of `tradePartnerId`'s KYC file is made for: it must be one of the
     * partner's orders that `actor` may read (404 otherwise). Whether its amounts go on the
     * cover is decided for `actor` now, as the export is asked for.
     */
    async forExport(
      actor: AuthUser,
      orderUuid: string,
      tradePartnerId: number,
    ): Promise<{ orderUuid: string; orderAmounts: boolean }> {
      const ref = { uuid: orderUuid };
      const { view, membership } = await authorizeOrderAccess(db, actor, ref, 'read');
      if (view.order.tradePartnerId !== tradePartnerId) {
        throw new NotFoundError(
          `Order with ID/UUID ${orderUuid} not found for this KYC file's trade partner.`,
        );
      }
      return { orderUuid: view.order.uuid, orderAmounts: policy.mayViewAmounts(actor, membership) };
    },

    /** What the export's cover shows of the order; null once it no longer exists. */
    async cover(orderUuid: string, amounts: boolean): Promise<OrderCover | null> {
      const view = await repository.find({ uuid: orderUuid });
      if (!view) return null;
      const { order } = view;
      return {
        uuid: order.uuid,
        number: order.number,
        direction: order.direction,
        orderDate: order.orderDate,
        status: order.status,
        total: amounts ? order.total : null,
        currency: order.currency,
      };
    },
  };
}
