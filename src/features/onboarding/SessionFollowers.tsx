import { useCountriesForLanguage } from '@/features/country/useCountriesForLanguage';
import { useOnboardingRedirect } from '@/features/onboarding/useOnboardingRedirect';
import { useUrlPartner } from '@/features/tradePartner/useUrlPartner';

/**
 * Keeps the session's state in step with the router and the language (mounted once, in the
 * root layout): onboarding redirects, the partner the address names, the country names.
 */
export function SessionFollowers() {
  useOnboardingRedirect();
  useUrlPartner();
  useCountriesForLanguage();
  return null;
}
