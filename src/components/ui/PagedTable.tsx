import type { ReactNode } from 'react';
import type { Page } from '@common/api';
import { DataTable } from '@/components/ui/DataTable';
import { ListPagination } from '@/components/ui/ListPagination';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import type { RequestStatus } from '@/lib/request-state';

interface PagedTableProps {
  /** The page shown; while another one loads it stays, dimmed. */
  page: Page<unknown> | null;
  /** The request for the page the screen asks for; undefined before it starts. */
  status: RequestStatus | undefined;
  /** Some page is on its way (dims the table). */
  busy: boolean;
  failed: string;
  loading: string;
  empty: string;
  onRetry: () => void;
  caption: string;
  columns: readonly string[];
  /** A last column, unlabelled on screen, for each row's buttons. */
  withActions?: boolean;
  /** A zero-based page was picked. */
  onPageChange: (page: number) => void;
  /** The rows of `page`. */
  children: ReactNode;
}

/** A server-paged list: what its request says, its rows (hover to pick one) and its pages. */
export function PagedTable({
  page,
  status,
  busy,
  failed,
  loading,
  empty,
  onRetry,
  caption,
  columns,
  withActions = false,
  onPageChange,
  children,
}: PagedTableProps) {
  const count = page?.content.length ?? 0;
  return (
    <>
      <ListFeedback
        status={status}
        count={count}
        failed={failed}
        loading={loading}
        empty={empty}
        onRetry={onRetry}
      />
      {count > 0 && (
        <div
          className="data-table-wrap"
          aria-busy={busy || undefined}
          data-loading={busy || undefined}
        >
          <DataTable hover caption={caption} columns={columns} withActions={withActions}>
            {children}
          </DataTable>
        </div>
      )}
      <ListPagination page={page} onChange={onPageChange} />
    </>
  );
}
