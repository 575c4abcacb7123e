import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Decimal } from '#common/money.js';
import type { ShipmentStatus, TransportMode } from '#common/shipments.js';
import type { Db } from '#server/db/client.js';
import type { TrailActor } from '#server/db/trail.js';
import { orders } from '#server/db/schema/orders.js';
import { createOrderLookup, orderShipping } from '#server/modules/orders/orders-service.js';
import { demoAccountUsers, personName } from '#server/modules/users/identity-service.js';
import { createShipmentRepository, placeColumns, type PlaceInput } from './shipments-repository.js';
import { createTransportRepository } from './transports-repository.js';

/** Any fixed number: seeding processes take this lock so each order's shipments are made once. */
const SEED_LOCK = 424245;
const DAY = 24 * 60 * 60 * 1000;

type Staff = 'manager' | 'employee';
type Place = Required<PlaceInput>;

/** Days before today; negative: days from now. */
type DaysAgo = number;

interface DemoLeg {
  mode: TransportMode;
  carrier: string;
  vehicle: string;
  trackingReference?: string;
  from: [place: string, country: string];
  to: [place: string, country: string];
  plannedDeparture: DaysAgo;
  plannedArrival: DaysAgo;
  /** When it left and arrived; none: not yet. */
  departed?: DaysAgo;
  arrived?: DaysAgo;
}

interface DemoShipment {
  /** The demo order it ships from, by its customer reference (orders/demo-data.ts). */
  customerReference: string;
  plannedAt: DaysAgo;
  plannedBy: Staff;
  origin: Place;
  destination: Place;
  pickup: DaysAgo;
  delivery: DaysAgo;
  /** The order line's position and the quantity taken of it. */
  lines: [position: number, quantity: Decimal][];
  notes?: string;
  /** In sequence; the employee moves them. */
  legs: DemoLeg[];
}

const WAREHOUSE: Place = {
  name: 'NT24 B.V. warehouse',
  street: 'Waalhaven Oostzijde 85',
  postalCode: '3087 BM',
  city: 'Rotterdam',
  country: 'NL',
};

const MUELLER: Place = {
  name: 'Müller Handels GmbH',
  street: 'Leopoldstraße 45',
  postalCode: '80802',
  city: 'München',
  country: 'DE',
};

const GENOVA: Place = {
  name: 'Müller Handels GmbH c/o Terminal Messina',
  street: 'Ponte Libia',
  postalCode: '16149',
  city: 'Genova',
  country: 'IT',
};

/**
 * Shipments of the demo orders, told by their legs. Müller's completed orders were delivered in
 * full; its order in progress has one shipment delivered by road and one on its way, whose sea
 * leg should have arrived two days ago (late). Van Dijk's held order has a planned shipment that
 * cannot leave until its KYC file is approved. Müller's confirmed order (MH-2026-0131) has
 * none: the browser journey ships from it.
 */
export const DEMO_SHIPMENTS: readonly DemoShipment[] = [
  {
    customerReference: 'MH-PO-2026-0418',
    plannedAt: 54,
    plannedBy: 'manager',
    origin: MUELLER,
    destination: WAREHOUSE,
    pickup: 50,
    delivery: 42,
    lines: [
      [1, '12.500'],
      [2, '25.000'],
    ],
    legs: [
      {
        mode: 'RAIL',
        carrier: 'DB Cargo AG',
        vehicle: 'DGS 49321',
        trackingReference: 'DBC-7730-1182',
        from: ['München-Riem terminal', 'DE'],
        to: ['Rotterdam RSC Waalhaven', 'NL'],
        plannedDeparture: 50,
        plannedArrival: 45,
        departed: 50,
        arrived: 45,
      },
      {
        mode: 'ROAD',
        carrier: 'Van Dijk Logistics B.V.',
        vehicle: '84-BXL-2',
        from: ['Rotterdam RSC Waalhaven', 'NL'],
        to: ['Waalhaven Oostzijde 85, Rotterdam', 'NL'],
        plannedDeparture: 42,
        plannedArrival: 42,
        departed: 41,
        arrived: 41,
      },
    ],
  },
  {
    customerReference: 'MH-2026-0087',
    plannedAt: 43,
    plannedBy: 'employee',
    origin: { ...WAREHOUSE, name: 'Venlo oil terminal', street: 'Celsiusweg 20', city: 'Venlo' },
    destination: MUELLER,
    pickup: 40,
    delivery: 37,
    lines: [[1, '22.000']],
    legs: [
      {
        mode: 'ROAD',
        carrier: 'Spedition Hansen GmbH',
        vehicle: 'VEN-FT 22',
        trackingReference: 'SH-26-04471',
        from: ['Venlo', 'NL'],
        to: ['München', 'DE'],
        plannedDeparture: 40,
        plannedArrival: 37,
        departed: 40,
        arrived: 33,
      },
    ],
  },
  {
    customerReference: 'MH-2026-0112',
    plannedAt: 26,
    plannedBy: 'manager',
    origin: WAREHOUSE,
    destination: GENOVA,
    pickup: 24,
    delivery: 20,
    lines: [
      [1, '20.000'],
      [2, '800.000'],
      [3, '1.000'],
    ],
    notes: 'The customer inspects this first half before the second leaves.',
    legs: [
      {
        mode: 'ROAD',
        carrier: 'Trans-Alpina Spedizioni S.r.l.',
        vehicle: 'GE 481 TX',
        from: ['Rotterdam', 'NL'],
        to: ['Genova', 'IT'],
        plannedDeparture: 24,
        plannedArrival: 20,
        departed: 24,
        arrived: 20,
      },
    ],
  },
  {
    customerReference: 'MH-2026-0112',
    plannedAt: 14,
    plannedBy: 'manager',
    origin: WAREHOUSE,
    destination: GENOVA,
    pickup: 10,
    delivery: 1,
    lines: [
      [1, '20.000'],
      [2, '800.000'],
    ],
    legs: [
      {
        mode: 'ROAD',
        carrier: 'Van Dijk Logistics B.V.',
        vehicle: '72-VDL-9',
        from: ['Waalhaven Oostzijde 85, Rotterdam', 'NL'],
        to: ['ECT Delta Terminal, Maasvlakte', 'NL'],
        plannedDeparture: 10,
        plannedArrival: 10,
        departed: 10,
        arrived: 10,
      },
      {
        mode: 'SEA',
        carrier: 'MSC Mediterranean Shipping Company',
        vehicle: 'MSC Aurora (IMO 9703291)',
        trackingReference: 'MSCU 481516-2',
        from: ['Rotterdam', 'NL'],
        to: ['Genova', 'IT'],
        plannedDeparture: 8,
        plannedArrival: 2,
        departed: 8,
      },
    ],
  },
  {
    customerReference: 'VDL-24-7781',
    plannedAt: 17,
    plannedBy: 'manager',
    origin: { ...WAREHOUSE, name: 'NT24 B.V. cold store', street: 'Reeweg 30' },
    destination: {
      name: 'Van Dijk Logistics B.V.',
      street: 'Europaweg 875',
      postalCode: '3199 LD',
      city: 'Maasvlakte Rotterdam',
      country: 'NL',
    },
    pickup: -3,
    delivery: -3,
    lines: [[2, '18.750']],
    notes: 'Reefer at -18 °C; the partner’s KYC review must be done before it leaves.',
    legs: [
      {
        mode: 'ROAD',
        carrier: 'Van Dijk Logistics B.V.',
        vehicle: '31-RFR-7',
        from: ['Rotterdam', 'NL'],
        to: ['Maasvlakte Rotterdam', 'NL'],
        plannedDeparture: -3,
        plannedArrival: -3,
      },
    ],
  },
];

const at = (daysAgo: DaysAgo) => new Date(Date.now() - daysAgo * DAY);
const isoDay = (daysAgo: DaysAgo | undefined) =>
  daysAgo === undefined ? null : at(daysAgo).toISOString().slice(0, 10);

/** Writes one shipment as its legs tell it: the rows and the order's trail. */
async function replay(
  tx: Db,
  demo: DemoShipment,
  orderId: number,
  staff: Record<Staff, TrailActor>,
): Promise<void> {
  const lineIds = new Map(
    (await createOrderLookup(tx).lines(orderId)).map((line) => [line.position, line.id]),
  );
  const departed = demo.legs[0]?.departed;
  const delivered = demo.legs.every((leg) => leg.arrived !== undefined)
    ? demo.legs.at(-1)!.arrived
    : undefined;
  const status: ShipmentStatus =
    delivered !== undefined ? 'DELIVERED' : departed !== undefined ? 'IN_TRANSIT' : 'PLANNED';
  const moves = status === 'DELIVERED' ? 2 : status === 'IN_TRANSIT' ? 1 : 0;
  const shipment = await createShipmentRepository(tx).insert({
    orderId,
    status,
    ...placeColumns(demo.origin, demo.destination),
    plannedPickupDate: isoDay(demo.pickup)!,
    plannedDeliveryDate: isoDay(demo.delivery)!,
    actualPickupDate: isoDay(departed),
    actualDeliveryDate: isoDay(delivered),
    notes: demo.notes ?? null,
    createdBy: staff[demo.plannedBy].userId,
    createdAt: at(demo.plannedAt),
    updatedAt: at(delivered ?? departed ?? demo.plannedAt),
    version: 1 + moves,
  });
  const lines = demo.lines.map(([position, quantity]) => ({
    orderLineId: lineIds.get(position)!,
    quantity,
  }));
  await createShipmentRepository(tx).replaceLines(shipment.id, lines);

  const trail = orderShipping(tx);
  const about = { orderId, shipmentId: shipment.id } as const;
  const { number } = shipment;
  await trail.record({
    ...about,
    entity: 'shipment',
    entityId: shipment.id,
    action: 'shipmentCreated',
    to: 'PLANNED',
    details: { number, version: 1, lines },
    by: staff[demo.plannedBy],
    at: at(demo.plannedAt),
  });
  const shipmentMove = async (from: ShipmentStatus, to: ShipmentStatus, daysAgo: DaysAgo) => {
    const version = to === 'IN_TRANSIT' ? 2 : 3;
    await trail.record({
      ...about,
      entity: 'shipment',
      entityId: shipment.id,
      action: 'shipmentStatus',
      from,
      to,
      details: { number, date: isoDay(daysAgo), version, previousVersion: version - 1 },
      by: staff.employee,
      at: at(daysAgo),
    });
  };

  const repository = createTransportRepository(tx);
  const legs = [];
  for (const [index, demoLeg] of demo.legs.entries()) {
    const moved = [demoLeg.departed, demoLeg.arrived].filter((day) => day !== undefined);
    const leg = await repository.insert({
      shipmentId: shipment.id,
      sequence: index + 1,
      mode: demoLeg.mode,
      carrier: demoLeg.carrier,
      vehicle: demoLeg.vehicle,
      trackingReference: demoLeg.trackingReference ?? null,
      fromPlace: demoLeg.from[0],
      fromCountry: demoLeg.from[1],
      toPlace: demoLeg.to[0],
      toCountry: demoLeg.to[1],
      plannedDeparture: isoDay(demoLeg.plannedDeparture)!,
      plannedArrival: isoDay(demoLeg.plannedArrival)!,
      actualDeparture: isoDay(demoLeg.departed),
      actualArrival: isoDay(demoLeg.arrived),
      status: demoLeg.arrived ? 'ARRIVED' : demoLeg.departed ? 'DEPARTED' : 'PLANNED',
      createdAt: at(demo.plannedAt),
      updatedAt: at(moved.at(-1) ?? demo.plannedAt),
      version: 1 + moved.length,
    });
    const entry = { ...about, transportId: leg.id, entity: 'transport', entityId: leg.id } as const;
    legs.push({ leg, demoLeg, entry });
    await trail.record({
      ...entry,
      action: 'transportAdded',
      to: 'PLANNED',
      details: { number, sequence: leg.sequence, mode: leg.mode, carrier: leg.carrier, version: 1 },
      by: staff[demo.plannedBy],
      at: at(demo.plannedAt),
    });
  }
  // Then the legs travel, one after the other.
  for (const { leg, demoLeg, entry } of legs) {
    const steps = [
      ['PLANNED', 'DEPARTED', demoLeg.departed],
      ['DEPARTED', 'ARRIVED', demoLeg.arrived],
    ] as const;
    for (const [step, [from, to, daysAgo]] of steps.entries()) {
      if (daysAgo === undefined) break;
      await trail.record({
        ...entry,
        action: 'transportStatus',
        from,
        to,
        details: {
          number,
          sequence: leg.sequence,
          date: isoDay(daysAgo),
          version: step + 2,
          previousVersion: step + 1,
        },
        by: staff.employee,
        at: at(daysAgo),
      });
      if (to === 'DEPARTED' && leg.sequence === 1) {
        await shipmentMove('PLANNED', 'IN_TRANSIT', daysAgo);
      }
    }
  }
  if (delivered !== undefined) await shipmentMove('IN_TRANSIT', 'DELIVERED', delivered);
}

/**
 * Seeds the demo shipments when the demo orders are there: an order's when it has none yet.
 * Idempotent, and safe when several processes start together.
 */
export async function seedDemoShipments(db: Db, log: FastifyBaseLogger): Promise<string[]> {
  const created = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const people = await demoAccountUsers(tx, ['manager', 'employee']);
    const manager = people.get('manager');
    const employee = people.get('employee');
    if (!manager || !employee) return [];
    const staff: Record<Staff, TrailActor> = {
      manager: { userId: manager.id, userName: personName(manager) },
      employee: { userId: employee.id, userName: personName(employee) },
    };
    const numbers: string[] = [];
    const shipments = createShipmentRepository(tx);
    for (const reference of new Set(DEMO_SHIPMENTS.map((demo) => demo.customerReference))) {
      const [order] = await tx
        .select({ id: orders.id, number: orders.number })
        .from(orders)
        .where(eq(orders.customerReference, reference))
        .limit(1);
      if (!order || (await shipments.ofOrder(order.id)).length > 0) continue;
      for (const demo of DEMO_SHIPMENTS.filter((one) => one.customerReference === reference)) {
        await replay(tx, demo, order.id, staff);
      }
      numbers.push(order.number);
    }
    return numbers;
  });
  if (created.length) log.info({ orders: created }, 'demo shipments created');
  return created;
}
