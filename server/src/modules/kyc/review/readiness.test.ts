import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets, startTestServer, type TestServer } from '#server/testing/harness.js';
import {
  fillKyc,
  forceKycState,
  freshKyc,
  kycCompany,
  kycWorld,
  moveTo,
  saveStepData,
  saveStepDraft,
  stepUrl,
  validStepData,
  type Kyc,
  type KycCompany,
  type KycWorld,
} from '#server/testing/kyc-fixtures.js';
import { caller, type Actor, type Caller } from '#server/testing/partners-fixtures.js';

describe.each(databaseTargets())(
  'KYC data collection: readiness, submitting, editability (%s)',
  (target) => {
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
    const submit = (kyc: Kyc, who: Actor) =>
      call(who, 'POST', `/api/kyc/${kyc.id}/status`, moveTo(who, 'SUBMITTED'));
    const readiness = async (kyc: Kyc, who: Actor | string = w.manager) =>
      (await call(who, 'GET', `/api/kyc/uuid/${kyc.uuid}/readiness`)).json();

    describe('submitting', () => {
      it('refuses an incomplete file with what is missing, and a draft does not count', async () => {
        const { company, kyc } = await freshKyc(server);
        const valid = validStepData(company.partner, 1);
        await saveStepData(server, company.editor, kyc, 'coc', { data: valid.coc });
        await putDraft(kyc, 'bank-and-vat', company.editor, valid['bank-and-vat']);

        const answer = await readiness(kyc, company.viewer);
        expect(answer.ready).toBe(false);
        expect(answer.missing).toEqual([
          {
            stepType: 'coc',
            kind: 'document',
            documentType: 'COC_EXTRACT',
            message: 'coc: a COC_EXTRACT document is required',
          },
          {
            stepType: 'contacts',
            kind: 'field',
            field: 'people',
            code: 'required',
            message: 'contacts: people is required',
          },
          expect.objectContaining({ stepType: 'contacts', kind: 'document' }),
          {
            stepType: 'addresses',
            kind: 'field',
            field: 'registered',
            code: 'required',
            message: 'addresses: registered is required',
          },
          expect.objectContaining({ stepType: 'addresses', kind: 'document' }),
          expect.objectContaining({ stepType: 'bank-and-vat', field: 'iban' }),
          expect.objectContaining({ stepType: 'bank-and-vat', field: 'accountHolder' }),
          {
            stepType: 'bank-and-vat',
            kind: 'document',
            documentType: 'BANK_STATEMENT',
            message: 'bank-and-vat: a BANK_STATEMENT document is required',
          },
          ...['businessActivity', 'countriesOfOperation', 'expectedMonthlyVolume'].map((field) =>
            expect.objectContaining({ stepType: 'cdd', field }),
          ),
          ...['sourceOfFunds', 'pepDeclared', 'sanctionsDeclared'].map((field) =>
            expect.objectContaining({ stepType: 'cdd', field }),
          ),
        ]);
        expect(await readiness(kyc)).toEqual(answer);

        // The drafts keep the file back too (decision 038): the company's address offered as a
        // draft (decision 028) and the bank step typed, with what is missing in the saved data.
        for (const who of [company.editor, w.employee]) {
          const refused = await submit(kyc, who);
          expect(refused.statusCode).toBe(409);
          expect(refused.json().details).toEqual({
            unsavedSteps: ['addresses', 'bank-and-vat'],
            missing: answer.missing,
          });
        }
        const file = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json();
        expect(file).toMatchObject({ status: 'DRAFT', version: kyc.version, submittedAt: null });
        const history = (await call(w.manager, 'GET', `/api/kyc/${kyc.id}/status`)).json();
        expect(history).toHaveLength(1);
      });

      it('lists an ID document that stopped being one, and submits a complete file', async () => {
        const { company, kyc } = await freshKyc(server);
        const { idDocumentId } = await fillKyc(server, company.editor, kyc, company.partner);
        expect(await readiness(kyc, company.owner)).toEqual({ ready: true, missing: [] });

        const archived = await call(
          company.owner,
          'PATCH',
          `/api/documents/${idDocumentId}/status?status=ARCHIVED`,
        );
        expect(archived.statusCode, archived.body).toBe(200);
        expect((await readiness(kyc)).missing).toEqual([
          ...[0, 1].map((index) => ({
            stepType: 'contacts',
            kind: 'field',
            field: `people.${index}.idDocumentId`,
            code: 'document',
            message: `contacts: people.${index}.idDocumentId is not an ID document of this company`,
          })),
          {
            stepType: 'contacts',
            kind: 'document',
            documentType: 'ID_DOCUMENT',
            message: 'contacts: a ID_DOCUMENT document is required',
          },
        ]);
        expect((await submit(kyc, company.editor)).statusCode).toBe(409);

        await call(company.owner, 'PATCH', `/api/documents/${idDocumentId}/status?status=ACTIVE`);
        const submitted = await submit(kyc, company.editor);
        expect(submitted.statusCode, submitted.body).toBe(201);
        expect((await call(w.manager, 'GET', `/api/kyc/${kyc.id}`)).json().status).toBe(
          'SUBMITTED',
        );
      });
    });

    describe('who may change what, when', () => {
      let company: KycCompany;
      let kyc: Kyc;
      let valid: ReturnType<typeof validStepData>;

      beforeAll(async () => {
        ({ company, kyc } = await freshKyc(server));
        const { idDocumentId } = await fillKyc(server, company.editor, kyc, company.partner);
        valid = validStepData(company.partner, idDocumentId);
      });

      it('lets a VIEWER read the readiness but change nothing (403)', async () => {
        const viewer = company.viewer;
        expect((await call(viewer, 'GET', `/api/kyc/${kyc.id}/readiness`)).statusCode).toBe(200);
        expect(
          (await saveStepData(server, viewer, kyc, 'coc', { data: valid.coc })).statusCode,
        ).toBe(403);
        expect((await putDraft(kyc, 'coc', viewer, {})).statusCode).toBe(403);
        expect(
          (await call(viewer, 'DELETE', stepUrl(kyc, 'coc', 'draft', viewer))).statusCode,
        ).toBe(403);
      });

      it('tells another company that the file does not exist, on every new call', async () => {
        const who = w.stranger;
        for (const base of [`/api/kyc/${kyc.id}`, `/api/kyc/uuid/${kyc.uuid}`]) {
          const answers = [
            await call(who, 'GET', `${base}/readiness`),
            await call(who, 'PUT', `${base}/steps/coc/data?userId=${who.userId}`, {
              data: valid.coc,
            }),
            await call(who, 'PUT', `${base}/steps/coc/draft?userId=${who.userId}`, { draft: {} }),
            await call(who, 'DELETE', `${base}/steps/coc/draft?userId=${who.userId}`),
            await call(who, 'PUT', `${base}/steps/insights/data?userId=${who.userId}`, {
              data: {},
            }),
          ];
          expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 404, 404]);
          expect(answers[0]!.json().message).toMatch(
            /^KYC submission with ID\/UUID .* not found\.$/,
          );
        }
      });

      it('lets staff save a step for the partner', async () => {
        const saved = await saveStepData(server, w.employee, kyc, 'cdd', { data: valid.cdd });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json().updatedBy.id).toBe(w.employee.userId);
      });

      it('runs the changes-requested round trip, showing what the partner changed', async () => {
        const locked = async (stepType: string, file: string, step: string) => {
          const message = `This step cannot be changed now: the file is ${file} and the step ${step}.`;
          const data = await saveStepData(server, company.editor, kyc, stepType, {
            data: valid[stepType as keyof typeof valid],
          });
          expect(data.statusCode, data.body).toBe(409);
          expect(data.json().message).toBe(message);
          expect(data.json().details.current).toMatchObject({ stepType, status: step });
          const draft = await putDraft(kyc, stepType, company.editor, { x: 1 });
          expect(draft.statusCode).toBe(409);
          expect(draft.json().message).toBe(message);
          const discard = await call(
            company.editor,
            'DELETE',
            stepUrl(kyc, stepType, 'draft', company.editor),
          );
          expect(discard.statusCode).toBe(409);
          expect((await getStep(kyc, stepType)).editable).toBe(false);
        };
        const setStep = (who: Actor, stepType: string, body: Record<string, unknown>) =>
          call(who, 'POST', stepUrl(kyc, stepType, 'status', who), body);

        expect((await submit(kyc, company.editor)).statusCode).toBe(201);
        await locked('bank-and-vat', 'SUBMITTED', 'IN_PROGRESS');
        const review = await call(
          w.employee,
          'POST',
          `/api/kyc/${kyc.id}/status`,
          moveTo(w.employee, 'IN_REVIEW'),
        );
        expect(review.statusCode).toBe(201);
        await locked('bank-and-vat', 'IN_REVIEW', 'IN_PROGRESS');

        expect((await setStep(w.manager, 'coc', { status: 'COMPLETED' })).json().status).toBe(
          'APPROVED',
        );
        expect((await setStep(w.employee, 'contacts', { status: 'COMPLETED' })).json().status).toBe(
          'WAITING_FOR_APPROVAL',
        );
        const sentBack = await setStep(w.employee, 'bank-and-vat', {
          status: 'CHANGES_REQUESTED',
          comment: 'This IBAN is not on the bank statement.',
        });
        expect(sentBack.statusCode, sentBack.body).toBe(200);
        expect(sentBack.json()).toMatchObject({ status: 'CHANGES_REQUESTED', changes: [] });
        expect(Date.parse(sentBack.json().reviewedAt)).not.toBeNaN();
        const back = await call(
          w.employee,
          'POST',
          `/api/kyc/${kyc.id}/status`,
          moveTo(w.employee, 'CHANGES_REQUESTED', { comment: 'See the bank step.' }),
        );
        expect(back.statusCode).toBe(201);

        // Back with the partner: only the steps not decided on may change.
        await locked('coc', 'CHANGES_REQUESTED', 'APPROVED');
        await locked('contacts', 'CHANGES_REQUESTED', 'WAITING_FOR_APPROVAL');
        const waiting = await readiness(kyc, company.editor);
        expect(waiting).toEqual({
          ready: false,
          missing: [
            {
              stepType: 'bank-and-vat',
              kind: 'changesRequested',
              message: 'bank-and-vat: the reviewer asked for changes',
            },
          ],
        });
        const early = await submit(kyc, company.editor);
        expect(early.statusCode).toBe(409);
        expect(early.json().details).toEqual({ missing: waiting.missing });

        const bank = await getStep(kyc, 'bank-and-vat', company.editor);
        expect(bank).toMatchObject({
          editable: true,
          comment: 'This IBAN is not on the bank statement.',
          changes: [],
        });
        const fixed = await saveStepData(server, company.editor, kyc, 'bank-and-vat', {
          data: { ...valid['bank-and-vat'], iban: 'DE89 3704 0044 0532 0130 00' },
          version: bank.version,
        });
        expect(fixed.statusCode, fixed.body).toBe(200);
        expect(fixed.json()).toMatchObject({
          status: 'IN_PROGRESS',
          changes: [
            { field: 'iban', before: 'NL91ABNA0417164300', after: 'DE89370400440532013000' },
          ],
        });
        expect(await readiness(kyc, company.editor)).toEqual({ ready: true, missing: [] });

        expect((await submit(kyc, company.editor)).statusCode).toBe(201);
        await call(
          w.employee,
          'POST',
          `/api/kyc/${kyc.id}/status`,
          moveTo(w.employee, 'IN_REVIEW'),
        );
        const reviewed = await getStep(kyc, 'bank-and-vat');
        expect(reviewed).toMatchObject({
          status: 'IN_PROGRESS',
          editable: false,
          changes: [
            { field: 'iban', before: 'NL91ABNA0417164300', after: 'DE89370400440532013000' },
          ],
        });
        // The reviewer's next decision is made on the new data: nothing changed since.
        const decided = await setStep(w.employee, 'bank-and-vat', { status: 'COMPLETED' });
        expect(decided.json()).toMatchObject({ status: 'WAITING_FOR_APPROVAL', changes: [] });
      });
    });

    describe('starting a file', () => {
      it('lets an owner start one for its company when none is open, again after a decision', async () => {
        const company = await kycCompany(server);
        const first = await call(company.owner, 'POST', '/api/kyc', {
          tradePartnerId: company.partner.id,
        });
        expect(first.statusCode, first.body).toBe(201);
        const open = await call(company.owner, 'POST', '/api/kyc/uuid', {
          tradePartnerUuid: company.partner.uuid,
        });
        expect(open.statusCode).toBe(409);
        await forceKycState(server, first.json().id, { status: 'APPROVED', steps: 'APPROVED' });
        const next = await call(company.owner, 'POST', '/api/kyc/uuid', {
          tradePartnerUuid: company.partner.uuid,
        });
        expect(next.statusCode, next.body).toBe(201);
        expect(next.json()).toMatchObject({ status: 'DRAFT', tradePartnerId: company.partner.id });
        expect(next.json().id).not.toBe(first.json().id);
        const steps = (await call(company.owner, 'GET', `/api/kyc/${next.json().id}/steps`)).json();
        expect(
          steps.map((s: { data: unknown; editable: boolean }) => [s.data, s.editable]),
        ).toEqual([...Array<unknown>(5).fill([{}, true]), [{}, false]]);
      });

      it('lets staff start one for any company, and hides a company from another', async () => {
        const company = await kycCompany(server);
        const staff = await call(w.manager, 'POST', '/api/kyc', {
          tradePartnerId: company.partner.id,
        });
        expect(staff.statusCode, staff.body).toBe(201);
        await forceKycState(server, staff.json().id, { status: 'CANCELLED' });
        const byId = await call(w.stranger, 'POST', '/api/kyc', {
          tradePartnerId: company.partner.id,
        });
        const byUuid = await call(w.stranger, 'POST', '/api/kyc/uuid', {
          tradePartnerUuid: company.partner.uuid,
        });
        expect([byId.statusCode, byUuid.statusCode]).toEqual([404, 404]);
      });
    });
  },
);
