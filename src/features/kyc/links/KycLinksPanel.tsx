import { useEffect, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { SelfServiceLink } from '@common/selfservice';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { ConfirmDialog } from '@/components/ui/ConfirmDialog';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { refused } from '@/features/kyc/kycThunks';
import type { KycRecordProps } from '@/features/kyc/records/recordProps';
import { fetchKycLinks, revokeLink, selectKycLinks } from '@/features/kyc/links/kycLinksSlice';
import { LinkUsesDialog } from '@/features/kyc/links/LinkUsesDialog';
import {
  actorName,
  REVOCABLE_STATES,
  STATE_LABEL_KEYS,
  STATE_VARIANTS,
} from '@/features/kyc/links/linkLabels';
import { notify } from '@/notifications/notificationsSlice';
import { isApiError } from '@/lib/api-error';
import { formatDateTime } from '@/lib/format';
import './kycLinks.css';

interface LinkItemProps {
  link: SelfServiceLink;
  onRevoke: (link: SelfServiceLink) => void;
  onShowLog: (link: SelfServiceLink) => void;
}

function LinkItem({ link, onRevoke, onShowLog }: LinkItemProps) {
  const { t } = useTranslation();
  const variant = STATE_VARIANTS[link.state];
  const recipient = [link.recipientName, link.recipientEmail].filter(Boolean);
  const created = formatDateTime(link.createdAt);
  return (
    <li className="kyc-record">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <h3 className="h6 mb-0">{t('kycLinks.list.number', { id: link.id })}</h3>
        <Badge bg={`${variant}-subtle`} text={`${variant}-emphasis`} className="border">
          {t(STATE_LABEL_KEYS[link.state])}
        </Badge>
        <div className="ms-auto d-flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() => onShowLog(link)}
            aria-label={t('kycLinks.list.logNamed', { id: link.id })}
          >
            {t('kycLinks.list.log')}
          </Button>
          {REVOCABLE_STATES.includes(link.state) && (
            <Button
              size="sm"
              variant="outline-danger"
              onClick={() => onRevoke(link)}
              aria-label={t('kycLinks.list.revokeNamed', { id: link.id })}
            >
              {t('kycLinks.list.revoke')}
            </Button>
          )}
        </div>
      </div>
      <p className="small text-body-secondary mb-2 mt-1">
        {link.createdBy
          ? t('kycLinks.list.createdBy', { name: actorName(link.createdBy), date: created })
          : t('kycLinks.list.createdOn', { date: created })}
      </p>
      <dl className="kyc-link-facts small mb-0">
        <div>
          <dt>{t('kycLinks.list.recipient')}</dt>
          <dd className="text-break">
            {recipient.length > 0 ? (
              recipient.map((part) => (
                <span key={part} className="d-block">
                  {part}
                </span>
              ))
            ) : (
              <span className="text-body-secondary">{t('kycLinks.list.noRecipient')}</span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('kycLinks.list.expires')}</dt>
          <dd>
            <time dateTime={link.expiresAt}>{formatDateTime(link.expiresAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('kycLinks.list.lastUsed')}</dt>
          <dd>
            {link.lastUsedAt ? (
              <time dateTime={link.lastUsedAt}>{formatDateTime(link.lastUsedAt)}</time>
            ) : (
              t('kycLinks.list.neverUsed')
            )}
          </dd>
        </div>
        <div>
          <dt>{t('kycLinks.list.uses')}</dt>
          <dd>{t('kycLinks.list.usesCount', { count: link.uses })}</dd>
        </div>
      </dl>
      {link.revokedAt && (
        <p className="small text-body-secondary mb-0 mt-2">
          {link.revokedBy
            ? t('kycLinks.list.revokedBy', {
                name: actorName(link.revokedBy),
                date: formatDateTime(link.revokedAt),
              })
            : t('kycLinks.list.revokedOn', { date: formatDateTime(link.revokedAt) })}
        </p>
      )}
      <p className="small text-body-secondary mb-0 mt-2">
        {link.allowAccount
          ? t('kycLinks.list.joinsAs', { level: t(`members.levels.${link.accessLevel}`) })
          : t('kycLinks.list.noAccount')}
      </p>
    </li>
  );
}

/**
 * A file's self-service links, newest first (issue 19): who made each and when, for whom, its
 * state and use; revoke one, or open its access log. For staff and the company's OWNER/ADMIN.
 */
export function KycLinksPanel({ submission }: KycRecordProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const kycId = submission.id;
  const entry = useAppSelector((state) => selectKycLinks(state, kycId));
  const links = entry?.data ?? [];
  const stale = entry?.stale ?? false;
  const [revoking, setRevoking] = useState<SelfServiceLink | null>(null);
  const [logOf, setLogOf] = useState<number | null>(null);

  useEffect(() => {
    void dispatch(fetchKycLinks({ kycId }));
  }, [dispatch, kycId, stale]);

  const revoke = async (link: SelfServiceLink) => {
    try {
      await dispatch(revokeLink({ kycId, linkId: link.id })).unwrap();
      dispatch(
        notify.success('kycLinks.notices.revoked.title', 'kycLinks.notices.revoked.message', {
          values: { id: link.id },
        }),
      );
    } catch (error) {
      dispatch(refused(isApiError(error) ? error.message : String(error)));
    }
  };

  return (
    <>
      <ListFeedback
        status={entry?.status}
        count={links.length}
        failed={t('kycLinks.list.loadFailed')}
        loading={t('kycLinks.list.loading')}
        empty={t('kycLinks.list.empty')}
        onRetry={() => void dispatch(fetchKycLinks({ kycId, force: true }))}
      />
      {links.length > 0 && (
        <ul className="list-unstyled mb-0 kyc-records-list" aria-label={t('kycLinks.tab')}>
          {links.map((link) => (
            <LinkItem
              key={link.id}
              link={link}
              onRevoke={setRevoking}
              onShowLog={(shown) => setLogOf(shown.id)}
            />
          ))}
        </ul>
      )}
      <ConfirmDialog
        show={revoking !== null}
        title={t('kycLinks.list.revokeTitle', { id: revoking?.id ?? '' })}
        message={t('kycLinks.list.revokeMessage')}
        confirmLabel={t('kycLinks.list.revoke')}
        onConfirm={() => (revoking ? revoke(revoking) : Promise.resolve())}
        onClose={() => setRevoking(null)}
      />
      {logOf !== null && (
        <LinkUsesDialog kycId={kycId} linkId={logOf} onClose={() => setLogOf(null)} />
      )}
    </>
  );
}
