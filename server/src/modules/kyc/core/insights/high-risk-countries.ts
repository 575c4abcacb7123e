/**
 * Countries the FATF names as having strategic AML/CFT deficiencies, as ISO 3166-1 alpha-2 codes.
 *
 * Source: FATF public statements of 24 October 2025, "High-Risk Jurisdictions subject to a Call
 * for Action" and "Jurisdictions under Increased Monitoring"
 * (https://www.fatf-gafi.org/en/publications/High-risk-and-other-monitored-jurisdictions.html).
 * The FATF revises both lists after each plenary (February, June, October): update the codes
 * and FATF_LISTS_DATE together.
 */
export const FATF_LISTS_DATE = '2025-10-24';

/** "Black list": the FATF calls for enhanced due diligence or counter-measures. */
export const FATF_CALL_FOR_ACTION: ReadonlySet<string> = new Set([
  'KP', // Democratic People's Republic of Korea
  'IR', // Iran
  'MM', // Myanmar
]);

/** "Grey list": jurisdictions under increased monitoring. */
export const FATF_INCREASED_MONITORING: ReadonlySet<string> = new Set([
  'DZ', // Algeria
  'AO', // Angola
  'BO', // Bolivia
  'BG', // Bulgaria
  'CM', // Cameroon
  'CI', // Côte d'Ivoire
  'CD', // Democratic Republic of the Congo
  'HT', // Haiti
  'KE', // Kenya
  'LA', // Lao PDR
  'LB', // Lebanon
  'MC', // Monaco
  'NA', // Namibia
  'NP', // Nepal
  'SS', // South Sudan
  'SY', // Syria
  'VE', // Venezuela
  'VN', // Vietnam
  'VG', // Virgin Islands (UK)
  'YE', // Yemen
]);

export type FatfList = 'CALL_FOR_ACTION' | 'INCREASED_MONITORING';

/** Which FATF list names the country, if any. */
export function fatfListOf(country: string): FatfList | undefined {
  const code = country.trim().toUpperCase();
  if (FATF_CALL_FOR_ACTION.has(code)) return 'CALL_FOR_ACTION';
  if (FATF_INCREASED_MONITORING.has(code)) return 'INCREASED_MONITORING';
  return undefined;
}
