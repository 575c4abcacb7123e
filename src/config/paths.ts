export const paths = {
  root: '/',
  dashboard: '/dashboard',
  kycSelfService: '/kyc/selfservice',
} as const;

/** The public self-service KYC pages: no forced sign-in, and 401 answers are theirs to handle. */
export function isSelfServicePath(pathname: string): boolean {
  return pathname === paths.kycSelfService || pathname.startsWith(`${paths.kycSelfService}/`);
}
