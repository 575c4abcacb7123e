import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A move in a trail: the status it left (when known), an arrow, the status it reached. */
export function StatusChange({ from, to }: { from: ReactNode; to: ReactNode }) {
  const { t } = useTranslation();
  return (
    <span className="d-inline-flex flex-wrap align-items-center gap-2">
      {from && (
        <>
          {from}
          <span aria-hidden="true">→</span>
          <span className="visually-hidden">{t('ui.history.to')}</span>
        </>
      )}
      {to}
    </span>
  );
}
