import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Decimal } from '#common/money.js';
import type {
  Incoterm,
  OrderCurrency,
  OrderDirection,
  OrderStatus,
  OrderUnit,
} from '#common/orders.js';
import type { Db } from '#server/db/client.js';
import { orders } from '#server/db/schema/orders.js';
import { addresses, tradePartnerContacts, tradePartners } from '#server/db/schema/partners.js';
import type { UserRow } from '#server/db/schema/users.js';
import { demoAccountUsers } from '#server/modules/users/identity-service.js';
import { actingOn, recordOrderAudit } from './audit-repository.js';
import { createOrderRepository } from './orders-repository.js';
import { priced } from './order-input.js';

/** Any fixed number: seeding processes take this lock so each company's orders are made once. */
const SEED_LOCK = 424244;
const DAY = 24 * 60 * 60 * 1000;

type Staff = 'manager' | 'employee';

/** description, quantity, unit, unit price, HS code. */
type Line = [string, Decimal, OrderUnit, Decimal, string?];

interface DemoOrder {
  /** The demo company, by its CoC number (partners/demo-data.ts). */
  cocNumber: string;
  direction: OrderDirection;
  customerReference: string;
  createdDaysAgo: number;
  createdBy: Staff;
  /** Days after the order date; none: not asked yet. */
  deliveryAfterDays?: number;
  incoterm?: Incoterm;
  incotermPlace?: string;
  currency?: OrderCurrency;
  /** The company contact (by e-mail address) the order is with. */
  contactEmail?: string;
  /** Delivered to the company address of this type; none: not chosen yet. */
  deliverTo?: 'REGISTERED' | 'OPERATING';
  notes?: string;
  lines: Line[];
  /** The moves after it was made, oldest first. */
  story: { to: OrderStatus; by: Staff; daysAgo: number; reason?: string }[];
}

const MUELLER = 'HRB123456';
const VAN_DIJK = '12345678';
const ROSSI = 'MI1234567';

/**
 * A dozen orders across the three demo companies, told as stories. Müller's latest KYC file is
 * approved: its orders go ahead. Van Dijk's is in review: its confirmed order is 'On hold: KYC'
 * (the one held order), and the e2e journey's confirmation for it is refused. Rossi's is
 * submitted: it has drafts and a cancelled order only.
 */
export const DEMO_ORDERS: readonly DemoOrder[] = [
  {
    cocNumber: MUELLER,
    direction: 'PURCHASE',
    customerReference: 'MH-PO-2026-0418',
    createdDaysAgo: 56,
    createdBy: 'manager',
    deliveryAfterDays: 14,
    incoterm: 'DAP',
    incotermPlace: 'Rotterdam',
    contactEmail: 'a.schmidt@mueller-handels.de',
    deliverTo: 'REGISTERED',
    lines: [
      ['Stainless steel coil 1.4301, 2 mm', '12.500', 'TNE', '2480.0000', '721934'],
      ['Pallet, EUR 1', '25.000', 'PAL', '14.5000'],
    ],
    story: [
      { to: 'CONFIRMED', by: 'manager', daysAgo: 55 },
      { to: 'IN_PROGRESS', by: 'employee', daysAgo: 50 },
      { to: 'COMPLETED', by: 'employee', daysAgo: 41 },
    ],
  },
  {
    cocNumber: MUELLER,
    direction: 'SALE',
    customerReference: 'MH-2026-0087',
    createdDaysAgo: 47,
    createdBy: 'employee',
    deliveryAfterDays: 10,
    incoterm: 'FCA',
    incotermPlace: 'Venlo',
    contactEmail: 'a.schmidt@mueller-handels.de',
    deliverTo: 'REGISTERED',
    lines: [['Sunflower oil, refined, in flexitank', '22.000', 'TNE', '1185.0000', '151219']],
    story: [
      { to: 'CONFIRMED', by: 'manager', daysAgo: 46 },
      { to: 'IN_PROGRESS', by: 'employee', daysAgo: 40 },
      { to: 'COMPLETED', by: 'employee', daysAgo: 33 },
    ],
  },
  {
    cocNumber: MUELLER,
    direction: 'SALE',
    customerReference: 'MH-2026-0112',
    createdDaysAgo: 30,
    createdBy: 'manager',
    deliveryAfterDays: 21,
    incoterm: 'CIF',
    incotermPlace: 'Genova',
    contactEmail: 'a.schmidt@mueller-handels.de',
    deliverTo: 'REGISTERED',
    notes: 'Two shipments; the second after the customer’s inspection.',
    lines: [
      ['Durum wheat semolina, 25 kg bags', '40.000', 'TNE', '612.5000', '110311'],
      ['Shrink-wrapped pallet', '1600.000', 'PCE', '0.8500'],
      ['Phytosanitary certificate', '1.000', 'PCE', '145.0000'],
    ],
    story: [
      { to: 'CONFIRMED', by: 'manager', daysAgo: 29 },
      { to: 'IN_PROGRESS', by: 'employee', daysAgo: 24 },
    ],
  },
  {
    cocNumber: MUELLER,
    direction: 'SALE',
    customerReference: 'MH-2026-0131',
    createdDaysAgo: 9,
    createdBy: 'manager',
    deliveryAfterDays: 28,
    incoterm: 'DAP',
    incotermPlace: 'München',
    currency: 'EUR',
    contactEmail: 'a.schmidt@mueller-handels.de',
    deliverTo: 'REGISTERED',
    lines: [
      ['Cocoa butter, deodorised', '3.000', 'TNE', '7240.0000', '180400'],
      ['Insulated container, 20 ft', '1.000', 'CTR', '980.0000'],
    ],
    story: [{ to: 'CONFIRMED', by: 'manager', daysAgo: 8 }],
  },
  {
    cocNumber: MUELLER,
    direction: 'PURCHASE',
    customerReference: 'MH-PO-2026-0502',
    createdDaysAgo: 2,
    createdBy: 'employee',
    currency: 'CHF',
    lines: [['Machine hours, packaging line', '16.000', 'HUR', '95.0000']],
    story: [],
  },
  {
    cocNumber: VAN_DIJK,
    direction: 'SALE',
    customerReference: 'VDL-24-7781',
    createdDaysAgo: 20,
    createdBy: 'manager',
    deliveryAfterDays: 12,
    incoterm: 'FOB',
    incotermPlace: 'Rotterdam',
    contactEmail: 'j.deboer@vandijk-logistics.nl',
    deliverTo: 'OPERATING',
    lines: [
      ['Reefer container storage, per day', '30.000', 'PCE', '38.5000'],
      ['Frozen fish fillets, Alaska pollock', '18.750', 'TNE', '3120.0000', '030475'],
    ],
    story: [{ to: 'CONFIRMED', by: 'manager', daysAgo: 19 }],
  },
  {
    cocNumber: VAN_DIJK,
    direction: 'PURCHASE',
    customerReference: 'VDL-PO-0193',
    createdDaysAgo: 26,
    createdBy: 'employee',
    deliveryAfterDays: 7,
    incoterm: 'EXW',
    incotermPlace: 'Maasvlakte',
    deliverTo: 'OPERATING',
    lines: [['Cross-docking, full truck load', '4.000', 'PCE', '420.0000']],
    story: [
      {
        to: 'CANCELLED',
        by: 'manager',
        daysAgo: 23,
        reason: 'The customer moved the shipment to another terminal.',
      },
    ],
  },
  {
    cocNumber: VAN_DIJK,
    direction: 'SALE',
    customerReference: 'VDL-24-7802',
    createdDaysAgo: 5,
    createdBy: 'manager',
    deliveryAfterDays: 14,
    incoterm: 'CPT',
    incotermPlace: 'Duisburg',
    contactEmail: 'j.deboer@vandijk-logistics.nl',
    deliverTo: 'REGISTERED',
    lines: [
      ['Palletised canned tomatoes, 400 g', '26.000', 'PAL', '812.4000', '200210'],
      ['Road freight Rotterdam to Duisburg', '2.000', 'PCE', '640.0000'],
    ],
    story: [],
  },
  {
    cocNumber: VAN_DIJK,
    direction: 'PURCHASE',
    customerReference: 'VDL-PO-0207',
    createdDaysAgo: 1,
    createdBy: 'employee',
    lines: [['Warehouse space, bulk', '350.000', 'MTK', '6.2500']],
    story: [],
  },
  {
    cocNumber: ROSSI,
    direction: 'SALE',
    customerReference: 'RT-2026-044',
    createdDaysAgo: 3,
    createdBy: 'manager',
    deliveryAfterDays: 20,
    incoterm: 'DDP',
    incotermPlace: 'Milano',
    contactEmail: 'g.bianchi@rossitrasporti.it',
    deliverTo: 'REGISTERED',
    lines: [
      ['Olive oil, extra virgin, 5 l tins', '1200.000', 'LTR', '7.8900', '150920'],
      ['Glass jars, 720 ml', '2400.000', 'PCE', '0.3125'],
    ],
    story: [],
  },
  {
    cocNumber: ROSSI,
    direction: 'SALE',
    customerReference: 'RT-2026-031',
    createdDaysAgo: 16,
    createdBy: 'employee',
    deliveryAfterDays: 9,
    incoterm: 'CFR',
    incotermPlace: 'Genova',
    lines: [['Basmati rice, 20 kg bags', '24.000', 'TNE', '945.0000', '100630']],
    story: [
      {
        to: 'CANCELLED',
        by: 'manager',
        daysAgo: 14,
        reason: 'The customer bought the rice from another supplier.',
      },
    ],
  },
  {
    cocNumber: ROSSI,
    direction: 'PURCHASE',
    customerReference: 'RT-PO-2026-009',
    createdDaysAgo: 6,
    createdBy: 'manager',
    currency: 'USD',
    lines: [['Refrigerated trailer hire, per week', '3.000', 'PCE', '1450.0000']],
    story: [],
  },
];

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Writes one order as its story tells it: the row, its lines and its trail. */
async function replay(
  tx: Db,
  demo: DemoOrder,
  partnerId: number,
  staff: Map<string, UserRow>,
): Promise<void> {
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
  const created = at(demo.createdDaysAgo);
  const [contact] = demo.contactEmail
    ? await tx
        .select({ id: tradePartnerContacts.id })
        .from(tradePartnerContacts)
        .where(
          and(
            eq(tradePartnerContacts.tradePartnerId, partnerId),
            eq(tradePartnerContacts.email, demo.contactEmail),
          ),
        )
    : [];
  const [address] = demo.deliverTo
    ? await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(and(eq(addresses.tradePartnerId, partnerId), eq(addresses.type, demo.deliverTo)))
    : [];
  const { lines, total, lineCount } = priced(
    demo.lines.map(([description, quantity, unit, unitPrice, hsCode]) => ({
      description,
      quantity,
      unit,
      unitPrice,
      hsCode: hsCode ?? null,
    })),
  );
  const last = demo.story.at(-1);
  const confirmation = demo.story.findLast((move) => move.to === 'CONFIRMED');
  const repository = createOrderRepository(tx);
  const order = await repository.insert({
    tradePartnerId: partnerId,
    contactId: contact?.id ?? null,
    direction: demo.direction,
    customerReference: demo.customerReference,
    orderDate: isoDay(created),
    requestedDeliveryDate:
      demo.deliveryAfterDays === undefined
        ? null
        : isoDay(new Date(created.getTime() + demo.deliveryAfterDays * DAY)),
    deliveryAddressId: address?.id ?? null,
    incoterm: demo.incoterm ?? null,
    incotermPlace: demo.incotermPlace ?? null,
    currency: demo.currency ?? 'EUR',
    total,
    lineCount,
    notes: demo.notes ?? null,
    status: last?.to ?? 'DRAFT',
    cancelReason: last?.to === 'CANCELLED' ? (last.reason ?? null) : null,
    version: 1 + demo.story.length,
    createdBy: staff.get(demo.createdBy)!.id,
    createdAt: created,
    updatedAt: last ? at(last.daysAgo) : created,
    confirmedAt: confirmation ? at(confirmation.daysAgo) : null,
  });
  await repository.replaceLines(order.id, lines);
  const event = { orderId: order.id, entity: 'order', entityId: order.id } as const;
  await recordOrderAudit(tx, {
    ...event,
    action: 'created',
    to: 'DRAFT',
    details: { version: 1, number: order.number, lines: lineCount },
    by: actingOn(staff.get(demo.createdBy)!),
    at: created,
  });
  let from: OrderStatus = 'DRAFT';
  for (const [index, move] of demo.story.entries()) {
    await recordOrderAudit(tx, {
      ...event,
      action: 'status',
      from,
      to: move.to,
      reason: move.reason ?? null,
      details: { version: index + 2, previousVersion: index + 1 },
      by: actingOn(staff.get(move.by)!),
      at: at(move.daysAgo),
    });
    from = move.to;
  }
}

/**
 * Seeds the demo orders when the development identity provider runs: a company's when it has
 * none yet. Idempotent, and safe when several processes start together.
 */
export async function seedDemoOrders(db: Db, log: FastifyBaseLogger): Promise<string[]> {
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const staff = await demoAccountUsers(tx, ['manager', 'employee']);
    if (!staff.has('manager') || !staff.has('employee')) return [];
    const names: string[] = [];
    for (const cocNumber of new Set(DEMO_ORDERS.map((demo) => demo.cocNumber))) {
      const [partner] = await tx
        .select({ id: tradePartners.id, name: tradePartners.name })
        .from(tradePartners)
        .where(eq(tradePartners.cocNumber, cocNumber));
      if (!partner) continue;
      const [existing] = await tx
        .select({ id: orders.id })
        .from(orders)
        .where(eq(orders.tradePartnerId, partner.id))
        .limit(1);
      if (existing) continue;
      for (const demo of DEMO_ORDERS.filter((order) => order.cocNumber === cocNumber)) {
        await replay(tx, demo, partner.id, staff);
      }
      names.push(partner.name);
    }
    return names;
  });
  if (created.length) log.info({ companies: created }, 'demo orders created');
  return created;
}
