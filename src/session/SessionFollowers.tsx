import { useCountriesForLanguage } from '@/session/useCountriesForLanguage';
import { useOnboardingRedirect } from '@/session/useOnboardingRedirect';
import { useUrlPartner } from '@/session/useUrlPartner';

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
