import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '#server/db/schema/documents.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { orders } from '#server/db/schema/orders.js';
import { tradePartners } from '#server/db/schema/partners.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { caller, demoTokens, type Caller } from '#server/testing/partners-fixtures.js';
import { DEMO_COMPANIES, seedDemoPartners } from './demo-data.js';

describe.each(databaseTargets())('demo companies (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  /** Tokens of the demo accounts, as the development provider would issue them. */
  let tokens: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer(target, {}, { demoData: true });
    call = caller(server);
    tokens = await demoTokens(server);
  });
  afterAll(() => server.close());

  const names = DEMO_COMPANIES.map((c) => c.name);

  it('makes the demo owner the OWNER of all three companies', async () => {
    const response = await call(tokens.owner!, 'GET', '/api/partners/user');
    expect(response.statusCode).toBe(200);
    const partners = response.json();
    expect(partners.map((p: { name: string }) => p.name)).toEqual(names);
    for (const partner of partners) {
      expect(partner).toMatchObject({
        role: 'OWNER',
        accessLevel: 'OWNER',
        isOwner: true,
      });
      expect(partner.addresses.length).toBeGreaterThan(0);
      expect(partner.tradePartnerContacts.map((c: { email: string }) => c.email)).toContain(
        'owner@nt24.example',
      );
    }
    // Verified is what the latest KYC file says (decision 040): only Müller's is approved.
    expect(partners.map((p: { name: string; verified: boolean }) => [p.name, p.verified])).toEqual(
      names.map((name) => [name, name.startsWith('Müller')]),
    );
    expect(partners[0]).toMatchObject({
      country: 'NL',
      cocNumber: '12345678',
      vatNumber: 'NL123456782B01',
    });
  });

  it('makes the demo contact an EDITOR and contact of the first company only', async () => {
    const response = await call(tokens.contact!, 'GET', '/api/partners/user');
    expect(response.json()).toHaveLength(1);
    expect(response.json()[0]).toMatchObject({
      name: names[0],
      role: 'CONTACT',
      accessLevel: 'EDITOR',
      isOwner: false,
    });
    expect(
      response.json()[0].tradePartnerContacts.map((c: { email: string }) => c.email),
    ).toContain('contact@nt24.example');
    // ensure-user finds the record the seed made, as at the contact's first sign-in.
    expect(
      (await call(tokens.contact!, 'POST', '/api/auth/keycloak/ensure-user')).json().userExists,
    ).toBe(true);
  });

  it('shows the manager every company', async () => {
    const response = await call(tokens.manager!, 'GET', '/api/partners?size=100');
    expect(response.json().content.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(names),
    );
  });

  it("holds numbers that pass the API's own validation (VAT check digits included)", async () => {
    const partners = (await call(tokens.owner!, 'GET', '/api/partners/user')).json();
    for (const [i, company] of DEMO_COMPANIES.entries()) {
      const { cocNumber, vatNumber, phone, email, website, country } = company;
      const response = await call(tokens.owner!, 'PATCH', `/api/partners/${partners[i].id}`, {
        cocNumber,
        vatNumber,
        phone,
        email,
        website,
        country,
      });
      expect(response.statusCode, company.name).toBe(200);
    }
  });

  it('seeds nothing twice', async () => {
    expect(await seedDemoPartners(server.database.db, server.app.log)).toEqual([]);
    const rows = await server.database.db
      .select({ id: tradePartners.id })
      .from(tradePartners)
      .where(inArray(tradePartners.name, names));
    expect(rows).toHaveLength(3);
    // A deleted demo company comes back at the next start (its demo KYC file, its orders and
    // its documents go first).
    const [gone] = await server.database.db
      .select({ id: tradePartners.id })
      .from(tradePartners)
      .where(eq(tradePartners.name, names[2]!));
    await server.database.db
      .delete(kycSubmissions)
      .where(eq(kycSubmissions.tradePartnerId, gone!.id));
    await server.database.db.delete(orders).where(eq(orders.tradePartnerId, gone!.id));
    await server.database.db.delete(documents).where(eq(documents.tradePartnerId, gone!.id));
    await server.database.db.delete(tradePartners).where(eq(tradePartners.id, gone!.id));
    expect(await seedDemoPartners(server.database.db, server.app.log)).toEqual([names[2]]);
    expect((await call(tokens.owner!, 'GET', '/api/partners/user')).json()).toHaveLength(3);
  });
});
