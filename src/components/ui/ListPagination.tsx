import Pagination from 'react-bootstrap/Pagination';
import { useTranslation } from 'react-i18next';
import type { Page } from '@common/api';

interface ListPaginationProps {
  /** The page shown (its `page` counts from 0); nothing is shown for an empty list. */
  page: Omit<Page<unknown>, 'content'> | null;
  onChange: (page: number) => void;
}

/** The page numbers to offer: the first, the last and two either side of the current one. */
function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  const shown = new Set([0, totalPages - 1]);
  for (let index = page - 2; index <= page + 2; index += 1) {
    if (index >= 0 && index < totalPages) shown.add(index);
  }
  const sorted = [...shown].filter((index) => index >= 0).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((index, position) => {
    if (position > 0 && index - sorted[position - 1]! > 1) result.push('gap');
    result.push(index);
  });
  return result;
}

/**
 * 'Showing 21–40 of 45' and the page links (one page: only the count); 'of more than 10000'
 * when the server stopped counting (LIST_COUNT_CAP).
 */
export function ListPagination({ page: shown, onChange }: ListPaginationProps) {
  const { t } = useTranslation();
  if (!shown || shown.totalElements === 0) return null;
  const { page, size, totalPages, totalElements } = shown;
  const from = page * size + 1;
  const to = Math.min(totalElements, (page + 1) * size);
  const last = totalPages - 1;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <p className="small text-body-secondary mb-0" aria-live="polite">
        {shown.totalCapped
          ? t('ui.pagination.rangeCapped', { from, to, total: totalElements })
          : t('ui.pagination.range', { from, to, total: totalElements })}
      </p>
      {totalPages > 1 && (
        <nav aria-label={t('ui.pagination.label')}>
          <Pagination className="mb-0 flex-wrap" size="sm">
            <Pagination.Item disabled={page === 0} onClick={() => onChange(page - 1)}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{t('ui.pagination.previous')}</span>
            </Pagination.Item>
            {pageWindow(page, totalPages).map((item, index) =>
              item === 'gap' ? (
                <Pagination.Item key={`gap-${index}`} disabled aria-hidden="true">
                  …
                </Pagination.Item>
              ) : (
                <Pagination.Item
                  key={item}
                  active={item === page}
                  activeLabel=""
                  aria-current={item === page ? 'page' : undefined}
                  onClick={() => onChange(item)}
                  aria-label={
                    item === page ? undefined : t('ui.pagination.goToPage', { page: item + 1 })
                  }
                >
                  {item + 1}
                </Pagination.Item>
              ),
            )}
            <Pagination.Item disabled={page >= last} onClick={() => onChange(page + 1)}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{t('ui.pagination.next')}</span>
            </Pagination.Item>
          </Pagination>
        </nav>
      )}
    </div>
  );
}
