import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PARTNER_SORTS, type PartnerSort } from '@common/partners';
import { isStaff } from '@common/roles';
import { partnerPermissions } from '@/companies/partnerAccess';
import { TermsButton } from '@/session/TermsButton';
import { useAppSelector } from '@/store/hooks';
import { usePagedList } from '@/store/usePagedList';
import { orderNewPath, paths, partnerPath } from '@/config/paths';
import { SearchFilter, SelectFilter } from '@/components/ui/ListFilters';
import { PagedTable } from '@/components/ui/PagedTable';
import { TermsBadge, VerifiedBadge, firstCity } from '@/features/partners/PartnerBadges';
import { type PartnerListQuery } from '@/features/partners/partnersApi';
import { fetchPartners, listKey, selectPartnerList } from '@/features/partners/partnersSlice';
import { useCountryName } from '@/countries/useCountryName';
import { selectRoles } from '@/session/userSlice';
import {
  pageFromParams,
  pageParam,
  useDebouncedSearchParam,
  useSetListParams,
} from '@/lib/useListParams';
import './partners.css';

export const PAGE_SIZE = 20;
/** How long typing pauses before the list is searched. */
export const SEARCH_DEBOUNCE_MS = 300;

const isSort = (value: string | null): value is PartnerSort =>
  (PARTNER_SORTS as readonly (string | null)[]).includes(value);

/** The list's query lives in the address (?search=&page=&sort=), so it survives reloads and Back. */
function queryFrom(params: URLSearchParams): PartnerListQuery {
  const sort = params.get('sort');
  return {
    search: params.get('search') ?? '',
    page: pageFromParams(params),
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
  const [params] = useSearchParams();
  const query = queryFrom(params);
  const { list, current, retry } = usePagedList(query, {
    keyOf: listKey,
    fetch: fetchPartners,
    select: selectPartnerList,
  });
  const roles = useAppSelector(selectRoles);
  const staff = isStaff(roles);
  const countryName = useCountryName();

  // What is typed; the address follows 300 ms after the typing stops.
  const [text, setText] = useDebouncedSearchParam('search', SEARCH_DEBOUNCE_MS);
  const update = useSetListParams();

  // While another page loads the last one stays, dimmed.
  const page = list.data;
  const rows = page?.content ?? [];

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
            <SearchFilter
              label={t('partners.list.searchLabel')}
              placeholder={t('partners.list.searchPlaceholder')}
              value={text}
              onChange={setText}
            />
            <SelectFilter
              label={t('partners.list.sortLabel')}
              value={query.sort}
              onChange={(sort) => update({ sort, page: null })}
              options={PARTNER_SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }))}
            />
          </Form>

          <PagedTable
            status={current?.status}
            failed={t('partners.list.loadFailed')}
            loading={t('partners.list.loading')}
            empty={
              query.search.trim()
                ? t('partners.list.noMatches', { search: query.search.trim() })
                : staff
                  ? t('partners.list.empty')
                  : t('partners.list.emptyOwn')
            }
            onRetry={retry}
            busy={list.status === 'loading'}
            caption={t('partners.list.caption')}
            columns={[
              t('partners.list.columns.name'),
              t('partners.list.columns.coc'),
              t('partners.list.columns.vat'),
              t('partners.list.columns.country'),
              t('partners.list.columns.city'),
              t('partners.list.columns.verified'),
              t('partners.list.columns.terms'),
            ]}
            page={page}
            withActions={staff}
            onPageChange={(next) => update({ page: pageParam(next) })}
          >
            {rows.map((partner) => (
              <tr key={partner.uuid}>
                <th scope="row" className="data-table-name">
                  <Link to={partnerPath(partner.uuid)}>{partner.name}</Link>
                </th>
                <td data-label={t('partners.list.columns.coc')}>{partner.cocNumber ?? '–'}</td>
                <td data-label={t('partners.list.columns.vat')}>{partner.vatNumber ?? '–'}</td>
                <td data-label={t('partners.list.columns.country')}>
                  {countryName(partner.country)}
                </td>
                <td data-label={t('partners.list.columns.city')}>{firstCity(partner) ?? '–'}</td>
                <td data-label={t('partners.list.columns.verified')}>
                  <VerifiedBadge verified={partner.verified} />
                </td>
                <td data-label={t('partners.list.columns.terms')}>
                  <div className="d-flex flex-wrap align-items-center justify-content-end justify-content-md-start gap-2">
                    <TermsBadge accepted={partner.termsAccepted} />
                    {!partner.termsAccepted && partnerPermissions(roles, partner).acceptTerms && (
                      <TermsButton partner={partner} canAccept />
                    )}
                  </div>
                </td>
                {staff && (
                  <td className="text-md-end">
                    <Link
                      to={orderNewPath(partner.uuid)}
                      className="btn btn-outline-primary btn-sm text-nowrap"
                      aria-label={t('orders.actions.newFor', { partner: partner.name })}
                    >
                      {t('orders.actions.new')}
                    </Link>
                  </td>
                )}
              </tr>
            ))}
          </PagedTable>
        </Card.Body>
      </Card>
    </>
  );
}
