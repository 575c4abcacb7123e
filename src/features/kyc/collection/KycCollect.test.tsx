import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { tradePartnerSchema } from '@common/partners';
import de from '../../../../public/assets/i18n/de.json';
import fr from '../../../../public/assets/i18n/fr.json';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { sessionStarted } from '@/session/authSlice';
import { http, HttpResponse } from 'msw';
import { cocExtract } from '../../../../tests/data/documents';
import { draftKey } from '@/features/kyc/collection/cocCheckSlice';
import { KycDetailPage } from '@/features/kyc/KycDetailPage';
import {
  eva,
  mockKycApi,
  partnerUuid,
  refusal,
  requestJson,
  stepsJson,
  submissionJson,
} from '../../../../tests/data/kyc';
import { DRAFT_AUTOSAVE_MS } from '@/kyc-forms/useAutosave';
import { partnerJson } from '../../../../tests/data/partners';
import { loadUserTradePartners } from '@/session/tradePartnerSlice';
import { fetchUser } from '@/session/userSlice';
import { markDeVries } from '../../../../tests/msw-handlers';
import { server } from '../../../../tests/msw-server';
import { makeStore, markToken, renderWithProviders } from '../../../../tests/render-with-providers';

const OWNER_ID = 30;

/** The company's owner opens file 12, which is with them (DRAFT unless said otherwise). */
function renderAsOwner(accessLevel = 'OWNER') {
  const store = makeStore();
  store.dispatch(sessionStarted({ ...markToken, roles: ['OWNER'] }));
  store.dispatch(
    fetchUser.fulfilled({ ...markDeVries, id: OWNER_ID, roles: ['OWNER'] }, 't', 'kc'),
  );
  const partner = tradePartnerSchema.parse(
    partnerJson({ uuid: partnerUuid, role: 'OWNER', accessLevel }),
  );
  store.dispatch(loadUserTradePartners.fulfilled([partner], 'test'));
  const router = createMemoryRouter(
    [
      { path: '/kyc/:kycId', element: <KycDetailPage /> },
      { path: '/partners/:partnerId', element: <p>Partner</p> },
    ],
    { initialEntries: ['/kyc/12'] },
  );
  renderWithProviders(<RouterProvider router={router} />, { store });
  return store;
}

const editable = (overrides: Record<string, unknown> = {}) =>
  stepsJson().map((step) => ({ ...step, editable: step.stepType !== 'insights', ...overrides }));

const region = (name: string) => screen.findByRole('region', { name });
const dataPuts = <T extends { path: string }>(bodies: T[]) =>
  bodies.filter(({ path }) => /\/steps\/[\w-]+\/data/.test(path));

/**
 * A draft file whose step 5 was saved as 'Wholesale of metals' and then changed to 'Retail of
 * textiles' without saving; the paths of the draft's DELETEs are collected.
 */
function cddWithUnsavedDraft(): string[] {
  mockKycApi({
    submission: submissionJson({ status: 'DRAFT' }),
    steps: editable().map((step) =>
      step.stepType === 'cdd'
        ? {
            ...step,
            status: 'IN_PROGRESS',
            data: { businessActivity: 'Wholesale of metals' },
            draft: { businessActivity: 'Retail of textiles' },
            draftSavedAt: '2025-06-04T21:38:00.000Z',
          }
        : step,
    ),
  });
  const discarded: string[] = [];
  server.use(
    http.delete('/api/kyc/:id/steps/:stepType/draft', ({ request }) => {
      discarded.push(new URL(request.url).pathname);
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return discarded;
}

describe('KycDetailPage, the partner filling in a file', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows a form for each step the partner may change, read-only data for the others', async () => {
    mockKycApi({
      submission: submissionJson({ status: 'DRAFT' }),
      steps: editable().map((step) =>
        step.stepType === 'contacts'
          ? { ...step, status: 'APPROVED', editable: false, data: { people: [] } }
          : step.stepType === 'coc'
            ? { ...step, data: { cocNumber: '87654321' } }
            : step,
      ),
    });
    renderAsOwner();

    const coc = await region('Chamber of Commerce');
    expect(await within(coc).findByRole('textbox', { name: /CoC number/ })).toHaveValue('87654321');
    expect(within(coc).getByRole('button', { name: 'Save step' })).toBeInTheDocument();
    const contacts = await region('Contacts');
    expect(within(contacts).queryByRole('button', { name: 'Save step' })).not.toBeInTheDocument();
    // Steps at a glance, then the summary.
    const nav = screen.getByRole('navigation', { name: 'Steps at a glance' });
    expect(within(nav).getByRole('link', { name: /Chamber of Commerce/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Summary', level: 3 })).toBeInTheDocument();
  });

  it('drops the draft when the form is typed back to what is saved: nothing is left to save', async () => {
    const discarded = cddWithUnsavedDraft();
    renderAsOwner();
    const summary = await region('Summary');
    await within(summary).findByText(/has changes that are not saved/);

    const cdd = await region('Customer due diligence');
    const activity = within(cdd).getByRole('textbox', { name: /Business activity/ });
    fireEvent.change(activity, { target: { value: 'Wholesale of metals' } });

    await waitFor(() => expect(discarded).toEqual(['/api/kyc/12/steps/cdd/draft']));
    await waitFor(() =>
      expect(within(summary).queryByText(/has changes that are not saved/)).toBeNull(),
    );
    expect(within(summary).getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  });

  it('starts from the server draft and autosaves a change once the typing pauses (1 s)', async () => {
    const api = mockKycApi({
      submission: submissionJson({ status: 'DRAFT' }),
      steps: editable().map((step) =>
        step.stepType === 'bank-and-vat'
          ? {
              ...step,
              data: { iban: 'NL91ABNA0417164300', accountHolder: 'Saved' },
              draft: { accountHolder: 'From the draft' },
              draftSavedAt: '2025-06-04T08:05:00.000Z',
            }
          : step,
      ),
    });
    const store = renderAsOwner();
    const bank = await region('Bank and VAT');
    const holder = await within(bank).findByRole('textbox', { name: /Account holder/ });
    // The draft wins over the saved data.
    expect(holder).toHaveValue('From the draft');
    expect(within(bank).getByText(/^Draft saved \d\d:\d\d$/)).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(holder, { target: { value: 'Van Dijk' } });
    // Kept in the browser at once, under the file and the step...
    expect(store.getState().cocCheck.drafts[12]?.['bank-and-vat']).toMatchObject({
      value: { accountHolder: 'Van Dijk' },
      syncedAt: null,
    });
    const save = () => store.getState().cocCheck.draftSaves[draftKey(12, 'bank-and-vat')];
    act(() => vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS - 1));
    fireEvent.change(holder, { target: { value: 'Van Dijk Logistics' } });
    act(() => vi.advanceTimersByTime(DRAFT_AUTOSAVE_MS - 1));
    // ...and on the server only once the typing has paused for a second.
    expect(save()).toBeUndefined();
    act(() => vi.advanceTimersByTime(1));
    expect(save()?.status).toBe('loading');
    expect(within(bank).getByText('Saving…')).toBeInTheDocument();
    vi.useRealTimers();

    await waitFor(() => expect(save()?.status).toBe('succeeded'));
    const drafts = api.bodies.filter(({ path }) => path.includes('/draft'));
    expect(drafts).toEqual([
      {
        path: `/api/kyc/12/steps/bank-and-vat/draft?userId=${OWNER_ID}`,
        body: { draft: { accountHolder: 'Van Dijk Logistics' } },
      },
    ]);
    expect(store.getState().cocCheck.drafts[12]?.['bank-and-vat']?.syncedAt).toBe(
      '2025-06-04T09:15:00.000Z',
    );
    expect(within(bank).getByText(/^Draft saved \d\d:\d\d$/)).toBeInTheDocument();
  });

  it("checks a step before sending it: the step's issues, and no request", async () => {
    const api = mockKycApi({ submission: submissionJson({ status: 'DRAFT' }), steps: editable() });
    renderAsOwner();
    const bank = await region('Bank and VAT');
    await userEvent.click(await within(bank).findByRole('button', { name: 'Save step' }));

    expect(within(bank).getByRole('alert')).toHaveTextContent(
      'The step is not saved: some fields need attention.',
    );
    expect(within(bank).getAllByText('This field is required.').length).toBeGreaterThan(0);
    expect(dataPuts(api.bodies)).toEqual([]);
  });

  it("shows the server's refusal (400) next to the fields it names", async () => {
    const api = mockKycApi({
      submission: submissionJson({ status: 'DRAFT' }),
      steps: editable(),
      dataAnswer: () =>
        refusal(400, 'data.iban: is not a valid IBAN', [
          { field: 'data.iban', message: 'is not a valid IBAN', code: 'iban' },
        ]),
    });
    renderAsOwner();
    const bank = await region('Bank and VAT');
    fireEvent.change(await within(bank).findByRole('textbox', { name: /IBAN/ }), {
      target: { value: 'NL91ABNA0417164300' },
    });
    fireEvent.change(within(bank).getByRole('textbox', { name: /Account holder/ }), {
      target: { value: 'Van Dijk' },
    });
    await userEvent.click(within(bank).getByRole('button', { name: 'Save step' }));

    expect(await within(bank).findByText('This is not a valid IBAN.')).toBeInTheDocument();
    expect(within(bank).getByRole('alert')).toHaveTextContent(
      'The step is not saved: data.iban: is not a valid IBAN',
    );
    expect(dataPuts(api.bodies)).toEqual([
      {
        path: `/api/kyc/12/steps/bank-and-vat/data?userId=${OWNER_ID}`,
        body: { data: { iban: 'NL91ABNA0417164300', accountHolder: 'Van Dijk' }, version: 1 },
      },
    ]);
  });

  it('saves a valid step: a toast, the draft gone, the steps and what is missing read again', async () => {
    const api = mockKycApi({ submission: submissionJson({ status: 'DRAFT' }), steps: editable() });
    const store = renderAsOwner();
    const bank = await region('Bank and VAT');
    fireEvent.change(await within(bank).findByRole('textbox', { name: /IBAN/ }), {
      target: { value: 'NL91ABNA0417164300' },
    });
    fireEvent.change(within(bank).getByRole('textbox', { name: /Account holder/ }), {
      target: { value: 'Van Dijk' },
    });
    const readinessReads = () =>
      api.requests.filter((request) => request.endsWith('/readiness')).length;
    await waitFor(() => expect(readinessReads()).toBe(1));
    await userEvent.click(within(bank).getByRole('button', { name: 'Save step' }));

    await waitFor(() =>
      expect(store.getState().notifications.items).toContainEqual(
        expect.objectContaining({
          type: 'success',
          title: 'kyc.collect.notices.saved.title',
          values: { step: 'Bank and VAT' },
        }),
      ),
    );
    expect(store.getState().cocCheck.drafts[12]?.['bank-and-vat']).toBeUndefined();
    await waitFor(() => expect(readinessReads()).toBe(2));
    expect(await within(bank).findByRole('textbox', { name: /IBAN/ })).toBeInTheDocument();
  });

  it("shows the reviewer's request at the top of a step sent back, and marks it in the list", async () => {
    mockKycApi({
      submission: submissionJson({
        status: 'CHANGES_REQUESTED',
        steps: stepsJson().map(({ stepType }) => ({
          stepType,
          status: stepType === 'coc' ? 'CHANGES_REQUESTED' : 'IN_PROGRESS',
        })),
      }),
      steps: editable().map((step) =>
        step.stepType === 'coc'
          ? {
              ...step,
              status: 'CHANGES_REQUESTED',
              comment: 'Upload an extract of this year.',
              commentVisibility: 'shared',
              request: requestJson('CHANGES_REQUESTED', 'Upload an extract of this year.'),
              updatedBy: eva,
              reviewedAt: '2025-06-03T09:40:00.000Z',
            }
          : step,
      ),
      // As the server reads it: the open request is what stops a resubmission.
      readiness: {
        ready: false,
        missing: [
          {
            stepType: 'coc',
            kind: 'changesRequested',
            message: 'coc: the reviewer asked for changes',
          },
        ],
      },
    });
    renderAsOwner();

    const coc = await region('Chamber of Commerce');
    const request = await within(coc).findByText('Changes requested by the reviewer');
    const alert = request.closest('.alert') as HTMLElement;
    expect(alert).toHaveTextContent('Upload an extract of this year.');
    expect(alert).toHaveTextContent('Asked by Eva Jansen, 03.06.2025');
    const nav = screen.getByRole('navigation', { name: 'Steps at a glance' });
    expect(within(nav).getByRole('link', { name: /Chamber of Commerce/ })).toHaveTextContent(
      'Changes requested',
    );
    // Sent back: the summary offers to resubmit.
    expect(await screen.findByRole('button', { name: 'Resubmit' })).toBeInTheDocument();
  });

  it('saves a rejected step after a document answered its request, on the version that made', async () => {
    const asked = 'CoC extract older than 6 months.';
    const api = mockKycApi({
      submission: submissionJson({ status: 'CHANGES_REQUESTED' }),
      steps: editable().map((step) =>
        step.stepType === 'coc'
          ? {
              ...step,
              status: 'REJECTED',
              request: requestJson('REJECTED', asked),
              data: {
                cocNumber: '12345678',
                registeredName: 'Van Dijk Logistics B.V.',
                legalForm: 'B.V.',
                registrationDate: '2011-03-14',
                extractDate: '2025-05-20',
              },
            }
          : step,
      ),
    });
    // As the server does: the upload answers the request, which changes the step.
    server.use(
      http.post('/api/documents', () => {
        api.changeStep('coc', 'REJECTED', asked);
        return HttpResponse.json(cocExtract(), { status: 201 });
      }),
    );
    renderAsOwner();
    const user = userEvent.setup();
    const coc = await region('Chamber of Commerce');
    const before = stepsJson().find((step) => step.stepType === 'coc')!.version;
    await user.upload(
      await within(coc).findByLabelText('Upload a document'),
      new File(['%PDF-1.4'], 'extract-2026.pdf', { type: 'application/pdf' }),
    );
    await waitFor(() =>
      expect(api.requests.filter((request) => request.endsWith('/steps'))).toHaveLength(2),
    );
    await user.click(within(coc).getByRole('button', { name: 'Save step' }));

    await waitFor(() => expect(dataPuts(api.bodies)).toHaveLength(1));
    expect(dataPuts(api.bodies)[0]!.body).toMatchObject({ version: before + 1 });
  });

  it('lists what is missing, step by step, and offers to submit only once nothing is', async () => {
    mockKycApi({
      submission: submissionJson({ status: 'DRAFT' }),
      steps: editable(),
      readiness: {
        ready: false,
        missing: [
          {
            stepType: 'coc',
            kind: 'field',
            field: 'registeredName',
            code: 'required',
            message: 'coc: registeredName is required',
          },
          {
            stepType: 'bank-and-vat',
            kind: 'document',
            documentType: 'BANK_STATEMENT',
            message: 'bank-and-vat: a BANK_STATEMENT document is required',
          },
        ],
      },
    });
    renderAsOwner();

    const summary = await region('Summary');
    expect(
      await within(summary).findByText('Registered name: This field is required.'),
    ).toBeInTheDocument();
    expect(within(summary).getByText('Document required: Bank statement')).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Bank and VAT' })).toHaveAttribute(
      'href',
      '#kyc-step-bank-and-vat',
    );
    expect(within(summary).getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  });

  it('submits after confirmation; the file then shows its new status, read-only', async () => {
    const api = mockKycApi({ submission: submissionJson({ status: 'DRAFT' }), steps: editable() });
    renderAsOwner();

    const summary = await region('Summary');
    await within(summary).findByText(
      'Every step is complete: the file can be submitted for review.',
    );
    await userEvent.click(within(summary).getByRole('button', { name: 'Submit for review' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit for review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for review' }));

    await waitFor(() =>
      expect(api.bodies).toContainEqual({
        path: '/api/kyc/12/status',
        body: {
          status: 'SUBMITTED',
          userId: OWNER_ID,
          comment: null,
          isCompliant: null,
          version: 3,
        },
      }),
    );
    const header = screen.getByRole('heading', { level: 1 }).closest('.app-page-header')!;
    expect(await within(header as HTMLElement).findByText('Submitted')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Save step' })).not.toBeInTheDocument(),
    );
    // The summary stays, saying where the file is; every step reads as under review (issue 18).
    const after = await region('Summary');
    expect(within(after).getByText(/the reviewers are checking the file/)).toBeInTheDocument();
    expect(within(after).queryByRole('button', { name: 'Submit for review' })).toBeNull();
    expect(within(after).getByText('6 of 6 steps complete')).toBeInTheDocument();
    expect(within(await region('Chamber of Commerce')).getByText('Under review')).toBeVisible();
  });

  it('names a step whose changes are not saved, and offers to submit once they are discarded', async () => {
    const discarded = cddWithUnsavedDraft();
    renderAsOwner();

    // The saved data is complete, but what was typed last is not saved: no submit yet.
    const summary = await region('Summary');
    const named = await within(summary).findByRole('link', {
      name: 'Step 5, Customer due diligence, has changes that are not saved: save or discard them.',
    });
    expect(named).toHaveAttribute('href', '#kyc-step-cdd');
    expect(within(summary).queryByText(/Every step is complete/)).toBeNull();
    expect(within(summary).getByRole('button', { name: 'Submit for review' })).toBeDisabled();
    expect(within(summary).getByText('Save or discard the changes first.')).toBeInTheDocument();

    const cdd = await region('Customer due diligence');
    const activity = within(cdd).getByRole('textbox', { name: /Business activity/ });
    expect(activity).toHaveValue('Retail of textiles');
    await userEvent.click(within(cdd).getByRole('button', { name: 'Discard changes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discard changes?' });
    expect(dialog).toHaveTextContent(
      'Discard the changes to step 5, Customer due diligence? The step keeps the data saved last.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Discard changes' }));

    await waitFor(() => expect(discarded).toEqual(['/api/kyc/12/steps/cdd/draft']));
    expect(activity).toHaveValue('Wholesale of metals');
    expect(within(cdd).queryByRole('button', { name: 'Discard changes' })).toBeNull();
    await waitFor(() =>
      expect(within(summary).queryByText(/has changes that are not saved/)).toBeNull(),
    );
    expect(
      within(summary).getByText('Every step is complete: the file can be submitted for review.'),
    ).toBeInTheDocument();
    expect(within(summary).getByRole('button', { name: 'Submit for review' })).toBeEnabled();
  });

  it('shows what the server found missing when it refuses the submission (409)', async () => {
    mockKycApi({
      submission: submissionJson({ status: 'DRAFT' }),
      steps: editable(),
      statusAnswer: () =>
        refusal(409, 'The KYC file is not complete.', {
          missing: [
            {
              stepType: 'contacts',
              kind: 'field',
              field: 'people.0.lastName',
              code: 'required',
              message: 'contacts: people.0.lastName is required',
            },
          ],
        }),
    });
    renderAsOwner();

    const summary = await region('Summary');
    await userEvent.click(
      await within(summary).findByRole('button', { name: 'Submit for review' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Submit for review' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit for review' }));

    const again = await region('Summary');
    expect(
      await within(again).findByText('The file was not submitted: The KYC file is not complete.'),
    ).toBeInTheDocument();
    expect(
      within(again).getByText('Person 1: Last name: This field is required.'),
    ).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Submit for review' })).toBeDisabled();
  });

  it('offers an EDITOR the forms but no one a second submit button in the header', async () => {
    mockKycApi({ submission: submissionJson({ status: 'DRAFT' }), steps: editable() });
    renderAsOwner('EDITOR');
    const coc = await region('Chamber of Commerce');
    expect(await within(coc).findByRole('button', { name: 'Save step' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });
});

describe('KycDetailPage, the expected monthly volume (decision 015)', () => {
  /** The cdd step with everything but the amount saved already. */
  const cddWithoutAmount = () =>
    editable().map((step) =>
      step.stepType === 'cdd'
        ? {
            ...step,
            data: {
              businessActivity: 'Wholesale of metals',
              countriesOfOperation: ['NL', 'DE'],
              sourceOfFunds: 'Revenue from trading',
              pepDeclared: false,
              sanctionsDeclared: false,
            },
          }
        : step,
    );

  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(async () => {
    cleanup(); // before switching back, which would re-render the form
    await i18n.changeLanguage('en');
    i18n.removeResourceBundle('de', 'translation');
  });

  it('in English refuses 25.000,50 with how to write it, and saves 25,000.50 as 25000.50', async () => {
    const api = mockKycApi({
      submission: submissionJson({ status: 'DRAFT' }),
      steps: cddWithoutAmount(),
    });
    renderAsOwner();
    const cdd = await region('Customer due diligence');
    const volume = await within(cdd).findByRole('textbox', {
      name: 'Expected monthly volume (EUR)',
    });

    fireEvent.change(volume, { target: { value: '25.000,50' } });
    expect(volume).toHaveAccessibleDescription(
      expect.stringContaining(
        'The separators do not match how amounts are written in English. Write the amount like 25,000.50.',
      ),
    );
    expect(volume).toBeInvalid();
    expect(within(cdd).queryByText(/^Understood as/)).not.toBeInTheDocument();
    await userEvent.click(within(cdd).getByRole('button', { name: 'Save step' }));
    expect(within(cdd).getByRole('alert')).toHaveTextContent(
      'The step is not saved: some fields need attention.',
    );
    expect(dataPuts(api.bodies)).toEqual([]);

    fireEvent.change(volume, { target: { value: '25,000.50' } });
    expect(within(cdd).getByText('Understood as €25,000.50')).toBeInTheDocument();
    expect(volume).toBeValid();
    await userEvent.click(within(cdd).getByRole('button', { name: 'Save step' }));
    await waitFor(() =>
      expect(dataPuts(api.bodies)).toEqual([
        {
          path: `/api/kyc/12/steps/cdd/data?userId=${OWNER_ID}`,
          body: {
            data: expect.objectContaining({ expectedMonthlyVolume: '25000.50' }),
            version: 1,
          },
        },
      ]),
    );
  });

  it('in German reads 25.000,50 as 25000.50, whatever the browser speaks', async () => {
    i18n.addResourceBundle('de', 'translation', de);
    await act(() => i18n.changeLanguage('de'));
    const api = mockKycApi({
      submission: submissionJson({ status: 'DRAFT' }),
      steps: cddWithoutAmount(),
    });
    renderAsOwner();
    const cdd = await region(de.kyc.steps.cdd);
    const volume = await within(cdd).findByRole('textbox', {
      name: de.kycForms.cdd.expectedMonthlyVolume,
    });

    fireEvent.change(volume, { target: { value: '25.000,50' } });
    expect(within(cdd).getByText(/^Erkannt als 25\.000,50\s€$/)).toBeInTheDocument();
    await userEvent.click(within(cdd).getByRole('button', { name: de.kyc.collect.save }));
    await waitFor(() =>
      expect(dataPuts(api.bodies)).toEqual([
        {
          path: `/api/kyc/12/steps/cdd/data?userId=${OWNER_ID}`,
          body: {
            data: expect.objectContaining({ expectedMonthlyVolume: '25000.50' }),
            version: 1,
          },
        },
      ]),
    );

    // Saved, the amount comes back in the German notation; the English one is refused, with
    // the German way to write it.
    const saved = await within(cdd).findByDisplayValue('25000,50');
    fireEvent.change(saved, { target: { value: '25,000.50' } });
    expect(saved).toHaveAccessibleDescription(
      expect.stringContaining('Schreiben Sie den Betrag wie 25.000,50.'),
    );
  });
});

describe('KycDetailPage, the summary telling one story (decision 040)', () => {
  beforeEach(() => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
  });

  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
    i18n.removeResourceBundle('fr', 'translation');
  });

  it('in French counts six of six above "every step is complete" once a rejection is answered', async () => {
    i18n.addResourceBundle('fr', 'translation', fr);
    await act(() => i18n.changeLanguage('fr'));
    // The reviewer rejected the CoC step; the owner changed it since: the request is answered,
    // the step stays REJECTED until the reviewer decides again, and nothing is missing.
    const answered = { ...requestJson('REJECTED', 'The extract is too old.'), open: false };
    const statuses = { coc: 'REJECTED', contacts: 'APPROVED' } as Record<string, string>;
    mockKycApi({
      submission: submissionJson({
        status: 'CHANGES_REQUESTED',
        steps: stepsJson().map(({ stepType }) => ({
          stepType,
          status: statuses[stepType] ?? 'IN_PROGRESS',
          started: stepType !== 'insights',
        })),
      }),
      steps: editable().map((step) =>
        statuses[step.stepType]
          ? {
              ...step,
              status: statuses[step.stepType]!,
              editable: step.stepType === 'coc',
              request: step.stepType === 'coc' ? answered : null,
            }
          : { ...step, status: 'IN_PROGRESS' },
      ),
      readiness: { ready: true, missing: [] },
    });
    renderAsOwner();

    const summary = await region(fr.kyc.collect.summary.title);
    expect(await within(summary).findByText(fr.kyc.collect.summary.ready)).toBeInTheDocument();
    expect(within(summary).getByText('6 étapes sur 6 complètes')).toBeInTheDocument();
    expect(
      within(await region(fr.kyc.steps.coc)).getByText(fr.kycProgress.states.complete),
    ).toBeInTheDocument();
  });
});
