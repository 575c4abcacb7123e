import type { ReactNode } from 'react';

/** A record's status as a badge in a Bootstrap colour (text-bg-*), legible in light and dark. */
export function StatusBadge({ variant, children }: { variant: string; children: ReactNode }) {
  return <span className={`badge text-bg-${variant}`}>{children}</span>;
}
