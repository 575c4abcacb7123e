import { useState } from 'react';
import Button from 'react-bootstrap/Button';
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
}

/** Asks before something is deleted or revoked. */
export function ConfirmDialog({
  show,
  title,
  message,
  confirmLabel,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
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
    <Modal show={show} onHide={busy ? undefined : onClose} centered aria-labelledby="confirm-title">
      <Modal.Header closeButton={!busy} closeLabel={t('partners.actions.close')}>
        <Modal.Title id="confirm-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose} disabled={busy}>
          {t('partners.actions.cancel')}
        </Button>
        <Button
          variant="danger"
          onClick={() => void confirm()}
          disabled={busy}
          aria-busy={busy || undefined}
        >
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
