import type { ComponentType } from 'react';
import type { TradePartner } from '@common/partners';

// The dashboard's slots: other features' cards, which the app passes in (docs/architecture.md).

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
