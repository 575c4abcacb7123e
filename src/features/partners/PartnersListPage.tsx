import { useEffect, useId, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { paths, partnerPath } from '@/config/paths';
import { PartnerPagination } from '@/features/partners/PartnerPagination';
import { TermsBadge, VerifiedBadge, firstCity } from '@/features/partners/PartnerBadges';
import {
  PARTNER_SORTS,
  type PartnerListQuery,
  type PartnerSort,
} from '@/features/partners/partnersApi';
import { fetchPartners, listKey, selectPartnerList } from '@/features/partners/partnersSlice';
import { EmptyState, LoadFailed, Loading } from '@/features/partners/RequestFeedback';
import { useCountryName } from '@/features/partners/useCountryName';
import { selectRoles } from '@/features/user/userSlice';
import { isStaff } from '@/lib/permissions';
import './partners.css';

export const PAGE_SIZE = 20;
/** How long typing pauses before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

const isSort = (value: string | null): value is PartnerSort =>
  (PARTNER_SORTS as readonly (string | null)[]).includes(value);

/** The list's query lives in the address (?search=&page=&sort=), so it survives reloads and Back. */
function queryFrom(params: URLSearchParams): PartnerListQuery {
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const sort = params.get('sort');
  return {
    search: params.get('search') ?? '',
    page: Number.isSafeInteger(page) && page > 0 ? page - 1 : 0,
    size: PAGE_SIZE,
    sort: isSort(sort) ? sort : 'name,asc',
  };
}

const SORT_LABELS = {
  'name,asc': 'partners.list.sort.nameAsc',
  'name,desc': 'partners.list.sort.nameDesc',
  'createdAt,desc': 'partners.list.sort.newest',
  'createdAt,asc': 'partners.list.sort.oldest',
} as const satisfies Record<PartnerSort, string>;

/**
 * /partners: staff see every trade partner, anyone else the companies they belong to (the
 * server decides). Searched, sorted and paged by the server.
 */
export function PartnersListPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const query = queryFrom(params);
  const key = listKey(query);
  const list = useAppSelector(selectPartnerList);
  const staff = isStaff(useAppSelector(selectRoles));
  const countryName = useCountryName();
  const searchId = useId();

  useEffect(() => {
    void dispatch(fetchPartners(query));
    // The key stands for the query.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dispatch, key]);

  // What is typed; the address follows 300 ms after the typing stops.
  const [text, setText] = useState(query.search);
  const [shownSearch, setShownSearch] = useState(query.search);
  if (shownSearch !== query.search) {
    // The address changed by other means (Back, a link): show its search.
    setShownSearch(query.search);
    setText(query.search);
  }
  useEffect(() => {
    if (text === query.search) return;
    const timer = window.setTimeout(() => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (text.trim()) next.set('search', text);
          else next.delete('search');
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, query.search, setParams]);

  const update = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null) next.delete(name);
        else next.set(name, value);
      }
      return next;
    });

  // While another page loads the last one stays, dimmed.
  const page = list.page;
  const current = list.key === key ? list : null;
  const rows = page?.content ?? [];
  const firstLoad = !page && list.status === 'loading';

  return (
    <>
      <div className="app-page-header d-flex flex-wrap align-items-center gap-3">
        <h1 className="h3 mb-0 me-auto">{t('partners.list.title')}</h1>
        {staff && (
          <Link to={paths.partnersNew} className="btn btn-primary">
            {t('partners.list.newPartner')}
          </Link>
        )}
      </div>
      <Card className="shadow-sm">
        <Card.Body>
          <Form
            role="search"
            className="row g-2 align-items-end mb-3"
            onSubmit={(event) => event.preventDefault()}
          >
            <Form.Group className="col-12 col-md" controlId={`${searchId}-search`}>
              <Form.Label className="small mb-1">{t('partners.list.searchLabel')}</Form.Label>
              <Form.Control
                type="search"
                value={text}
                placeholder={t('partners.list.searchPlaceholder')}
                onChange={(event) => setText(event.target.value)}
                autoComplete="off"
              />
            </Form.Group>
            <Form.Group className="col-12 col-md-auto" controlId={`${searchId}-sort`}>
              <Form.Label className="small mb-1">{t('partners.list.sortLabel')}</Form.Label>
              <Form.Select
                value={query.sort}
                onChange={(event) => update({ sort: event.target.value, page: null })}
              >
                {PARTNER_SORTS.map((sort) => (
                  <option key={sort} value={sort}>
                    {t(SORT_LABELS[sort])}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
          </Form>

          {current?.status === 'failed' && (
            <LoadFailed
              message={t('partners.list.loadFailed')}
              onRetry={() => void dispatch(fetchPartners(query))}
            />
          )}
          {firstLoad && <Loading label={t('partners.list.loading')} />}
          {page && rows.length === 0 && current?.status === 'succeeded' && (
            <EmptyState>
              {query.search.trim()
                ? t('partners.list.noMatches', { search: query.search.trim() })
                : staff
                  ? t('partners.list.empty')
                  : t('partners.list.emptyOwn')}
            </EmptyState>
          )}
          {rows.length > 0 && (
            <div
              className="partners-table-wrap table-responsive"
              aria-busy={list.status === 'loading' || undefined}
              data-loading={list.status === 'loading' || undefined}
            >
              <Table hover className="partners-table align-middle mb-0">
                <caption className="visually-hidden">{t('partners.list.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('partners.list.columns.name')}</th>
                    <th scope="col">{t('partners.list.columns.coc')}</th>
                    <th scope="col">{t('partners.list.columns.vat')}</th>
                    <th scope="col">{t('partners.list.columns.country')}</th>
                    <th scope="col">{t('partners.list.columns.city')}</th>
                    <th scope="col">{t('partners.list.columns.verified')}</th>
                    <th scope="col">{t('partners.list.columns.terms')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((partner) => (
                    <tr key={partner.uuid}>
                      <th scope="row" className="partners-name">
                        <Link to={partnerPath(partner.uuid)}>{partner.name}</Link>
                      </th>
                      <td data-label={t('partners.list.columns.coc')}>
                        {partner.cocNumber ?? '–'}
                      </td>
                      <td data-label={t('partners.list.columns.vat')}>
                        {partner.vatNumber ?? '–'}
                      </td>
                      <td data-label={t('partners.list.columns.country')}>
                        {countryName(partner.country)}
                      </td>
                      <td data-label={t('partners.list.columns.city')}>
                        {firstCity(partner) ?? '–'}
                      </td>
                      <td data-label={t('partners.list.columns.verified')}>
                        <VerifiedBadge verified={partner.verified} />
                      </td>
                      <td data-label={t('partners.list.columns.terms')}>
                        <TermsBadge accepted={partner.termsAccepted} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          )}
          {page && page.totalElements > 0 && (
            <PartnerPagination
              page={page.page}
              size={page.size}
              totalPages={page.totalPages}
              totalElements={page.totalElements}
              onChange={(next) => update({ page: next === 0 ? null : String(next + 1) })}
            />
          )}
        </Card.Body>
      </Card>
    </>
  );
}
