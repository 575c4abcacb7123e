import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { Order } from '@common/orders';
import { Icon } from '@/components/ui/Icon';
import { KycExportDialog } from '@/kyc-export/KycExportDialog';

/**
 * 'Export PDF' (issue 20): the partner's latest KYC file with the order on its cover, saved as
 * order-{uuid}.pdf (SPEC section 9). Staff only, as every KYC export (decision 014); off, with
 * the reason, while the partner has no file.
 */
export function OrderExportButton({ order }: { order: Order }) {
  const { t } = useTranslation();
  const reasonId = useId();
  const [open, setOpen] = useState(false);
  const { kyc } = order;
  return (
    <>
      <Button
        size="sm"
        variant="outline-primary"
        disabled={!kyc}
        aria-describedby={kyc ? undefined : reasonId}
        onClick={() => setOpen(true)}
      >
        <Icon name="download" size={14} className="me-1" />
        {t('kyc.export.title')}
      </Button>
      {!kyc && (
        <span id={reasonId} className="small text-body-secondary">
          {t('orders.export.noFile', { partner: order.tradePartner.name })}
        </span>
      )}
      {open && kyc && (
        <KycExportDialog
          submission={kyc}
          order={{
            uuid: order.uuid,
            intro: t('orders.export.intro', { id: kyc.id, number: order.number }),
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
