import type { ComponentType } from 'react';
import type { Order } from '@common/orders';
import type { TradePartner } from '@common/partners';
import type { PartnerPermissions } from '@/companies/partnerAccess';
import type { TranslationKey } from '@/lib/i18n';

/**
 * What one feature adds to another's company screens without importing it: the app passes a
 * feature's tabs to the partner page and its cards to the dashboard (docs/architecture.md).
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

/** One card the dashboard shows for each of a partner user's companies. */
export interface CompanyCard {
  key: string;
  Component: ComponentType<{ partner: TradePartner }>;
  /** Who sees the card, by their roles; everyone when absent. */
  visible?: (roles: readonly string[]) => boolean;
}

/** A card the dashboard shows once, for the people it is meant for (the app passes orders'). */
export interface DashboardCard {
  key: string;
  Component: ComponentType;
  /** Who sees the card, by their roles; everyone when absent. */
  visible?: (roles: readonly string[]) => boolean;
}

/** A section of the order's page from another feature (the app passes the shipments'). */
export interface OrderSection {
  key: string;
  Component: ComponentType<{ order: Order }>;
}
