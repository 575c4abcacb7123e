import type { TranslationKey } from '@/lib/i18n';

export type NotificationType = 'success' | 'info' | 'warning' | 'error';

/** A toast (SPEC section 3). */
export interface Notification {
  id: string;
  type: NotificationType;
  /** Translation keys: the toast shows them in the language of the moment. */
  title: TranslationKey;
  message: TranslationKey;
  /** Placeholder values for the message. */
  values?: Record<string, string | number>;
  /** False keeps the toast until the user closes it. */
  autoClose: boolean;
  /** Milliseconds on screen when `autoClose`. */
  duration: number;
}

/** What a caller gives; the rest follows from the type. */
export type NotificationInput = Pick<Notification, 'type' | 'title' | 'message' | 'values'> &
  Partial<Pick<Notification, 'autoClose' | 'duration'>>;
