import { useTranslation } from 'react-i18next';
import { kycBadgeVariant } from '@common/kyc';
import { STEP_PROGRESS_VARIANTS, type StepProgressState } from '@common/kyc-progress';
import { RISK_LEVEL_KEYS, SEVERITY_VARIANTS, statusLabel } from '@/features/kyc/kycLabels';
import type { FindingSeverity as Severity, RiskLevel } from '@common/kyc';

/** A Bootstrap badge whose text contrasts with its colour in light and dark mode alike. */
function Pill({ variant, children }: { variant: string; children: string }) {
  return <span className={`badge text-bg-${variant}`}>{children}</span>;
}

/** A submission's or a step's status, coloured as SPEC section 4 says. */
export function KycStatusBadge({ status }: { status: string }) {
  // Re-renders in a new language: statusLabel reads the current one.
  useTranslation();
  return <Pill variant={kycBadgeVariant(status)}>{statusLabel(status)}</Pill>;
}

/** How far a step has got (decision 029), the same in the file, the lists and the dashboard. */
export function StepProgressBadge({ state }: { state: StepProgressState }) {
  const { t } = useTranslation();
  return <Pill variant={STEP_PROGRESS_VARIANTS[state]}>{t(`kycProgress.states.${state}`)}</Pill>;
}

export function RiskLevelBadge({ level }: { level: RiskLevel | null | undefined }) {
  const { t } = useTranslation();
  if (!level) return <span className="text-body-secondary">{t('kyc.riskLevels.none')}</span>;
  return <Pill variant={SEVERITY_VARIANTS[level]}>{t(RISK_LEVEL_KEYS[level])}</Pill>;
}

export function SeverityBadge({ severity }: { severity: Severity }) {
  const { t } = useTranslation();
  return <Pill variant={SEVERITY_VARIANTS[severity]}>{t(`kyc.severities.${severity}`)}</Pill>;
}
