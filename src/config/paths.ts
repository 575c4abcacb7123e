export const paths = {
  root: '/',
  dashboard: '/dashboard',
  orders: '/orders',
  /** A new order for the partner `?partner={uuid}` names (staff). */
  orderNew: '/orders/modify/new',
  /** One order's form, by uuid or numeric id (SPEC section 2). */
  orderModify: '/orders/modify/:orderRef',
  /** One order, by uuid or numeric id (SPEC section 2). */
  orderDetail: '/orders/detail/:orderRef',
  /** A new shipment of the order `?order={uuid}` names (staff). */
  shipmentNew: '/shipments/modify/new',
  /** One shipment's form, by uuid or numeric id. */
  shipmentModify: '/shipments/modify/:shipmentRef',
  /** One shipment, by uuid or numeric id. */
  shipmentDetail: '/shipments/detail/:shipmentRef',
  partners: '/partners',
  partnersNew: '/partners/new',
  /** One trade partner, by uuid or legacy numeric id (SPEC section 2). */
  partnerDetail: '/partners/:partnerId',
  /** Old address of the new-partner form; redirects to partnersNew. */
  partnerCreate: '/partner/create',
  passport: '/passport',
  documentsUpload: '/documents/upload',
  settings: '/settings',
  settingsBasicInfo: '/settings/basic-info',
  settingsCompanyInfo: '/settings/company-info',
  lockScreen: '/auth/lock-screen',
  kyc: '/kyc',
  /** One KYC submission, by its numeric id (SPEC section 2) or its uuid. */
  kycDetail: '/kyc/:kycId',
  kycSelfService: '/kyc/selfservice',
  /** The public page a self-service link opens (issue 19): no sign-in. */
  kycSelfServiceLink: '/kyc/selfservice/:token',
  /** Staff: each company with its latest KYC file (decision 031). */
  kycCustomers: '/kyc/customers',
  /** One customer's status and review, and its files, by the company's uuid. */
  kycCustomer: '/kyc/customers/:customerUuid',
  errors: {
    notFound: '/error/404',
    accessDenied: '/error/403',
    serverError: '/error/500',
  },
} as const;

/** The address of one trade partner's page. */
export const partnerPath = (idOrUuid: string | number) =>
  `/partners/${encodeURIComponent(String(idOrUuid))}`;

/** The address of one order's page. */
export const orderDetailPath = (idOrUuid: string | number) =>
  `/orders/detail/${encodeURIComponent(String(idOrUuid))}`;

/** The address of one order's form. */
export const orderModifyPath = (idOrUuid: string | number) =>
  `/orders/modify/${encodeURIComponent(String(idOrUuid))}`;

/** The form of a new order for one trade partner. */
export const orderNewPath = (partnerUuid: string) =>
  `${paths.orderNew}?partner=${encodeURIComponent(partnerUuid)}`;

/** The address of one shipment's page. */
export const shipmentDetailPath = (idOrUuid: string | number) =>
  `/shipments/detail/${encodeURIComponent(String(idOrUuid))}`;

/** The address of one shipment's form. */
export const shipmentModifyPath = (idOrUuid: string | number) =>
  `/shipments/modify/${encodeURIComponent(String(idOrUuid))}`;

/**
 * The orders a shipment is planned from, confirmed or in progress: where 'New Shipment' goes
 * (SPEC section 2: to the orders), each of them offering 'New shipment'.
 */
export const shippableOrdersPath = `${paths.orders}?status=CONFIRMED&status=IN_PROGRESS`;

/** The form of a new shipment of one order. */
export const shipmentNewPath = (orderUuid: string) =>
  `${paths.shipmentNew}?order=${encodeURIComponent(orderUuid)}`;

/** The address of one KYC submission's page. */
export const kycPath = (idOrUuid: string | number) =>
  `/kyc/${encodeURIComponent(String(idOrUuid))}`;

/** The address of one customer's KYC status and review. */
export const kycCustomerPath = (customerUuid: string) =>
  `/kyc/customers/${encodeURIComponent(customerUuid)}`;

/** The public self-service KYC pages: no forced sign-in, and 401 answers are theirs to handle. */
export function isSelfServicePath(pathname: string): boolean {
  return pathname === paths.kycSelfService || pathname.startsWith(`${paths.kycSelfService}/`);
}
