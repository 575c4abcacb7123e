import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import './partners.css';

interface PartnerTableProps {
  /** Read by screen readers only. */
  caption: string;
  columns: readonly string[];
  /** Adds a last column, unlabelled on screen, for each row's buttons. */
  withActions?: boolean;
  /** The rows. */
  children: ReactNode;
}

/** A responsive list of a partner's records (contacts, members, invitations). */
export function PartnerTable({
  caption,
  columns,
  withActions = false,
  children,
}: PartnerTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive">
      <Table className="partners-table align-middle mb-0">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
            {withActions && (
              <th scope="col">
                <span className="visually-hidden">{t('partners.actions.label')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </div>
  );
}
