import {
  createStepStatusEvents,
  STEP_EVENT_DEBOUNCE_MS,
  type StepStatusEvent,
} from '@/features/kyc/kycEvents';

describe('step status events', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  function listen() {
    const events = createStepStatusEvents();
    const heard: StepStatusEvent[] = [];
    events.subscribe((event) => heard.push(event));
    return { events, heard };
  }

  it('waits 200 ms of quiet, then tells the last status of a step', () => {
    const { events, heard } = listen();
    events.publish({ kycId: 12, stepType: 'coc', status: 'WAITING_FOR_APPROVAL' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS - 1);
    expect(heard).toEqual([]);
    // Published again within the window: the wait starts over, the latest status counts.
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS - 1);
    expect(heard).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(heard).toEqual([{ kycId: 12, stepType: 'coc', status: 'APPROVED' }]);
  });

  it('tells each step apart, and the submission as step type summary', () => {
    const { events, heard } = listen();
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    events.publish({ kycId: 12, stepType: 'contacts', status: 'REJECTED' });
    events.publish({ kycId: 13, stepType: 'coc', status: 'PENDING' });
    events.publish({ kycId: 12, stepType: 'summary', status: 'IN_REVIEW' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    expect(heard).toEqual([
      { kycId: 12, stepType: 'coc', status: 'APPROVED' },
      { kycId: 12, stepType: 'contacts', status: 'REJECTED' },
      { kycId: 13, stepType: 'coc', status: 'PENDING' },
      { kycId: 12, stepType: 'summary', status: 'IN_REVIEW' },
    ]);
  });

  it('does not tell the same kycId, stepType and status twice in a row', () => {
    const { events, heard } = listen();
    // The optimistic status, then the same from the server.
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    expect(heard).toHaveLength(1);
    // A real change goes out again.
    events.publish({ kycId: 12, stepType: 'coc', status: 'REJECTED' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    expect(heard.map((event) => event.status)).toEqual(['APPROVED', 'REJECTED']);
  });

  it('tells nothing of a change taken back within the window', () => {
    const { events, heard } = listen();
    events.publish({ kycId: 12, stepType: 'coc', status: 'PENDING' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    // Optimistic, then refused: back to what listeners already know.
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    events.publish({ kycId: 12, stepType: 'coc', status: 'PENDING' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    expect(heard.map((event) => event.status)).toEqual(['PENDING']);
  });

  it('stops telling a listener that unsubscribed; one failing listener spoils nothing', () => {
    const events = createStepStatusEvents();
    const failing = vi.fn(() => {
      throw new Error('broken');
    });
    const kept = vi.fn();
    const dropped = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    events.subscribe(failing);
    events.subscribe(kept);
    const stop = events.subscribe(dropped);
    stop();
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    expect(failing).toHaveBeenCalledOnce();
    expect(kept).toHaveBeenCalledOnce();
    expect(dropped).not.toHaveBeenCalled();
  });

  it('drops what is waiting and forgets what was told on reset (sign-out)', () => {
    const { events, heard } = listen();
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    events.publish({ kycId: 12, stepType: 'contacts', status: 'APPROVED' });
    events.reset();
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    expect(heard).toHaveLength(1);
    events.publish({ kycId: 12, stepType: 'coc', status: 'APPROVED' });
    vi.advanceTimersByTime(STEP_EVENT_DEBOUNCE_MS);
    expect(heard).toHaveLength(2);
  });
});
