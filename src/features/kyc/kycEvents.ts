import type { KycStepType, SUMMARY_STEP } from '@common/kyc';

/**
 * Step status events (SPEC sections 3, 4 and 9): a step, or the submission itself under the
 * step type 'summary', now shows `status`. Whoever shows KYC data elsewhere can follow them.
 */
export interface StepStatusEvent {
  kycId: number;
  stepType: KycStepType | typeof SUMMARY_STEP;
  status: string;
}

export type StepStatusListener = (event: StepStatusEvent) => void;

/** SPEC section 9: events are debounced by 200 ms. */
export const STEP_EVENT_DEBOUNCE_MS = 200;

const stepKey = ({ kycId, stepType }: StepStatusEvent) => `${kycId}|${stepType}`;

/**
 * A publisher of step status events. Per step (kycId, stepType), only the last status published
 * within 200 ms of quiet goes out, and only when it differs from the one that went out last:
 * the optimistic status followed by the same status from the server, or a rollback within the
 * window, tell listeners nothing twice.
 */
export function createStepStatusEvents(debounceMs = STEP_EVENT_DEBOUNCE_MS) {
  const listeners = new Set<StepStatusListener>();
  const pending = new Map<
    string,
    { event: StepStatusEvent; timer: ReturnType<typeof setTimeout> }
  >();
  const delivered = new Map<string, string>();

  const deliver = (key: string, event: StepStatusEvent) => {
    pending.delete(key);
    if (delivered.get(key) === event.status) return;
    delivered.set(key, event.status);
    for (const listener of [...listeners]) {
      try {
        listener(event);
      } catch (error) {
        // One failing listener must not keep the event from the others.
        console.error('A KYC step status listener failed:', error);
      }
    }
  };

  return {
    publish(event: StepStatusEvent): void {
      const key = stepKey(event);
      const waiting = pending.get(key);
      if (waiting) clearTimeout(waiting.timer);
      const copy = { ...event };
      pending.set(key, { event: copy, timer: setTimeout(() => deliver(key, copy), debounceMs) });
    },
    /** Starts listening; the function returned stops it. */
    subscribe(listener: StepStatusListener): () => void {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    /** Forgets everything waiting and delivered (sign-out, tests); listeners stay. */
    reset(): void {
      for (const { timer } of pending.values()) clearTimeout(timer);
      pending.clear();
      delivered.clear();
    },
  };
}

export type StepStatusEvents = ReturnType<typeof createStepStatusEvents>;

/** The app's publisher: the KYC thunks publish, screens and other features subscribe. */
export const kycStepEvents = createStepStatusEvents();
