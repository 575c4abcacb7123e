import type { ComponentType } from 'react';
import type { TradePartner } from '@common/partners';
import type { PartnerPermissions } from '@/companies/partnerAccess';
import type { TranslationKey } from '@/lib/i18n';

/**
 * What one feature adds to the partner page without importing it: the app passes each
 * feature's tabs to the page (docs/architecture.md).
 */
export interface PartnerTabProps {
  partner: TradePartner;
  can: PartnerPermissions;
}

/** One tab of the partner page. */
export interface PartnerTab {
  /** In the address: /partners/{idOrUuid}?tab={key}. */
  key: string;
  titleKey: TranslationKey;
  Component: ComponentType<PartnerTabProps>;
  /** Who sees the tab, by their permissions here and their roles; everyone when absent. */
  visible?: (can: PartnerPermissions, roles: readonly string[]) => boolean;
}
