import Pagination from 'react-bootstrap/Pagination';
import { useTranslation } from 'react-i18next';

interface PartnerPaginationProps {
  /** Zero-based. */
  page: number;
  size: number;
  totalPages: number;
  totalElements: number;
  onChange: (page: number) => void;
}

/** The page numbers to offer: the first, the last and two either side of the current one. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
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

/** 'Showing 21–40 of 45' and the page links (one page: only the count). */
export function PartnerPagination({
  page,
  size,
  totalPages,
  totalElements,
  onChange,
}: PartnerPaginationProps) {
  const { t } = useTranslation();
  const from = page * size + 1;
  const to = Math.min(totalElements, (page + 1) * size);
  const last = totalPages - 1;
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mt-3">
      <p className="small text-body-secondary mb-0" aria-live="polite">
        {t('partners.list.range', { from, to, total: totalElements })}
      </p>
      {totalPages > 1 && (
        <nav aria-label={t('partners.list.pagination')}>
          <Pagination className="mb-0 flex-wrap" size="sm">
            <Pagination.Item disabled={page === 0} onClick={() => onChange(page - 1)}>
              <span aria-hidden="true">‹</span>
              <span className="visually-hidden">{t('partners.list.previousPage')}</span>
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
                    item === page ? undefined : t('partners.list.goToPage', { page: item + 1 })
                  }
                >
                  {item + 1}
                </Pagination.Item>
              ),
            )}
            <Pagination.Item disabled={page >= last} onClick={() => onChange(page + 1)}>
              <span aria-hidden="true">›</span>
              <span className="visually-hidden">{t('partners.list.nextPage')}</span>
            </Pagination.Item>
          </Pagination>
        </nav>
      )}
    </div>
  );
}
