import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResult } from '#common/search.js';
import { documents } from '#server/db/schema/documents.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { tradePartnerMembers, tradePartners } from '#server/db/schema/partners.js';
import { users } from '#server/db/schema/users.js';
import {
  databaseTargets,
  person,
  startTestServer,
  type TestServer,
  type TokenClaims,
} from '#server/testing/harness.js';
import { checkVatNumber, nameCore } from '#server/matching/normalise.js';

/** Numbers as the trade partners module stores them: normalised, VAT numbers valid (jsvat). */
const PARTNERS = [
  { name: 'Acme Trading B.V.', cocNumber: '12345678', vatNumber: 'NL100000009B01', country: 'NL' },
  { name: 'Globex GmbH', cocNumber: 'HRB12345', vatNumber: 'DE100000008', country: 'DE' },
  { name: 'Initech B.V.', cocNumber: '23456789', vatNumber: 'NL100000010B01', country: 'NL' },
  { name: 'Umbrella Logistics N.V.', cocNumber: '34567890', vatNumber: null, country: 'NL' },
  { name: 'Hooli S.r.l.', cocNumber: 'MI1234567', vatNumber: null, country: 'IT' },
  {
    name: 'Northwind Traders Ltd',
    cocNumber: '45678901',
    vatNumber: 'NL100000022B01',
    country: 'NL',
  },
  {
    name: 'Vandelay Industries B.V.',
    cocNumber: '56789012',
    vatNumber: 'NL100000024B01',
    country: 'NL',
  },
  {
    name: 'Cyberdyne Systems GmbH',
    cocNumber: 'HRB99999',
    vatNumber: 'DE100000016',
    country: 'DE',
  },
  {
    name: 'Cyberdyne Systems B.V.',
    cocNumber: '67890123',
    vatNumber: 'NL100000034B01',
    country: 'NL',
  },
  {
    name: 'Stark Industries SA',
    cocNumber: '0400000086',
    vatNumber: 'BE0400000086',
    country: 'BE',
  },
  { name: 'Müller Handels GmbH & Co. KG', cocNumber: 'HRB77777', vatNumber: null, country: 'DE' },
] as const;

type Band = 'high' | 'medium' | 'low' | 'very low';

/** SPEC section 9: 90 and above high, 70-89 medium, 50-69 low, below 50 very low. */
function band(confidence: number): Band {
  if (confidence >= 90) return 'high';
  if (confidence >= 70) return 'medium';
  if (confidence >= 50) return 'low';
  return 'very low';
}

interface Case {
  title: string;
  query: Record<string, string>;
  status: number;
  resultType: SearchResult['resultType'];
  confidence: number;
  band: Band;
  /** The names of the matches, in order. */
  matches: string[];
  /** Field → match of the first match's reasons. */
  reasons?: Record<string, string>;
}

const CASES: Case[] = [
  {
    title: 'a CoC number alone',
    query: { cocNumber: '12345678' },
    status: 200,
    resultType: 'EXACT_MATCH',
    confidence: 100,
    band: 'high',
    matches: ['Acme Trading B.V.'],
    reasons: { cocNumber: 'EXACT' },
  },
  {
    title: 'every field, written loosely (normalised; legal form and case ignored)',
    query: {
      cocNumber: '1234.56.78',
      vatNumber: 'nl 1000.000.09 b01',
      name: 'ACME trading bv',
      country: 'nl',
    },
    status: 200,
    resultType: 'EXACT_MATCH',
    confidence: 100,
    band: 'high',
    matches: ['Acme Trading B.V.'],
    reasons: { cocNumber: 'EXACT', vatNumber: 'EXACT', name: 'EXACT', country: 'EXACT' },
  },
  {
    title: 'a VAT number without its prefix, with the country',
    query: { vatNumber: '1000-000-09-B01', country: 'NL' },
    status: 200,
    resultType: 'EXACT_MATCH',
    confidence: 100,
    band: 'high',
    matches: ['Acme Trading B.V.'],
  },
  {
    title: 'CoC and VAT of one company, another legal form in the name',
    query: { cocNumber: 'hrb 12345', vatNumber: 'DE 100 000 008', name: 'Globex AG' },
    status: 200,
    resultType: 'EXACT_MATCH',
    confidence: 100,
    band: 'high',
    matches: ['Globex GmbH'],
  },
  {
    title: 'the CoC number matches, the name is spelt a little differently',
    query: { cocNumber: '23456789', name: 'Initec' },
    status: 206,
    resultType: 'PARTIAL_MATCH',
    // (40 + 30 × 0.67) / 70
    confidence: 86,
    band: 'medium',
    matches: ['Initech B.V.'],
    reasons: { cocNumber: 'EXACT', name: 'FUZZY' },
  },
  {
    title: 'the CoC number matches, the partner has no VAT number',
    query: { cocNumber: '34567890', vatNumber: 'NL100000046B01' },
    status: 206,
    resultType: 'PARTIAL_MATCH',
    // (40 + 40 × 0.5) / 80
    confidence: 75,
    band: 'medium',
    matches: ['Umbrella Logistics N.V.'],
    reasons: { cocNumber: 'EXACT', vatNumber: 'MISSING' },
  },
  {
    title: 'the CoC number matches, the country differs',
    query: { cocNumber: '12345678', country: 'BE' },
    status: 206,
    resultType: 'PARTIAL_MATCH',
    confidence: 80,
    band: 'medium',
    matches: ['Acme Trading B.V.'],
    reasons: { cocNumber: 'EXACT', country: 'MISMATCH' },
  },
  {
    title: 'the CoC number matches, the name is another one',
    query: { cocNumber: '12345678', name: 'Globex' },
    status: 206,
    resultType: 'PARTIAL_MATCH',
    // 40 / 70
    confidence: 57,
    band: 'low',
    matches: ['Acme Trading B.V.'],
    reasons: { cocNumber: 'EXACT', name: 'MISMATCH' },
  },
  {
    title: 'CoC and VAT numbers of two different companies',
    query: { cocNumber: '12345678', vatNumber: 'DE100000008' },
    status: 409,
    resultType: 'CONFLICTING_DATA',
    confidence: 50,
    band: 'low',
    matches: ['Acme Trading B.V.', 'Globex GmbH'],
    reasons: { cocNumber: 'EXACT', vatNumber: 'MISMATCH' },
  },
  {
    title: 'a name alone, exactly (a name never identifies a company: at most 80)',
    query: { name: 'hooli srl' },
    status: 206,
    resultType: 'FUZZY_MATCH',
    confidence: 80,
    band: 'medium',
    matches: ['Hooli S.r.l.'],
    reasons: { name: 'EXACT' },
  },
  {
    title: 'a name with a legal form in another notation',
    query: { name: 'Stark Industries S.A.' },
    status: 206,
    resultType: 'FUZZY_MATCH',
    confidence: 80,
    band: 'medium',
    matches: ['Stark Industries SA'],
  },
  {
    title: 'a name without its accents and legal form',
    query: { name: 'muller handels' },
    status: 206,
    resultType: 'FUZZY_MATCH',
    confidence: 80,
    band: 'medium',
    matches: ['Müller Handels GmbH & Co. KG'],
    reasons: { name: 'EXACT' },
  },
  {
    title: 'a similar name',
    query: { name: 'Vandelay Industry' },
    status: 206,
    resultType: 'FUZZY_MATCH',
    // 0.8 × 0.73
    confidence: 58,
    band: 'low',
    matches: ['Vandelay Industries B.V.'],
    reasons: { name: 'FUZZY' },
  },
  {
    title: 'part of a name',
    query: { name: 'Northwind' },
    status: 206,
    resultType: 'FUZZY_MATCH',
    // 0.8 × max(0.56, 0.6)
    confidence: 48,
    band: 'very low',
    matches: ['Northwind Traders Ltd'],
    reasons: { name: 'PARTIAL' },
  },
  {
    title: 'a name matching, but a VAT number nobody has',
    query: { vatNumber: 'NL100000058B01', name: 'Acme Trading' },
    status: 206,
    resultType: 'FUZZY_MATCH',
    // 0.8 × 30 / 70
    confidence: 34,
    band: 'very low',
    matches: ['Acme Trading B.V.'],
    reasons: { vatNumber: 'MISMATCH', name: 'EXACT' },
  },
  {
    title: 'one name, two companies',
    query: { name: 'Cyberdyne Systems' },
    status: 300,
    resultType: 'AMBIGUOUS',
    confidence: 80,
    band: 'medium',
    matches: ['Cyberdyne Systems B.V.', 'Cyberdyne Systems GmbH'],
  },
  {
    title: 'one name, two companies, the country decides',
    query: { name: 'cyberdyne systems', country: 'DE' },
    status: 206,
    resultType: 'FUZZY_MATCH',
    confidence: 80,
    band: 'medium',
    matches: ['Cyberdyne Systems GmbH'],
    reasons: { name: 'EXACT', country: 'EXACT' },
  },
  {
    title: 'a CoC number nobody has',
    query: { cocNumber: '99999999' },
    status: 404,
    resultType: 'NOT_FOUND',
    confidence: 0,
    band: 'very low',
    matches: [],
  },
  {
    title: 'a name like no other',
    query: { name: 'Zorglub Import' },
    status: 404,
    resultType: 'NOT_FOUND',
    confidence: 0,
    band: 'very low',
    matches: [],
  },
];

describe.each(databaseTargets())('company search (%s)', (target) => {
  let server: TestServer;
  const ids = new Map<string, { id: number; uuid: string }>();
  const member = person('member', ['NT24_TRADE_PARTNER']);

  beforeAll(async () => {
    server = await startTestServer(target);
    const { db } = server.database;
    // Only these partners: not the demo companies the development set-up seeds (nor their KYC
    // files and documents).
    await db.delete(kycSubmissions);
    await db.delete(documents);
    await db.delete(tradePartners);
    const rows = await db
      .insert(tradePartners)
      .values([...PARTNERS])
      .returning({ id: tradePartners.id, uuid: tradePartners.uuid, name: tradePartners.name });
    for (const row of rows) ids.set(row.name, row);
    // The member reads Vandelay; at Acme their access level is NONE, which is not belonging.
    const [user] = await db
      .insert(users)
      .values({ identityId: member.sub!, username: 'member', roles: ['NT24_TRADE_PARTNER'] })
      .returning({ id: users.id });
    await db.insert(tradePartnerMembers).values([
      {
        tradePartnerId: ids.get('Vandelay Industries B.V.')!.id,
        userId: user!.id,
        role: 'CONTACT',
        accessLevel: 'VIEWER',
      },
      {
        tradePartnerId: ids.get('Acme Trading B.V.')!.id,
        userId: user!.id,
        role: 'CONTACT',
        accessLevel: 'NONE',
      },
    ]);
  });
  afterAll(() => server?.close());

  async function search(query: Record<string, string>, claims?: TokenClaims) {
    const token = await server.token(claims ?? person('employee', ['NT24_EMPLOYEE']));
    return server.app.inject({
      method: 'GET',
      url: `/api/partners/search?${new URLSearchParams(query)}`,
      headers: { authorization: `Bearer ${token}` },
    });
  }

  it.each(CASES)('$title: $resultType ($status)', async (c) => {
    const response = await search(c.query);
    const body = response.json() as SearchResult;
    expect({ status: response.statusCode, resultType: body.resultType }).toEqual({
      status: c.status,
      resultType: c.resultType,
    });
    expect(body.matches.map((m) => m.name)).toEqual(c.matches);
    expect(body.confidence).toBe(c.confidence);
    expect(band(body.confidence)).toBe(c.band);
    expect(body.confidence).toBe(body.matches[0]?.confidence ?? 0);
    if (c.reasons) {
      const reasons = Object.fromEntries(body.matches[0]!.reasons.map((r) => [r.field, r.match]));
      expect(reasons).toEqual(c.reasons);
    }
    // Staff see every match in full.
    for (const match of body.matches) {
      const seeded = PARTNERS.find((p) => p.name === match.name)!;
      expect(match).toMatchObject({
        uuid: ids.get(match.name)!.uuid,
        cocNumber: seeded.cocNumber,
        vatNumber: seeded.vatNumber,
        country: seeded.country,
      });
    }
  });

  it('covers every result type and every confidence band', () => {
    expect(new Set(CASES.map((c) => c.resultType))).toEqual(
      new Set([
        'EXACT_MATCH',
        'PARTIAL_MATCH',
        'FUZZY_MATCH',
        'CONFLICTING_DATA',
        'AMBIGUOUS',
        'NOT_FOUND',
      ]),
    );
    expect(new Set(CASES.filter((c) => c.matches.length).map((c) => c.band))).toEqual(
      new Set(['high', 'medium', 'low', 'very low']),
    );
  });

  it('reports the name similarity with each name reason', async () => {
    const body = (await search({ cocNumber: '23456789', name: 'Initec' })).json() as SearchResult;
    expect(body.matches[0]!.reasons).toEqual([
      { field: 'cocNumber', match: 'EXACT' },
      { field: 'name', match: 'FUZZY', similarity: 0.67 },
    ]);
  });

  describe('what a trade partner sees', () => {
    it('the uuid and numbers of a partner they belong to', async () => {
      const response = await search({ name: 'Vandelay Industries' }, member);
      expect(response.statusCode).toBe(206);
      expect(response.json().matches).toEqual([
        {
          uuid: ids.get('Vandelay Industries B.V.')!.uuid,
          name: 'Vandelay Industries B.V.',
          cocNumber: '56789012',
          vatNumber: 'NL100000024B01',
          country: 'NL',
          confidence: 80,
          reasons: [{ field: 'name', match: 'EXACT', similarity: 1 }],
        },
      ]);
    });

    it('only the name and confidence of others (an access level of NONE is not belonging)', async () => {
      const response = await search({ cocNumber: '12345678' }, member);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        resultType: 'EXACT_MATCH',
        confidence: 100,
        matches: [
          {
            uuid: null,
            name: 'Acme Trading B.V.',
            cocNumber: null,
            vatNumber: null,
            country: null,
            confidence: 100,
            reasons: [{ field: 'cocNumber', match: 'EXACT' }],
          },
        ],
      });

      const conflict = await search({ cocNumber: '12345678', vatNumber: 'NL100000024B01' }, member);
      expect(conflict.statusCode).toBe(409);
      expect(
        (conflict.json() as SearchResult).matches.map((m) => [m.name, m.uuid !== null]),
      ).toEqual([
        ['Acme Trading B.V.', false],
        ['Vandelay Industries B.V.', true],
      ]);
    });

    it('is open to owners and contacts, not to someone without a role', async () => {
      for (const roles of [['OWNER'], ['CONTACT'], ['NT24_SUPER_ADMIN']]) {
        expect((await search({ name: 'Hooli' }, person('someone', roles))).statusCode).toBe(206);
      }
      const none = await search({ name: 'Hooli' }, person('nobody', []));
      expect(none.statusCode).toBe(403);
      expect(none.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
    });

    it('needs a token', async () => {
      const response = await server.app.inject({
        method: 'GET',
        url: '/api/partners/search?name=Hooli',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('validation', () => {
    it.each<{ query: Record<string, string>; details: { field: string; message: string }[] }>([
      {
        query: {},
        details: [{ field: 'query', message: 'give a CoC number, a VAT number or a company name' }],
      },
      {
        query: { cocNumber: ' ', name: '', country: 'NL' },
        details: [{ field: 'query', message: 'give a CoC number, a VAT number or a company name' }],
      },
      {
        query: { vatNumber: 'NL123456789B01', country: 'NL' },
        details: [{ field: 'vatNumber', message: 'not a valid VAT number for NL' }],
      },
      {
        query: { vatNumber: 'DE100000008', country: 'NL' },
        details: [{ field: 'vatNumber', message: 'not a valid VAT number for NL' }],
      },
      {
        query: { vatNumber: 'NL100000011B01' },
        details: [{ field: 'vatNumber', message: 'not a valid VAT number for NL' }],
      },
      {
        query: { vatNumber: '100000009B01' },
        details: [
          {
            field: 'vatNumber',
            message: 'not a valid VAT number: start it with its country code or give the country',
          },
        ],
      },
      {
        query: { name: 'A' },
        details: [{ field: 'name', message: 'must be at least 2 characters' }],
      },
      {
        query: { name: '--', cocNumber: '12/34', country: 'Netherlands' },
        details: [
          { field: 'country', message: 'must be an ISO 3166-1 alpha-2 code, like NL' },
          { field: 'cocNumber', message: 'must be 1 to 20 letters or digits' },
          { field: 'name', message: 'must contain letters or digits' },
        ],
      },
    ])('refuses $query', async ({ query, details }) => {
      const response = await search(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        message: `${details[0]!.field}: ${details[0]!.message}`,
        details,
        requestId: expect.any(String),
      });
    });
  });
});

describe('normalisation', () => {
  it.each([
    ['ACME Trading B.V.', 'acme trading'],
    ['Acme Trading B. V.', 'acme trading'],
    ['Müller Handels GmbH & Co. KG', 'muller handels'],
    ['Hooli S.p.A.', 'hooli'],
    ['Kowalski Sp. z o.o.', 'kowalski'],
    ['Smith & Sons Ltd.', 'smith sons'],
    ['SA Recycling', 'sa recycling'],
    ["O'Neil Holding N.V.", 'oneil holding'],
    ['B.V.', 'bv'],
  ])('the core of %s is %s', (name, core) => {
    expect(nameCore(name)).toBe(core);
  });

  it.each([
    ['nl 1000.000.09 b01', undefined, 'NL100000009B01'],
    ['100000009B01', 'NL', 'NL100000009B01'],
    ['094259216', 'GR', 'EL094259216'],
    ['el-094-259-216', undefined, 'EL094259216'],
  ])('VAT number %s (country %s) is %s', (raw, country, value) => {
    expect(checkVatNumber(raw, country)).toEqual({ valid: true, value });
  });

  it('refuses VAT numbers it cannot check', () => {
    expect(checkVatNumber('123456789', 'US')).toEqual({
      valid: false,
      message: 'VAT numbers of US cannot be checked',
    });
  });
});
