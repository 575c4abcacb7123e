import { delay, HttpResponse } from 'msw';
import { signedOut } from '@/store/authActions';
import { KYC_STEP_CACHE_MS } from '@/features/kyc/kycCache';
import { kycStepEvents, STEP_EVENT_DEBOUNCE_MS } from '@/features/kyc/kycEvents';
import {
  changeStepStatus,
  changeSubmissionStatus,
  fetchKycComments,
  fetchKycSteps,
  fetchKycSubmission,
} from '@/features/kyc/kycThunks';
import { selectKycSteps, selectKycSubmission } from '@/features/kyc/kycSlice';
import { mark, mockKycApi, refusal, stepJson } from '../../../tests/data/kyc';
import { fetchUser } from '@/session/userSlice';
import { clearRequestCache } from '@/lib/request-dedup';
import { markDeVries } from '../../../tests/msw-handlers';
import { makeStore } from '../../../tests/render-with-providers';

/** A store with the signed-in user (Mark, id 7) and submission 12 and its steps loaded. */
async function storeWithFile() {
  const store = makeStore();
  store.dispatch(fetchUser.fulfilled({ ...markDeVries, id: mark.id }, 'test', 'kc'));
  await store.dispatch(fetchKycSubmission({ ref: '12' }));
  await store.dispatch(fetchKycSteps({ kycId: 12 }));
  return store;
}

const stepStatus = (store: ReturnType<typeof makeStore>, stepType: string) =>
  selectKycSteps(store.getState(), 12)?.data.find((step) => step.stepType === stepType)?.status;

const summaryStatus = (store: ReturnType<typeof makeStore>, stepType: string) =>
  selectKycSubmission(store.getState(), '12')?.steps.find((step) => step.stepType === stepType)
    ?.status;

describe('kycSlice', () => {
  beforeEach(() => vi.spyOn(console, 'warn').mockImplementation(() => {}));

  it('shows a step change at once, then the step as the server made it', async () => {
    mockKycApi({
      stepAnswer: async (stepType) => {
        await delay(20);
        return HttpResponse.json(
          stepJson(stepType, { status: 'APPROVED', version: 2, unchanged: false }),
        );
      },
    });
    const store = await storeWithFile();

    const change = store.dispatch(
      changeStepStatus({
        kycId: 12,
        stepType: 'coc',
        request: 'COMPLETED',
        expected: 'APPROVED',
        version: 1,
      }),
    );
    expect(stepStatus(store, 'coc')).toBe('APPROVED');
    expect(summaryStatus(store, 'coc')).toBe('APPROVED');
    expect(store.getState().kyc.changes['step:12:coc']?.status).toBe('loading');

    await change;
    expect(selectKycSteps(store.getState(), 12)?.data[0]).toMatchObject({
      status: 'APPROVED',
      version: 2,
    });
    expect(store.getState().kyc.changes['step:12:coc']?.status).toBe('succeeded');
    // What the change may have made out of date is read again when shown.
    expect(store.getState().kyc.current.stale).toBe(true);
    expect(store.getState().notifications.items).toEqual([]);
  });

  it('shows a decided step as it stayed, and says nothing changed (SPEC section 4)', async () => {
    mockKycApi({
      stepAnswer: (stepType) =>
        HttpResponse.json(stepJson(stepType, { status: 'APPROVED', version: 3, unchanged: true })),
    });
    const store = await storeWithFile();

    await store.dispatch(
      changeStepStatus({
        kycId: 12,
        stepType: 'coc',
        request: 'CHANGES_REQUESTED',
        expected: 'CHANGES_REQUESTED',
        comment: 'Another extract, please',
        version: 1,
      }),
    );

    expect(selectKycSteps(store.getState(), 12)?.data[0]).toMatchObject({
      status: 'APPROVED',
      version: 3,
    });
    expect(selectKycSteps(store.getState(), 12)?.data[0]).not.toHaveProperty('unchanged');
    expect(summaryStatus(store, 'coc')).toBe('APPROVED');
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({
        type: 'info',
        title: 'specNotices.stepUnchanged.title',
        message: 'specNotices.stepUnchanged.message',
      }),
    ]);
  });

  it('puts the step back and shows the server’s reason when it refuses (403)', async () => {
    mockKycApi({
      stepAnswer: () => refusal(403, 'Insufficient permissions to complete KYC step'),
    });
    const store = await storeWithFile();

    await store.dispatch(
      changeStepStatus({
        kycId: 12,
        stepType: 'contacts',
        request: 'COMPLETED',
        expected: 'WAITING_FOR_APPROVAL',
        version: 1,
      }),
    );

    expect(stepStatus(store, 'contacts')).toBe('PENDING');
    expect(summaryStatus(store, 'contacts')).toBe('PENDING');
    expect(store.getState().kyc.changes['step:12:contacts']).toMatchObject({
      status: 'failed',
      error: { status: 403, message: 'Insufficient permissions to complete KYC step' },
    });
    // Told once, in the server's words (not the generic 'Access Denied').
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({
        type: 'error',
        values: { reason: 'Insufficient permissions to complete KYC step' },
      }),
    ]);
  });

  it('puts the step back when the server refuses the move itself (409)', async () => {
    mockKycApi({
      stepAnswer: () =>
        refusal(409, 'Steps can only be reviewed while the submission is in review.'),
    });
    const store = await storeWithFile();
    await store.dispatch(
      changeStepStatus({
        kycId: 12,
        stepType: 'cdd',
        request: 'CHANGES_REQUESTED',
        expected: 'CHANGES_REQUESTED',
        comment: 'More detail',
        version: 1,
      }),
    );
    expect(selectKycSteps(store.getState(), 12)?.data[4]).toMatchObject({
      status: 'PENDING',
      comment: null,
    });
    // Read again: the step may have moved on.
    expect(selectKycSteps(store.getState(), 12)?.stale).toBe(true);
  });

  it('shows the step someone else changed first, and says so in the user’s language', async () => {
    const theirs = stepJson('cdd', { status: 'APPROVED', version: 2 });
    mockKycApi({
      stepAnswer: () =>
        refusal(409, 'The step was changed by someone else; reload and try again.', {
          reason: 'staleVersion',
          current: theirs,
        }),
    });
    const store = await storeWithFile();
    await store.dispatch(
      changeStepStatus({
        kycId: 12,
        stepType: 'cdd',
        request: 'COMPLETED',
        expected: 'APPROVED',
        version: 1,
      }),
    );
    expect(selectKycSteps(store.getState(), 12)?.data[4]).toMatchObject({
      status: 'APPROVED',
      version: 2,
    });
    expect(store.getState().notifications.items).toEqual([
      expect.objectContaining({ type: 'warning', title: 'http.staleVersion.title' }),
    ]);
  });

  it('publishes the optimistic status, and the old one again after a refusal', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      mockKycApi({
        statusAnswer: () => refusal(409, 'Cannot change a KYC submission from IN_REVIEW to DRAFT.'),
      });
      const store = await storeWithFile();
      const heard: string[] = [];
      const stop = kycStepEvents.subscribe((event) =>
        heard.push(`${event.kycId} ${event.stepType} ${event.status}`),
      );

      await store.dispatch(
        changeSubmissionStatus({ kycId: 12, to: 'APPROVED', isCompliant: true, version: 3 }),
      );
      vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
      // Approved and taken back within the window: listeners hear only where it stands.
      expect(heard).toEqual(['12 summary IN_REVIEW']);
      expect(selectKycSubmission(store.getState(), '12')?.status).toBe('IN_REVIEW');
      stop();
    } finally {
      kycStepEvents.reset();
      vi.useRealTimers();
    }
  });

  it('shows a submission move at once and keeps it when the server agrees', async () => {
    const api = mockKycApi();
    const store = await storeWithFile();
    const change = store.dispatch(
      changeSubmissionStatus({
        kycId: 12,
        to: 'CHANGES_REQUESTED',
        comment: 'Passport',
        version: 3,
      }),
    );
    expect(selectKycSubmission(store.getState(), '12')?.status).toBe('CHANGES_REQUESTED');
    await change;
    expect(api.bodies).toContainEqual({
      path: '/api/kyc/12/status',
      body: {
        status: 'CHANGES_REQUESTED',
        userId: 7,
        comment: 'Passport',
        isCompliant: null,
        version: 3,
      },
    });
    expect(store.getState().kyc.list.stale).toBe(true);
  });

  it('reads steps again only after 5 s, other records after 2 minutes', async () => {
    const api = mockKycApi();
    const store = await storeWithFile();
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now);
    const count = (path: string) => api.requests.filter((line) => line === `GET ${path}`).length;

    await store.dispatch(fetchKycSteps({ kycId: 12 }));
    expect(count('/api/kyc/12/steps')).toBe(1);
    clock.mockReturnValue(now + KYC_STEP_CACHE_MS);
    await store.dispatch(fetchKycSteps({ kycId: 12 }));
    expect(count('/api/kyc/12/steps')).toBe(2);

    await store.dispatch(fetchKycComments({ kycId: 12 }));
    clearRequestCache();
    clock.mockReturnValue(now + 60_000);
    await store.dispatch(fetchKycComments({ kycId: 12 }));
    expect(count('/api/kyc/12/comments')).toBe(1);
    // Asked for explicitly (Try again): asked.
    await store.dispatch(fetchKycComments({ kycId: 12, force: true }));
    expect(count('/api/kyc/12/comments')).toBe(2);
  });

  it('does not ask twice for what is on its way', async () => {
    const api = mockKycApi();
    const store = makeStore();
    await Promise.all([
      store.dispatch(fetchKycSubmission({ ref: '12' })),
      store.dispatch(fetchKycSubmission({ ref: '12' })),
    ]);
    expect(api.requests.filter((line) => line === 'GET /api/kyc/12')).toHaveLength(1);
  });

  it('forgets everything at sign-out', async () => {
    mockKycApi();
    const store = await storeWithFile();
    store.dispatch(signedOut());
    expect(store.getState().kyc.current.data).toBeNull();
    expect(store.getState().kyc.steps).toEqual({});
  });
});
