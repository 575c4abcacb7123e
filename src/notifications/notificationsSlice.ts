import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { RootState } from '@/app/store';
import { authNoticeRaised, signedOut } from '@/store/authActions';
import { staleVersionRefused } from '@/store/refusedChange';
import { HTTP_NOTICES, SESSION_NOTICES, STALE_VERSION_NOTICE } from '@/notifications/notices';
import type { HttpNotice } from '@/lib/api-client';
import type { TranslationKey } from '@/lib/i18n';
import type {
  Notification,
  NotificationInput,
  NotificationType,
} from '@/notifications/notification';

/** SPEC section 9. */
const AUTO_CLOSE_MS: Record<NotificationType, number> = {
  success: 5000,
  info: 5000,
  warning: 8000,
  error: 10000,
};

export interface NotificationsState {
  items: Notification[];
  /** Ids come from a counter here so the reducers stay pure. */
  nextId: number;
}

const initialState: NotificationsState = { items: [], nextId: 1 };

const sameContent = (a: NotificationInput, b: NotificationInput) =>
  a.type === b.type &&
  a.title === b.title &&
  a.message === b.message &&
  JSON.stringify(a.values) === JSON.stringify(b.values);

function add(state: NotificationsState, input: NotificationInput) {
  // Several calls failing at once (no network, a 403 on each) tell the user once.
  if (state.items.some((item) => sameContent(item, input))) return;
  const { type, title, message, values } = input;
  state.items.push({
    id: `n${state.nextId}`,
    type,
    title,
    message,
    ...(values === undefined ? {} : { values }),
    autoClose: input.autoClose ?? true,
    duration: input.duration ?? AUTO_CLOSE_MS[type],
  });
  state.nextId += 1;
}

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState,
  reducers: {
    notificationAdded(state, action: PayloadAction<NotificationInput>) {
      add(state, action.payload);
    },
    notificationClosed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((item) => item.id !== action.payload);
    },
    notificationsCleared(state) {
      state.items = [];
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(authNoticeRaised, (state, action) => {
        add(state, SESSION_NOTICES[action.payload]);
      })
      .addCase(staleVersionRefused, (state) => {
        add(state, STALE_VERSION_NOTICE);
      });
  },
});

export const { notificationAdded, notificationClosed, notificationsCleared } =
  notificationsSlice.actions;

type NotifyOptions = Partial<Pick<Notification, 'values' | 'autoClose' | 'duration'>>;

const notifyAs =
  (type: NotificationType) =>
  (title: TranslationKey, message: TranslationKey, options: NotifyOptions = {}) =>
    notificationAdded({ type, title, message, ...options });

/** `dispatch(notify.success('x.title', 'x.message'))`; options override the defaults. */
export const notify = {
  success: notifyAs('success'),
  info: notifyAs('info'),
  warning: notifyAs('warning'),
  error: notifyAs('error'),
};

/** What the API client reports (wired with `setHttpNotifier` in main.tsx). */
export const httpNoticeRaised = (notice: HttpNotice, values?: Record<string, number>) =>
  notificationAdded(values ? { ...HTTP_NOTICES[notice], values } : HTTP_NOTICES[notice]);

export const selectNotifications = (state: RootState) => state.notifications.items;
