import { useId, useState, type ReactNode } from 'react';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';

interface ConfirmDialogProps {
  show: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  /** Runs on confirmation; the dialog stays open (busy) until it settles, then closes. */
  onConfirm: () => Promise<unknown>;
  onClose: () => void;
  /** The confirm button's colour: danger for what removes or refuses something. */
  confirmVariant?: ButtonProps['variant'];
  /** Keeps the confirm button off until the fields below the message are filled in. */
  confirmDisabled?: boolean;
  /** Fields the answer needs (a comment, a checkbox), below the message. */
  children?: ReactNode;
  /** What the button that closes without acting says; 'Cancel' when absent. */
  cancelLabel?: string;
}

/** Asks before something is done that cannot simply be taken back (deleted, revoked, decided). */
export function ConfirmDialog({
  show,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
  confirmVariant = 'danger',
  confirmDisabled = false,
  children,
  cancelLabel,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } catch (error) {
      // The caller has told the user; the dialog just closes.
      console.warn('Confirmed action failed:', error);
    } finally {
      setBusy(false);
      onClose();
    }
  };

  return (
    <Modal show={show} onHide={busy ? undefined : onClose} centered aria-labelledby={titleId}>
      <Modal.Header closeButton={!busy} closeLabel={t('ui.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className={children ? 'mb-3' : 'mb-0'}>{message}</p>
        {children}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
          {cancelLabel ?? t('ui.cancel')}
        </Button>
        <Button
          variant={confirmVariant}
          onClick={() => void confirm()}
          disabled={busy || confirmDisabled}
          aria-busy={busy || undefined}
        >
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
