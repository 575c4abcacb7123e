import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding, Insights } from '#common/kyc-insights.js';
import { kycSubmissions } from '#server/db/schema/kyc.js';
import { upload } from '#server/testing/documents-fixtures.js';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import { insertKycSubmission, setStepData } from '#server/testing/insights-fixtures.js';
import { minimalPdf } from '#server/testing/minimal-pdf.js';
import {
  caller,
  createPartner,
  signIn,
  uniqueCoc,
  validVat,
  type Actor,
  type Caller,
  type Partner,
} from '#server/testing/partners-fixtures.js';

const dateYearsAgo = (years: number) => {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
};
const today = () => new Date().toISOString().slice(0, 10);

/** The people of a contacts step, each naming `idDocumentId` (absent: not named). */
const people = (idDocumentId?: number) => ({
  people: [
    { firstName: 'Amina', lastName: 'Rahman', role: 'DIRECTOR', idDocumentId },
    {
      firstName: 'Joost',
      lastName: 'Verhoef',
      role: 'UBO',
      ownershipPercentage: 100,
      idDocumentId,
    },
  ],
});
const registered = {
  street: 'Oudegracht',
  houseNumber: '100',
  postCode: '3511 AX',
  city: 'Utrecht',
  country: 'NL',
};
const cdd = {
  businessActivity: 'Import of spices',
  countriesOfOperation: ['NL', 'BE'],
  expectedMonthlyVolume: '120000.00',
  sourceOfFunds: 'Trading revenue',
  pepDeclared: false,
  sanctionsDeclared: false,
};

const kinds = (insights: Insights) =>
  insights.findings.map((f: Finding) => `${f.code}:${f.severity}:${f.stepType ?? '-'}`);

describe.each(databaseTargets())('KYC insights over HTTP (%s)', (database) => {
  let server: TestServer;
  let call: Caller;
  let employee: Actor;
  let owner: Actor;
  let partner: Partner & { cocNumber: string; vatNumber: string };
  let other: Partner & { cocNumber: string };
  let kyc: { id: number; uuid: string };

  const document = async (who: Actor, company: Partner, documentType: string) => {
    const made = await upload(
      server,
      who,
      { userId: who.userId, documentType, tradePartnerUuid: company.uuid },
      {
        name: `${documentType}.pdf`,
        content: minimalPdf(documentType),
        contentType: 'application/pdf',
      },
    );
    if (made.statusCode !== 201) throw new Error(`upload: ${made.statusCode} ${made.body}`);
    return made.json() as { id: number };
  };

  const storedSubmission = async (id: number) => {
    const [row] = await server.app.db
      .select({
        riskLevel: kycSubmissions.riskLevel,
        version: kycSubmissions.version,
        updatedAt: kycSubmissions.updatedAt,
      })
      .from(kycSubmissions)
      .where(eq(kycSubmissions.id, id));
    return row!;
  };

  beforeAll(async () => {
    server = await startTestServer(database);
    call = caller(server);
    [employee, owner] = await Promise.all([
      signIn(server, 'employee', ['NT24_EMPLOYEE']),
      signIn(server, 'owner', ['OWNER']),
    ]);
    const otherOwner = await signIn(server, 'owner', ['OWNER']);
    const cocNumber = uniqueCoc();
    const vatNumber = validVat('NL');
    partner = (await createPartner(server, owner, {
      name: 'Zanzibar Spice Traders B.V.',
      cocNumber,
      vatNumber,
    })) as typeof partner;
    partner.cocNumber = cocNumber;
    partner.vatNumber = vatNumber;
    const otherCoc = uniqueCoc();
    other = {
      ...(await createPartner(server, otherOwner, {
        name: 'Quetzal Copper Works B.V.',
        cocNumber: otherCoc,
      })),
      cocNumber: otherCoc,
    };

    await document(owner, partner, 'COC_EXTRACT');
    const proof = await document(owner, partner, 'PROOF_OF_ADDRESS');
    const archived = await call(
      owner,
      'PATCH',
      `/api/documents/${proof.id}/status?status=ARCHIVED`,
    );
    expect(archived.statusCode, archived.body).toBe(200);

    kyc = await insertKycSubmission(server, {
      tradePartnerId: partner.id,
      steps: {
        coc: {
          // The other company's number, written loosely.
          cocNumber: `${other.cocNumber.slice(0, 4)} ${other.cocNumber.slice(4)}`,
          registeredName: 'Zanzibar Spice Traders B.V.',
          legalForm: 'BV',
          registrationDate: '2015-04-01',
          extractDate: dateYearsAgo(2),
        },
        // The company has no ID document, so the people name none.
        contacts: people(),
        addresses: { registered: { ...registered, postCode: '' } },
        'bank-and-vat': {
          iban: 'NL91ABNA0417164300',
          accountHolder: 'Zanzibar Spice Traders B.V.',
          vatNumber: 'NL100000008B01',
        },
        cdd: { ...cdd, pepDeclared: true, countriesOfOperation: ['NL', 'IR'] },
      },
    });
  });
  afterAll(() => server?.close());

  it('gives staff the findings, the completeness and the risk level', async () => {
    const response = await call(employee, 'GET', `/api/kyc/${kyc.id}/insights`);
    expect(response.statusCode, response.body).toBe(200);
    const insights = response.json() as Insights;
    expect(insights).toMatchObject({ kycId: kyc.id, riskLevel: 'HIGH' });
    expect(Date.parse(insights.computedAt)).not.toBeNaN();
    expect(kinds(insights)).toEqual([
      'COC_EXTRACT_OLD:HIGH:coc',
      'SEARCH_CONFLICT:HIGH:coc',
      'VAT_FORMAT_INVALID:HIGH:bank-and-vat',
      'PEP_DECLARED:HIGH:cdd',
      'HIGH_RISK_COUNTRY:HIGH:cdd',
      'COC_NUMBER_MISMATCH:MEDIUM:coc',
      'STEP_INCOMPLETE:MEDIUM:contacts',
      'DOCUMENT_MISSING:MEDIUM:contacts',
      'STEP_INCOMPLETE:MEDIUM:addresses',
      'ADDRESS_INCOMPLETE:MEDIUM:addresses',
      'DOCUMENT_MISSING:MEDIUM:addresses',
      // The invalid VAT number also keeps the step from being complete (as it would a submit).
      'STEP_INCOMPLETE:MEDIUM:bank-and-vat',
      'DOCUMENT_MISSING:MEDIUM:bank-and-vat',
    ]);
    expect(insights.summary).toEqual({ high: 5, medium: 8, low: 0, info: 0 });
    const conflict = insights.findings.find((f) => f.code === 'SEARCH_CONFLICT')!;
    expect(conflict.params).toEqual({
      kind: 'SHARED_COC',
      cocNumber: other.cocNumber,
      partnerName: 'Quetzal Copper Works B.V.',
      partnerUuid: other.uuid,
    });
    expect(insights.completeness).toEqual([
      { stepType: 'coc', complete: true, missing: [] },
      {
        stepType: 'contacts',
        complete: false,
        missing: ['people.0.idDocumentId', 'people.1.idDocumentId'],
      },
      { stepType: 'addresses', complete: false, missing: ['registered.postCode'] },
      { stepType: 'bank-and-vat', complete: false, missing: ['vatNumber'] },
      { stepType: 'cdd', complete: true, missing: [] },
      { stepType: 'insights', complete: true, missing: [] },
    ]);
  });

  it('answers the same by uuid', async () => {
    const [byId, byUuid] = await Promise.all([
      call(employee, 'GET', `/api/kyc/${kyc.id}/insights`),
      call(employee, 'GET', `/api/kyc/uuid/${kyc.uuid.toUpperCase()}/insights`),
    ]);
    expect(byUuid.statusCode, byUuid.body).toBe(200);
    expect(byUuid.json().findings).toEqual(byId.json().findings);
    expect(byUuid.json().kycId).toBe(kyc.id);
  });

  it('stores the risk level when it changes, without touching the version', async () => {
    await call(employee, 'GET', `/api/kyc/${kyc.id}/insights`);
    const before = await storedSubmission(kyc.id);
    expect(before.riskLevel).toBe('HIGH');

    await setStepData(server, kyc.id, 'coc', {
      cocNumber: partner.cocNumber,
      registeredName: 'Zanzibar Spice Traders B.V.',
      legalForm: 'BV',
      registrationDate: '2015-04-01',
      extractDate: today(),
    });
    await setStepData(server, kyc.id, 'bank-and-vat', {
      iban: 'NL91ABNA0417164300',
      accountHolder: 'Zanzibar Spice Traders B.V.',
      vatNumber: partner.vatNumber,
    });
    await setStepData(server, kyc.id, 'cdd', cdd);

    const response = await call(employee, 'GET', `/api/kyc/${kyc.id}/insights`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().riskLevel).toBe('MEDIUM');
    const after = await storedSubmission(kyc.id);
    expect(after.riskLevel).toBe('MEDIUM');
    expect(after.version).toBe(before.version);
    expect(after.updatedAt).toEqual(before.updatedAt);
  });

  it('is LOW for a complete file with its documents', async () => {
    const company = await createPartner(server, owner, { name: 'Okapi Timber Holding B.V.' });
    const ids: Record<string, number> = {};
    for (const type of ['COC_EXTRACT', 'ID_DOCUMENT', 'PROOF_OF_ADDRESS', 'BANK_STATEMENT']) {
      ids[type] = (await document(owner, company, type)).id;
    }
    const clean = await insertKycSubmission(server, {
      tradePartnerId: company.id,
      steps: {
        coc: {
          cocNumber: company.cocNumber,
          registeredName: company.name,
          legalForm: 'BV',
          registrationDate: '2001-09-12',
          extractDate: today(),
        },
        contacts: people(ids.ID_DOCUMENT),
        addresses: { registered },
        'bank-and-vat': { iban: 'DE89 3704 0044 0532 0130 00', accountHolder: company.name },
        cdd,
      },
    });
    const response = await call(employee, 'GET', `/api/kyc/uuid/${clean.uuid}/insights`);
    expect(response.statusCode, response.body).toBe(200);
    const insights = response.json() as Insights;
    expect(insights.riskLevel, kinds(insights).join('\n')).toBe('LOW');
    expect(insights.summary).toMatchObject({ high: 0, medium: 0 });
    expect(insights.completeness.every((step) => step.complete)).toBe(true);
    expect((await storedSubmission(clean.id)).riskLevel).toBe('LOW');
  });

  it('is for staff only', async () => {
    for (const url of [`/api/kyc/${kyc.id}/insights`, `/api/kyc/uuid/${kyc.uuid}/insights`]) {
      const partnerUser = await call(owner, 'GET', url);
      expect(partnerUser.statusCode, partnerUser.body).toBe(403);
      expect(partnerUser.json()).toMatchObject({ statusCode: 403, error: 'Forbidden' });
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
    }
  });

  it('is 404 for a submission that does not exist', async () => {
    const byId = await call(employee, 'GET', '/api/kyc/987654321/insights');
    expect(byId.statusCode).toBe(404);
    expect(byId.json().message).toBe('KYC submission with ID 987654321 not found.');
    const uuid = '3f2504e0-4f89-41d3-9a0c-0305e82c3301';
    const byUuid = await call(employee, 'GET', `/api/kyc/uuid/${uuid}/insights`);
    expect(byUuid.statusCode).toBe(404);
    expect(byUuid.json().message).toBe(`KYC submission with UUID ${uuid} not found.`);
  });

  it('is 400 for an id that is not a positive integer, or a uuid that is not one', async () => {
    for (const id of ['0', '-1', 'abc', '1.5']) {
      const response = await call(employee, 'GET', `/api/kyc/${id}/insights`);
      expect(response.statusCode, id).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    const response = await call(employee, 'GET', '/api/kyc/uuid/not-a-uuid/insights');
    expect(response.statusCode).toBe(400);
  });
});
