import { useCallback } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { notificationClosed, selectNotifications } from '@/notifications/notificationsSlice';
import type { Notification, NotificationType } from '@/notifications/notification';

const VARIANT: Record<NotificationType, string> = {
  success: 'success',
  info: 'info',
  warning: 'warning',
  error: 'danger',
};

function NotificationToast({ notification }: { notification: Notification }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { id, type, title, message, values, autoClose, duration } = notification;
  const variant = VARIANT[type];
  const urgent = type === 'error' || type === 'warning';

  const close = useCallback(() => dispatch(notificationClosed(id)), [dispatch, id]);

  // react-bootstrap makes every toast an assertive alert; calm news is a polite status message.
  const liveRegion = useCallback(
    (element: HTMLDivElement | null) => {
      if (!element || urgent) return;
      element.setAttribute('role', 'status');
      element.setAttribute('aria-live', 'polite');
    },
    [urgent],
  );

  return (
    <Toast
      ref={liveRegion}
      onClose={close}
      autohide={autoClose}
      delay={duration}
      data-type={type}
      style={{ borderLeft: `0.25rem solid var(--bs-${variant})` }}
    >
      <Toast.Header closeLabel={t('notifications.close')}>
        <span
          aria-hidden="true"
          className={`bg-${variant} rounded-circle me-2 flex-shrink-0`}
          style={{ width: '0.75rem', height: '0.75rem' }}
        />
        <strong className="me-auto text-body-emphasis">{t(title)}</strong>
      </Toast.Header>
      <Toast.Body className="text-body">{t(message, values ?? {})}</Toast.Body>
    </Toast>
  );
}

/**
 * Where notifications appear: fixed at the bottom right of the window (app-toasts, shell.css),
 * newest last, each with its own close button. Not at the top, where they covered the page's
 * title, its status badge and the first fields right after a save (issue 18).
 */
export function ToastArea() {
  const notifications = useAppSelector(selectNotifications);
  return (
    <ToastContainer className="app-toasts">
      {notifications.map((notification) => (
        <NotificationToast key={notification.id} notification={notification} />
      ))}
    </ToastContainer>
  );
}
