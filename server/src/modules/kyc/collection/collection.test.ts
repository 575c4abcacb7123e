import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  createKyc,
  freshKyc,
  isoDaysAgo,
  kycWorld,
  saveStepData,
  saveStepDraft,
  stepUrl,
  uploadDocument,
  validStepData,
  type Kyc,
  type KycCompany,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import {
  address,
  caller,
  createPartner,
  signIn,
  uniqueCoc,
  type Actor,
  type Caller,
} from '#server/testing/partners-fixtures.js';

interface Detail {
  field: string;
  message: string;
  code: string;
}

describe.each(databaseTargets())('KYC data collection: saving steps and drafts (%s)', (target) => {
  let server: TestServer;
  let call: Caller;
  let w: KycWorld;

  beforeAll(async () => {
    server = await startTestServer(target);
    call = caller(server);
    w = await kycWorld(server);
  });
  afterAll(() => server.close());

  const getStep = async (kyc: Kyc, stepType: string, who: Actor | string = w.manager) =>
    (await call(who, 'GET', `/api/kyc/${kyc.id}/steps/${stepType}`)).json();
  const putDraft = (kyc: Kyc, stepType: string, who: Actor, draft: unknown) =>
    saveStepDraft(server, who, kyc, stepType, draft);
  const details = (response: { json(): { details: Detail[] } }) => response.json().details;

  describe('saving a step', () => {
    let company: KycCompany;
    let kyc: Kyc;
    let idDocumentId: number;
    let valid: ReturnType<typeof validStepData>;

    beforeAll(async () => {
      ({ company, kyc } = await freshKyc(server));
      idDocumentId = await uploadDocument(server, company.owner, company.partner, 'ID_DOCUMENT');
      valid = validStepData(company.partner, idDocumentId);
    });

    /** Saves `data` in `stepType` as the editor and answers the 400's details. */
    const refused = async (stepType: string, data: Record<string, unknown>) => {
      const response = await saveStepData(server, company.editor, kyc, stepType, { data });
      expect(response.statusCode, response.body).toBe(400);
      const first = details(response)[0]!;
      expect(response.json().message).toBe(`${first.field}: ${first.message}`);
      return details(response);
    };

    it('presents a fresh step as editable, with no draft, review or changes', async () => {
      expect(await getStep(kyc, 'contacts', company.viewer)).toMatchObject({
        status: 'PENDING',
        data: {},
        draft: null,
        draftSavedAt: null,
        reviewedAt: null,
        changes: [],
        editable: true,
      });
      expect((await getStep(kyc, 'insights')).editable).toBe(false);
    });

    it('refuses the insights step, which has no form (400)', async () => {
      for (const what of ['data', 'draft']) {
        const body = what === 'data' ? { data: {} } : { draft: {} };
        const response = await call(
          company.editor,
          'PUT',
          stepUrl(kyc, 'insights', what, company.editor),
          body,
        );
        expect(response.statusCode, what).toBe(400);
        expect(response.json().message).toBe('stepType: insights has no form data');
      }
    });

    it('names the missing body and refuses data that is not an object', async () => {
      const none = await call(company.editor, 'PUT', stepUrl(kyc, 'coc', 'data', company.editor), {
        version: 1,
      });
      expect(none.json().message).toBe(
        'Required parameter data was null or undefined when calling saveKycStepData.',
      );
      const array = await call(company.editor, 'PUT', stepUrl(kyc, 'coc', 'data', company.editor), {
        data: [1],
      });
      expect(array.statusCode).toBe(400);
      expect(array.json().message).toBe('body.data: must be an object');
    });

    it('checks the CoC step: every field, and no dates in the future', async () => {
      expect(
        await refused('coc', { ...valid.coc, legalForm: ' ', extractDate: isoDaysAgo(-2) }),
      ).toEqual([
        { field: 'data.legalForm', message: 'is required', code: 'required' },
        { field: 'data.extractDate', message: 'cannot lie in the future', code: 'futureDate' },
      ]);
      expect(await refused('coc', { ...valid.coc, registrationDate: '2021-02-30' })).toEqual([
        {
          field: 'data.registrationDate',
          message: 'must be a date written YYYY-MM-DD',
          code: 'date',
        },
      ]);
    });

    it('checks the contacts: a UBO needs a share, the shares at most 100, real countries', async () => {
      const [director, ubo] = valid.contacts.people as Record<string, unknown>[];
      expect(
        await refused('contacts', {
          people: [director, { ...ubo, ownershipPercentage: undefined }],
        }),
      ).toEqual([
        {
          field: 'data.people.1.ownershipPercentage',
          message: 'is required for an ultimate beneficial owner',
          code: 'uboOwnership',
        },
      ]);
      expect(
        await refused('contacts', {
          people: [
            { ...director, ownershipPercentage: 50 },
            { ...ubo, ownershipPercentage: 60 },
          ],
        }),
      ).toEqual([
        {
          field: 'data.people',
          message: 'the ownership percentages together exceed 100',
          code: 'ownershipTotal',
        },
      ]);
      expect(await refused('contacts', { people: [{ ...ubo, nationality: 'XX' }] })).toEqual([
        {
          field: 'data.people.0.nationality',
          message: 'must be an ISO 3166-1 alpha-2 country code',
          code: 'country',
        },
      ]);
      expect(await refused('contacts', { people: [] })).toEqual([
        { field: 'data.people', message: 'is required', code: 'required' },
      ]);
    });

    it('checks the addresses: the registered one is required, countries must exist', async () => {
      expect(await refused('addresses', {})).toEqual([
        { field: 'data.registered', message: 'is required', code: 'required' },
      ]);
      const registered = valid.addresses.registered as Record<string, unknown>;
      expect(
        await refused('addresses', { registered, operating: { ...registered, country: 'ZZ' } }),
      ).toEqual([
        {
          field: 'data.operating.country',
          message: 'must be an ISO 3166-1 alpha-2 country code',
          code: 'country',
        },
      ]);
    });

    it('checks the bank and VAT step: the IBAN checksum and the VAT number', async () => {
      expect(
        await refused('bank-and-vat', {
          ...valid['bank-and-vat'],
          iban: 'NL91ABNA0417164301',
          vatNumber: 'NL123',
        }),
      ).toEqual([
        { field: 'data.iban', message: 'is not a valid IBAN', code: 'iban' },
        { field: 'data.vatNumber', message: 'is not a valid VAT number', code: 'vat' },
      ]);
    });

    it('checks the CDD step', async () => {
      expect(
        await refused('cdd', {
          ...valid.cdd,
          countriesOfOperation: ['NL', 'Narnia'],
          expectedMonthlyVolume: -5,
          pepDeclared: undefined,
        }),
      ).toEqual([
        {
          field: 'data.countriesOfOperation.1',
          message: 'must be an ISO 3166-1 alpha-2 country code',
          code: 'country',
        },
        {
          field: 'data.expectedMonthlyVolume',
          message: 'must be an amount of 0 or more',
          code: 'amount',
        },
        { field: 'data.pepDeclared', message: 'is required', code: 'required' },
      ]);
    });

    it('stores the data normalised: IBAN electronic, VAT without separators, text trimmed', async () => {
      const vat = String(company.partner.vatNumber);
      const response = await saveStepData(server, company.editor, kyc, 'bank-and-vat', {
        data: {
          iban: ' nl91 abna 0417 1643 00 ',
          accountHolder: '  Acme Trading B.V. ',
          vatNumber: `${vat.slice(0, 2).toLowerCase()} ${vat.slice(2, 6)}.${vat.slice(6)}`,
          unknownField: 'dropped',
        },
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = {
        iban: 'NL91ABNA0417164300',
        accountHolder: 'Acme Trading B.V.',
        vatNumber: vat,
      };
      expect(response.json()).toMatchObject({
        status: 'IN_PROGRESS',
        version: 2,
        data: expected,
        updatedBy: { id: company.editor.userId },
      });
      expect((await getStep(kyc, 'bank-and-vat')).data).toEqual(expected);
    });

    it('refuses an ID document of another company, or one that is not an active ID document', async () => {
      const foreign = await uploadDocument(server, w.stranger, w.strangerPartner, 'ID_DOCUMENT');
      const notAnId = await uploadDocument(server, company.owner, company.partner, 'COC_EXTRACT');
      const [director, ubo] = valid.contacts.people as Record<string, unknown>[];
      const problem = (index: number) => ({
        field: `data.people.${index}.idDocumentId`,
        message: 'is not an ID document of this company',
        code: 'document',
      });
      expect(
        await refused('contacts', {
          people: [
            { ...director, idDocumentId: foreign },
            { ...ubo, idDocumentId: notAnId },
          ],
        }),
      ).toEqual([problem(0), problem(1)]);
      expect(
        await refused('contacts', { people: [{ ...director, idDocumentId: 987654321 }] }),
      ).toEqual([problem(0)]);
      // Reported with the other issues, not after them.
      expect(
        await refused('contacts', {
          people: [{ ...director, lastName: '', idDocumentId: foreign }],
        }),
      ).toEqual([
        { field: 'data.people.0.lastName', message: 'is required', code: 'required' },
        problem(0),
      ]);
      const saved = await saveStepData(server, company.editor, kyc, 'contacts', {
        data: valid.contacts,
      });
      expect(saved.statusCode, saved.body).toBe(200);
    });

    it('answers 409 with the current step for a stale version', async () => {
      const current = await getStep(kyc, 'coc');
      const stale = await saveStepData(server, company.editor, kyc, 'coc', {
        data: valid.coc,
        version: current.version + 1,
      });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().message).toBe(
        'The step was changed by someone else; reload and try again.',
      );
      expect(stale.json().details.current).toMatchObject({
        stepType: 'coc',
        version: current.version,
      });
      const [a, b] = await Promise.all(
        [company.editor, company.owner].map((who) =>
          saveStepData(server, who, kyc, 'coc', { data: valid.coc, version: current.version }),
        ),
      );
      expect([a!.statusCode, b!.statusCode].sort()).toEqual([200, 409]);
      expect((await getStep(kyc, 'coc')).version).toBe(current.version + 1);
    });

    it('writes one audit event per save, naming the changed fields, not their values', async () => {
      const audit = async () =>
        (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json() as {
          action: string;
          entity: string;
          stepType: string;
          from: string;
          to: string;
          details: Record<string, unknown>;
          user: { id: number };
        }[];
      const before = await getStep(kyc, 'addresses');
      const first = await saveStepData(server, company.admin, kyc, 'addresses', {
        data: valid.addresses,
      });
      expect(first.statusCode, first.body).toBe(200);
      const registered = valid.addresses.registered as Record<string, unknown>;
      const second = await saveStepData(server, company.admin, kyc, 'addresses', {
        data: { registered: { ...registered, city: 'Amersfoort', postCode: '3811 AA' } },
      });
      expect(second.statusCode, second.body).toBe(200);
      const events = (await audit()).filter((e) => e.stepType === 'addresses');
      expect(events).toEqual([
        expect.objectContaining({
          entity: 'step',
          action: 'step_data_saved',
          from: 'PENDING',
          to: 'IN_PROGRESS',
          user: expect.objectContaining({ id: company.admin.userId }),
          details: {
            changedFields: expect.arrayContaining([
              'registered.street',
              'registered.houseNumber',
              'registered.postCode',
              'registered.city',
              'registered.country',
            ]),
            version: before.version + 1,
            previousVersion: before.version,
          },
        }),
        expect.objectContaining({
          action: 'step_data_saved',
          from: 'IN_PROGRESS',
          to: 'IN_PROGRESS',
          details: {
            changedFields: expect.arrayContaining(['registered.postCode', 'registered.city']),
            version: before.version + 2,
            previousVersion: before.version + 1,
          },
        }),
      ]);
      expect(events[1]!.details.changedFields).toHaveLength(2);
      expect(JSON.stringify(events)).not.toContain('Amersfoort');
      // A refused save writes nothing.
      await refused('addresses', {});
      expect((await audit()).filter((e) => e.stepType === 'addresses')).toHaveLength(2);
    });
  });

  describe('what the company told us at onboarding (issue 18, points 5 and 6)', () => {
    it("starts a new file with the company's CoC number, name, legal form and addresses as drafts", async () => {
      const owner = await signIn(server, 'owner', ['OWNER']);
      const coc = uniqueCoc();
      const partner = await createPartner(server, owner, {
        name: 'Prefill Handel B.V.',
        legalForm: 'B.V.',
        cocNumber: coc,
        address: { ...address, type: 'REGISTERED' },
      });
      const operating = {
        type: 'OPERATING',
        country: 'BE',
        city: 'Antwerpen',
        street: 'Meir',
        houseNumber: '1',
        postCode: '2000',
      };
      const added = await call(
        owner,
        'POST',
        `/api/partners/uuid/${partner.uuid}/addresses`,
        operating,
      );
      expect(added.statusCode, added.body).toBe(201);
      const kyc = await createKyc(server, owner, partner);

      const cocStep = await getStep(kyc, 'coc', owner);
      expect(cocStep).toMatchObject({
        status: 'PENDING',
        data: {},
        draft: { cocNumber: coc, registeredName: 'Prefill Handel B.V.', legalForm: 'B.V.' },
      });
      expect(Date.parse(cocStep.draftSavedAt)).not.toBeNaN();
      const fields = ({ street, houseNumber, postCode, city, country }: typeof operating) => ({
        street,
        houseNumber,
        postCode,
        city,
        country,
      });
      expect(await getStep(kyc, 'addresses', owner)).toMatchObject({
        status: 'PENDING',
        data: {},
        draft: { registered: fields(address), operating: fields(operating) },
      });
      expect((await getStep(kyc, 'contacts', owner)).draft).toBeNull();
    });

    it('leaves out what the company did not tell', async () => {
      const owner = await signIn(server, 'owner', ['OWNER']);
      const partner = await createPartner(server, owner, {
        cocNumber: null,
        legalForm: null,
        address: undefined,
      });
      const kyc = await createKyc(server, owner, partner);
      expect((await getStep(kyc, 'coc', owner)).draft).toEqual({ registeredName: partner.name });
      expect((await getStep(kyc, 'addresses', owner)).draft).toBeNull();
    });

    it('refuses a Dutch CoC number or post code in the wrong form, with the field and reason', async () => {
      const { company, kyc } = await freshKyc(server);
      const coc = await saveStepData(server, company.editor, kyc, 'coc', {
        data: { ...validStepData(company.partner, 1).coc, cocNumber: '12' },
      });
      expect(coc.statusCode, coc.body).toBe(400);
      expect(details(coc)).toEqual([
        {
          field: 'data.cocNumber',
          code: 'cocNumber',
          message: "is not a CoC number of the company's country of registration",
        },
      ]);
      const registered = validStepData(company.partner, 1).addresses.registered as object;
      const post = await saveStepData(server, company.editor, kyc, 'addresses', {
        data: { registered: { ...registered, postCode: 'XXXXXX' } },
      });
      expect(post.statusCode, post.body).toBe(400);
      expect(details(post)).toEqual([
        {
          field: 'data.registered.postCode',
          code: 'postCode',
          message: 'is not a post code of the country',
        },
      ]);
    });
  });

  it("counts a CoC number as missing once the company's country no longer takes it", async () => {
    const owner = await signIn(server, 'owner', ['OWNER']);
    const partner = await createPartner(server, owner, {
      country: 'DE',
      vatNumber: null,
      address: { ...address, country: 'DE', postCode: '80802', city: 'München' },
    });
    const kyc = await createKyc(server, owner, partner);
    const coc = { ...validStepData(partner, 1).coc, cocNumber: 'HRB 12345' };
    const saved = await saveStepData(server, owner, kyc, 'coc', { data: coc });
    expect(saved.statusCode, saved.body).toBe(200);
    const moved = await call(owner, 'PATCH', `/api/partners/uuid/${partner.uuid}`, {
      country: 'NL',
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const readiness = (await call(owner, 'GET', `/api/kyc/${kyc.id}/readiness`)).json();
    expect(readiness.missing).toContainEqual(
      expect.objectContaining({ stepType: 'coc', field: 'cocNumber', code: 'cocNumber' }),
    );
  });

  describe('drafts', () => {
    let company: KycCompany;
    let kyc: Kyc;

    beforeAll(async () => {
      ({ company, kyc } = await freshKyc(server));
    });

    it('keeps a draft across sign-out, without a version, a status change or an audit event', async () => {
      const draft = { iban: 'NL91 ABNA', accountHolder: '', note: { half: true } };
      const before = await getStep(kyc, 'bank-and-vat');
      const saved = await putDraft(kyc, 'bank-and-vat', company.editor, draft);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({
        draft,
        status: 'PENDING',
        version: before.version,
        updatedAt: before.updatedAt,
        data: {},
      });
      expect(Date.parse(saved.json().draftSavedAt)).not.toBeNaN();

      // Signed in again (a new token for the same person), on another device.
      const again = await server.token(company.editor.claims);
      const read = await getStep(kyc, 'bank-and-vat', again);
      expect(read).toMatchObject({ draft, draftSavedAt: saved.json().draftSavedAt });
      const audit = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/audit`)).json();
      expect(audit.map((e: { action: string }) => e.action)).toEqual(['created']);
    });

    it('refuses a draft over 64 KiB, and one that is not an object', async () => {
      const big = await putDraft(kyc, 'cdd', company.editor, {
        businessActivity: 'x'.repeat(64 * 1024),
      });
      expect(big.statusCode).toBe(400);
      expect(big.json()).toMatchObject({
        message: 'draft: is larger than 64 KiB',
        details: [{ field: 'draft', message: 'is larger than 64 KiB' }],
      });
      const fits = await putDraft(kyc, 'cdd', company.editor, {
        businessActivity: 'x'.repeat(60 * 1024),
      });
      expect(fits.statusCode).toBe(200);
      const text = await putDraft(kyc, 'cdd', company.editor, 'text');
      expect(text.statusCode).toBe(400);
      expect(text.json().message).toBe('body.draft: must be an object');
    });

    it('discards a draft on DELETE (204) and when the data is saved', async () => {
      const removed = await call(
        company.owner,
        'DELETE',
        stepUrl(kyc, 'cdd', 'draft', company.owner),
      );
      expect(removed.statusCode).toBe(204);
      expect(await getStep(kyc, 'cdd')).toMatchObject({ draft: null, draftSavedAt: null });

      await putDraft(kyc, 'addresses', company.editor, { registered: { city: 'Utr' } });
      const data = validStepData(company.partner, 1).addresses;
      const saved = await saveStepData(server, company.editor, kyc, 'addresses', { data });
      expect(saved.json()).toMatchObject({ draft: null, draftSavedAt: null, data });
    });
  });
});
