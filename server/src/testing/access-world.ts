import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { orders } from '#server/db/schema/orders.js';
import { upload, type FilePart } from './documents-fixtures.js';
import type { TestServer } from './harness.js';
import { createKyc, type Kyc } from './kyc-fixtures.js';
import { minimalPdf } from './minimal-pdf.js';
import { createOrder, type OrderJson } from './orders-fixtures.js';
import {
  addMember,
  address,
  caller,
  createPartner,
  signIn,
  uniqueCoc,
  validVat,
  type Actor,
  type Partner,
} from './partners-fixtures.js';
import {
  addLeg,
  createShipment,
  shipmentBody,
  type ShipmentJson,
  type TransportJson,
} from './shipments-fixtures.js';

/** Who calls, in the order of the access matrix's columns. */
export const CALLERS = [
  'anonymous',
  'superAdmin',
  'manager',
  'employee',
  'tradePartner',
  'owner',
  'contact',
  'stranger',
] as const;

export type CallerName = (typeof CALLERS)[number];

/** The expected status for each caller, in CALLERS order. */
export type Statuses = readonly [number, number, number, number, number, number, number, number];

/** A request as one caller sends it; `file` makes it a multipart upload. */
export interface MatrixRequest {
  url: string;
  body?: unknown;
  file?: FilePart;
}

/**
 * One route's row: the request, as `me` would send it (the anonymous caller sends the owner's,
 * without a token), and the status each caller gets today.
 */
export interface MatrixRow {
  request(w: AccessWorld, me: Actor): MatrixRequest | Promise<MatrixRequest>;
  expect: Statuses;
}

/**
 * The people and records the matrix calls on. `ours` is a company as the demo has them: its
 * owner (OWNER role and level), a trade partner (NT24_TRADE_PARTNER, ADMIN level) and a contact
 * (CONTACT, EDITOR level). The stranger owns another company. Staff belong to none.
 */
export interface AccessWorld {
  people: Record<Exclude<CallerName, 'anonymous'>, Actor>;
  ours: Partner;
  /** A VIEWER member of `ours`, whose level the member rows set to what it is. */
  viewer: Actor;
  addressUuid: string;
  contactUuid: string;
  /** An ordinary PDF of `ours` (type OTHER), uploaded by its owner. */
  documentId: number;
  /**
   * A document of each kind that follows a rule of its own (decision 035): KYC evidence (a
   * CoC extract of `ours`, uploaded by its owner) and a financial one (an invoice of `order`,
   * uploaded by the manager).
   */
  documentIds: { 'kyc-evidence': number; financial: number };
  /** A DRAFT file of `ours`, started by its owner. */
  kyc: Kyc;
  /** The first entry of the file's status history. */
  statusId: number;
  insightsStepUuid: string;
  /** An export of the file queued by the manager (no worker runs, so it stays queued). */
  exportJobId: string;
  /** A self-service link to the file, made by the manager. */
  selfServiceLinkId: number;
  /** A DRAFT order of `ours`, made by the manager. */
  order: OrderJson;
  /** A fresh DRAFT order of `ours`, for a row that moves one. */
  freshOrder(): Promise<OrderJson>;
  /**
   * An order of `ours` put in CONFIRMED in the database (the company's KYC file is a draft, so
   * the gate would refuse it), with plenty of its first line left to ship.
   */
  shippable: OrderJson & { lines: { id: number }[] };
  /** A PLANNED shipment of `shippable` (its second line), made by the manager, with one leg. */
  shipment: ShipmentJson;
  leg: TransportJson;
  /** A fresh PLANNED shipment of `shippable`, or leg of `shipment`, for a row that moves one. */
  freshShipment(): Promise<ShipmentJson>;
  freshLeg(): Promise<TransportJson>;
  /** A fresh address, contact, member or invitation of `ours`, for a row that removes one. */
  freshAddress(): Promise<string>;
  freshContact(): Promise<string>;
  freshMember(): Promise<string>;
  freshInvitation(): Promise<string>;
}

/** A profile of all seven fields, as PUT /api/users/{id} takes it. */
export const PROFILE = {
  mobile: '+31612345678',
  birthday: '1985-04-12',
  country: 'NL',
  nationality: 'NL',
  sex: 'FEMALE',
  firstName: 'Olivia',
  lastName: 'Smit',
};

export const pdfFile = (): FilePart => ({
  name: 'contract.pdf',
  content: minimalPdf(),
  contentType: 'application/pdf',
});

/** The body of POST /api/partners for a company no other has the numbers of. */
export const newCompany = () => ({
  name: `Company ${randomUUID().slice(0, 8)}`,
  country: 'NL',
  cocNumber: uniqueCoc(),
  vatNumber: validVat('NL'),
  address,
});

const uniqueEmail = () => `someone-${randomUUID()}@example.com`;

export async function accessWorld(server: TestServer): Promise<AccessWorld> {
  const call = caller(server);
  const [superAdmin, manager, employee, owner, stranger] = await Promise.all([
    signIn(server, 'superadmin', ['NT24_SUPER_ADMIN']),
    signIn(server, 'manager', ['NT24_MANAGER']),
    signIn(server, 'employee', ['NT24_EMPLOYEE']),
    signIn(server, 'owner', ['OWNER']),
    signIn(server, 'stranger', ['OWNER']),
  ]);
  // The stranger owns a company of their own.
  const [ours] = await Promise.all([createPartner(server, owner), createPartner(server, stranger)]);
  const base = `/api/partners/uuid/${ours.uuid}`;
  const [tradePartner, contact, viewer] = await Promise.all([
    addMember(server, owner, ours, 'ADMIN', ['NT24_TRADE_PARTNER']),
    addMember(server, owner, ours, 'EDITOR', ['CONTACT']),
    addMember(server, owner, ours, 'VIEWER', ['NT24_TRADE_PARTNER']),
  ]);

  const created = async (url: string, body: unknown) => {
    const response = await call(owner, 'POST', url, body);
    if (response.statusCode !== 201)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json();
  };
  const freshAddress = async () => (await created(`${base}/addresses`, address)).uuid as string;
  const freshContact = async () =>
    (await created(`${base}/contacts`, { email: uniqueEmail() })).uuid as string;
  const freshInvitation = async () =>
    (await created(`${base}/invitations`, { email: uniqueEmail() })).invitation.uuid as string;
  const freshMember = async () => (await addMember(server, owner, ours, 'VIEWER')).userUuid;

  const uploaded = await upload(
    server,
    owner,
    { userId: owner.userId, documentType: 'OTHER', tradePartnerUuid: ours.uuid },
    pdfFile(),
  );
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.body}`);
  const evidence = await upload(
    server,
    owner,
    { userId: owner.userId, documentType: 'COC_EXTRACT', tradePartnerUuid: ours.uuid },
    pdfFile(),
  );
  if (evidence.statusCode !== 201) throw new Error(`upload: ${evidence.body}`);

  const kyc = await createKyc(server, owner, ours);
  const statusId = (await call(owner, 'GET', `/api/kyc/${kyc.id}/status`)).json()[0].id;
  const steps = (await call(manager, 'GET', `/api/kyc/${kyc.id}/steps`)).json();
  const insightsStepUuid = steps.find((s: { stepType: string }) => s.stepType === 'insights').uuid;
  const job = await call(manager, 'POST', `/api/kyc/uuid/${kyc.uuid}/export-pdf/start`);
  if (job.statusCode !== 202) throw new Error(`export: ${job.statusCode} ${job.body}`);
  const link = await call(manager, 'POST', `/api/kyc/${kyc.id}/selfservice-links`, {});
  const freshOrder = () => createOrder(server, manager, ours);
  if (link.statusCode !== 201) throw new Error(`link: ${link.statusCode} ${link.body}`);

  const draft = await createOrder(server, manager, ours, {
    lines: [
      { description: 'Widgets', quantity: '1000', unit: 'PCE', unitPrice: '1' },
      { description: 'Handling', quantity: '1', unit: 'PCE', unitPrice: '1' },
    ],
  });
  await server.database.db
    .update(orders)
    .set({ status: 'CONFIRMED' })
    .where(eq(orders.id, draft.id));
  const shippable = (await call(manager, 'GET', `/api/orders/${draft.id}`)).json();
  const freshShipment = () =>
    createShipment(server, manager, shipmentBody(shippable, [[shippable.lines[0], '1']]));
  const shipment = await createShipment(
    server,
    manager,
    shipmentBody(shippable, [[shippable.lines[1], '1']]),
  );
  const freshLeg = () => addLeg(server, manager, shipment);
  const order = await freshOrder();
  const invoice = await upload(
    server,
    manager,
    { userId: manager.userId, documentType: 'INVOICE', orderUuid: order.uuid },
    pdfFile(),
  );
  if (invoice.statusCode !== 201) throw new Error(`upload: ${invoice.body}`);

  return {
    people: { superAdmin, manager, employee, tradePartner, owner, contact, stranger },
    ours: ours,
    viewer,
    addressUuid: (ours.addresses as { uuid: string }[])[0]!.uuid,
    contactUuid: (ours.tradePartnerContacts as { uuid: string }[])[0]!.uuid,
    documentId: uploaded.json().id,
    documentIds: { 'kyc-evidence': evidence.json().id, financial: invoice.json().id },
    kyc,
    statusId,
    insightsStepUuid,
    exportJobId: job.json().jobId,
    selfServiceLinkId: link.json().id,
    order,
    freshOrder,
    shippable,
    shipment,
    leg: await freshLeg(),
    freshShipment,
    freshLeg,
    freshAddress,
    freshContact,
    freshMember,
    freshInvitation,
  };
}
