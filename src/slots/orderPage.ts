import type { ComponentType } from 'react';
import type { Order } from '@common/orders';

/** A section of the order's page from another feature (the app passes the shipments'). */
export interface OrderSection {
  key: string;
  Component: ComponentType<{ order: Order }>;
}
