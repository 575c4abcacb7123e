import { useEffect, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { DataTable } from '@/components/ui/DataTable';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { ACTION_LABEL_KEYS } from '@/features/kyc/links/linkLabels';
import { fetchLinkUses, selectLinkUses } from '@/features/kyc/links/kycLinksSlice';
import { formatDateTime } from '@/lib/format';

interface LinkUsesDialogProps {
  kycId: number;
  linkId: number;
  onClose: () => void;
}

/** A link's access log (issue 19, point 5): when, what, from which address and browser. */
export function LinkUsesDialog({ kycId, linkId, onClose }: LinkUsesDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const titleId = useId();
  const entry = useAppSelector((state) => selectLinkUses(state, linkId));
  const uses = entry?.data ?? [];
  const load = () => void dispatch(fetchLinkUses({ kycId, linkId }));

  useEffect(() => {
    void dispatch(fetchLinkUses({ kycId, linkId }));
  }, [dispatch, kycId, linkId]);

  const columns = {
    at: t('kycLinks.log.columns.at'),
    action: t('kycLinks.log.columns.action'),
    address: t('kycLinks.log.columns.address'),
    userAgent: t('kycLinks.log.columns.userAgent'),
  };
  return (
    <Modal show onHide={onClose} centered size="lg" scrollable aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('ui.close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('kycLinks.log.title', { id: linkId })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <ListFeedback
          status={entry?.status}
          count={uses.length}
          failed={t('kycLinks.log.loadFailed')}
          loading={t('kycLinks.log.loading')}
          empty={t('kycLinks.log.empty')}
          onRetry={load}
        />
        {uses.length > 0 && (
          <>
            <p className="small text-body-secondary">{t('kycLinks.log.latest')}</p>
            <div className="small">
              <DataTable
                caption={t('kycLinks.log.title', { id: linkId })}
                columns={Object.values(columns)}
              >
                {uses.map((use) => (
                  <tr key={use.id}>
                    <td data-label={columns.at} className="text-nowrap">
                      <time dateTime={use.at}>{formatDateTime(use.at)}</time>
                    </td>
                    <td data-label={columns.action}>{t(ACTION_LABEL_KEYS[use.action])}</td>
                    <td data-label={columns.address} className="text-break">
                      {use.address}
                    </td>
                    <td data-label={columns.userAgent} className="text-break kyc-link-agent">
                      {use.userAgent ?? (
                        <span className="text-body-secondary">
                          {t('kycLinks.log.unknownAgent')}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            </div>
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onClose}>
          {t('ui.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
