import type { IconName } from '@/components/ui/Icon';
import { paths, shippableOrdersPath } from '@/config/paths';
import type { TranslationKey } from '@/lib/i18n';
import { KYC_ROLES, type Role } from '@/lib/roles';

/** A menu entry (SPEC section 3, Menu item). */
export interface MenuItem {
  key: string;
  /** English wording, used when there is no translation key. */
  label: string;
  translationKey?: TranslationKey;
  /** What staff read instead, where the entry is theirs by another name. */
  staffTranslationKey?: TranslationKey;
  icon?: IconName;
  url?: string;
  /** Shown as a call-to-action button above the navigation. */
  isButton?: boolean;
  /** Shown, but not usable yet. */
  isDisabled?: boolean;
  /** A section heading, not a link. */
  isTitle?: boolean;
  /** Only for staff (super admin, manager, employee). */
  requireStaff?: boolean;
  /** Only for users holding at least one of these roles (with the hierarchy). */
  requiredRoles?: Role[];
  children?: MenuItem[];
  badge?: { text: string; variant: string };
  /** Submenus: closed unless they hold the active item. */
  collapsed?: boolean;
}

/** The sidebar (SPEC section 2, Sidebar menu). */
export const MAIN_MENU: MenuItem[] = [
  {
    key: 'new-trade-partner',
    label: 'New Trade Partner',
    translationKey: 'menu.newTradePartner',
    icon: 'partnerAdd',
    url: paths.partnersNew,
    isButton: true,
    // Registering a company for someone is staff's desk, as the route is (decision 027).
    requireStaff: true,
  },
  {
    key: 'new-order',
    label: 'New Order',
    translationKey: 'menu.newOrder',
    icon: 'cart',
    url: paths.partners,
    isButton: true,
  },
  {
    key: 'new-shipment',
    label: 'New Shipment',
    translationKey: 'menu.newShipment',
    icon: 'truck',
    url: shippableOrdersPath,
    isButton: true,
  },
  { key: 'navigation', label: 'Navigation', translationKey: 'menu.navigation', isTitle: true },
  {
    key: 'dashboard',
    label: 'Dashboard',
    translationKey: 'menu.dashboard',
    icon: 'dashboard',
    url: paths.dashboard,
  },
  {
    key: 'orders',
    label: 'Orders',
    translationKey: 'menu.orders',
    icon: 'orders',
    url: paths.orders,
  },
  {
    key: 'trade-partners',
    label: 'Trade Partners',
    translationKey: 'menu.tradePartners',
    icon: 'partners',
    url: paths.partners,
  },
  {
    key: 'kyc-reviews',
    // Partner people fill in their own file; staff review everyone's (issue 18).
    label: 'KYC',
    translationKey: 'menu.kyc',
    staffTranslationKey: 'menu.kycReviews',
    icon: 'shieldCheck',
    url: paths.kyc,
    requiredRoles: [...KYC_ROLES],
  },
  {
    key: 'passport',
    label: 'Passport',
    translationKey: 'menu.passport',
    icon: 'passport',
    url: paths.passport,
    isDisabled: true,
    requireStaff: true,
  },
  {
    key: 'document-upload',
    label: 'Document Upload',
    translationKey: 'menu.documentUpload',
    icon: 'upload',
    url: paths.documentsUpload,
    requiredRoles: ['OWNER', 'CONTACT'],
  },
  {
    key: 'settings',
    label: 'Settings',
    translationKey: 'menu.settings',
    icon: 'settings',
    url: paths.settings,
  },
];
