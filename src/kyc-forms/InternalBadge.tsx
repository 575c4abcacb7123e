import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/ui/Icon';

/** Marks a comment only staff read (issue 14); partners are never sent one. */
export function InternalBadge() {
  const { t } = useTranslation();
  return (
    <span className="badge border border-secondary text-body-emphasis bg-body-tertiary kyc-internal-badge">
      <Icon name="lock" size={12} className="me-1" />
      {t('kyc.visibility.internalBadge')}
    </span>
  );
}
