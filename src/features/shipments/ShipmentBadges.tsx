import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShipmentStatus, TransportMode, TransportStatus } from '@common/shipments';
import { Icon, IconFrame } from '@/components/ui/Icon';
import { StatusBadge } from '@/components/ui/StatusBadge';

/** Each status's badge colour (Bootstrap text-bg-*), legible in light and dark mode. */
const SHIPMENT_VARIANTS: Record<ShipmentStatus, string> = {
  PLANNED: 'secondary',
  IN_TRANSIT: 'info',
  DELIVERED: 'success',
  CANCELLED: 'dark',
};

const LEG_VARIANTS: Record<TransportStatus, string> = {
  PLANNED: 'secondary',
  DEPARTED: 'info',
  ARRIVED: 'success',
  CANCELLED: 'dark',
};

/** A shipment's status, coloured by how far it has got. */
export function ShipmentStatusBadge({ status }: { status: ShipmentStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge variant={SHIPMENT_VARIANTS[status]}>
      {t(`shipments.statuses.${status}`)}
    </StatusBadge>
  );
}

/** A leg's status. */
export function LegStatusBadge({ status }: { status: TransportStatus }) {
  const { t } = useTranslation();
  return (
    <StatusBadge variant={LEG_VARIANTS[status]}>{t(`shipments.legStatuses.${status}`)}</StatusBadge>
  );
}

/** 'Late': said in words and with a clock, not by colour alone; `title` says what is late. */
export function LateBadge({ title }: { title?: string }) {
  const { t } = useTranslation();
  return (
    <span className="badge text-bg-danger d-inline-flex align-items-center gap-1" title={title}>
      <Icon name="clock" size={12} />
      {t('shipments.late.badge')}
      {title && <span className="visually-hidden">: {title}</span>}
    </span>
  );
}

/** Each mode's drawing, in the app's icon style. */
const MODE_DRAWINGS: Record<Exclude<TransportMode, 'ROAD'>, ReactElement> = {
  SEA: (
    <>
      <path d="M2 20c1.5 1 3 1 4.5 0s3-1 4.5 0 3 1 4.5 0 3-1 4.5 0" />
      <path d="M4 17 3 12h18l-2 5" />
      <path d="M12 12V3l5 6h-5" />
    </>
  ),
  AIR: (
    <path d="M17.8 19.2 16 11l3.5-3.5C21 6 21.5 4 21 3c-1-.5-3 0-4.5 1.5L13 8 4.8 6.2c-.5-.1-.9.1-1.1.5l-.3.5c-.2.5-.1 1 .3 1.3L9 12l-2 3H4l-1 1 3 2 2 3 1-1v-3l3-2 3.5 5.3c.3.4.8.5 1.3.3l.5-.2c.4-.3.6-.7.5-1.2z" />
  ),
  RAIL: (
    <>
      <rect x="5" y="3" width="14" height="13" rx="2" />
      <path d="M5 10h14M9 20l-2 2M15 20l2 2M9 16v.01M15 16v.01" />
    </>
  ),
};

/** A leg's mode: its drawing and its name. */
export function TransportModeLabel({ mode }: { mode: TransportMode }) {
  const { t } = useTranslation();
  return (
    <span className="d-inline-flex align-items-center gap-1 fw-semibold">
      {mode === 'ROAD' ? <Icon name="truck" /> : <IconFrame>{MODE_DRAWINGS[mode]}</IconFrame>}
      {t(`shipments.modes.${mode}`)}
    </span>
  );
}
