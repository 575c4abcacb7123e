import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { TradePartner } from '@common/partners';
import { TermsDialog } from '@/session/TermsDialog';

interface TermsButtonProps {
  partner: TradePartner;
  /** The person may accept for the company (its owners and admins). */
  canAccept: boolean;
}

/**
 * Beside the terms badge: 'Read and accept' for those who may accept terms not yet accepted,
 * 'Read the terms' for everyone else. Opens the terms dialog.
 */
export function TermsButton({ partner, canAccept }: TermsButtonProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const accept = canAccept && !partner.termsAccepted;
  return (
    <>
      <Button
        variant={accept ? 'primary' : 'link'}
        size="sm"
        className={accept ? undefined : 'p-0 text-nowrap'}
        aria-label={t(accept ? 'terms.readAndAcceptOf' : 'terms.readOf', { company: partner.name })}
        onClick={() => setOpen(true)}
      >
        {t(accept ? 'terms.readAndAccept' : 'terms.read')}
      </Button>
      <TermsDialog
        partner={partner}
        canAccept={canAccept}
        show={open}
        onHide={() => setOpen(false)}
      />
    </>
  );
}
