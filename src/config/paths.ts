export const paths = {
  root: '/',
  dashboard: '/dashboard',
  orders: '/orders',
  partners: '/partners',
  partnersNew: '/partners/new',
  /** Old address of the new-partner form; redirects to partnersNew. */
  partnerCreate: '/partner/create',
  passport: '/passport',
  documentsUpload: '/documents/upload',
  settings: '/settings',
  lockScreen: '/auth/lock-screen',
  kycSelfService: '/kyc/selfservice',
  errors: {
    notFound: '/error/404',
    accessDenied: '/error/403',
    serverError: '/error/500',
  },
} as const;

/** The public self-service KYC pages: no forced sign-in, and 401 answers are theirs to handle. */
export function isSelfServicePath(pathname: string): boolean {
  return pathname === paths.kycSelfService || pathname.startsWith(`${paths.kycSelfService}/`);
}
