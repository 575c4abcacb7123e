import type { ReactNode } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import './DataTable.css';

interface DataTableProps {
  /** Read by screen readers only. */
  caption: string;
  columns: readonly string[];
  /** Adds a last column, unlabelled on screen, for each row's buttons. */
  withActions?: boolean;
  /** Highlights the row under the pointer (rows that link somewhere). */
  hover?: boolean;
  /** The rows. */
  children: ReactNode;
}

/**
 * A responsive table of records: on narrow screens each row becomes a card, each cell a
 * 'label value' line (cells carry their column in `data-label`).
 */
export function DataTable({
  caption,
  columns,
  withActions = false,
  hover = false,
  children,
}: DataTableProps) {
  const { t } = useTranslation();
  return (
    <div className="table-responsive">
      <Table hover={hover} className="data-table align-middle mb-0">
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
                <span className="visually-hidden">{t('ui.actions')}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </Table>
    </div>
  );
}
