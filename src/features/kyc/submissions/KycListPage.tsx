import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { KYC_STATUSES } from '@common/kyc';
import { isStaff } from '@common/roles';
import { useAppSelector } from '@/store/hooks';
import { usePagedList } from '@/store/usePagedList';
import { SearchFilter, SelectFilter } from '@/components/ui/ListFilters';
import { PagedTable } from '@/components/ui/PagedTable';
import { paths } from '@/config/paths';
import { KycStatusBadge, RiskLevelBadge } from '@/features/kyc/submissions/KycBadges';
import { KycFileLink, ReviewerName } from '@/features/kyc/submissions/KycFileLink';
import { KycProgress } from '@/features/kyc/submissions/KycProgress';
import { statusLabel } from '@/features/kyc/kycLabels';
import { isKycStatus } from '@/features/kyc/kycModel';
import { selectKycList } from '@/features/kyc/kycSlice';
import { fetchKycList, kycListKey, type KycListQuery } from '@/features/kyc/kycThunks';
import { selectRoles, selectUser } from '@/session/userSlice';
import { formatDateTime } from '@/lib/format';
import {
  pageFromParams,
  pageParam,
  useDebouncedSearchParam,
  useSetListParams,
} from '@/lib/useListParams';

const KYC_PAGE_SIZE = 20;
/** How long typing pauses before the list is searched. */
const SEARCH_DEBOUNCE_MS = 300;

const KYC_SORTS = [
  'updatedAt,desc',
  'createdAt,desc',
  'createdAt,asc',
  'tradePartnerName,asc',
  'status,asc',
] as const;
type KycSort = (typeof KYC_SORTS)[number];

const SORT_LABELS = {
  'updatedAt,desc': 'kyc.list.sort.updated',
  'createdAt,desc': 'kyc.list.sort.newest',
  'createdAt,asc': 'kyc.list.sort.oldest',
  'tradePartnerName,asc': 'kyc.list.sort.company',
  'status,asc': 'kyc.list.sort.status',
} as const satisfies Record<KycSort, string>;

const isSort = (value: string | null): value is KycSort =>
  (KYC_SORTS as readonly (string | null)[]).includes(value);

/** The list's query from the address: ?status=&search=&mine=1&sort=&page=. */
function queryFrom(params: URLSearchParams, reviewerId: number | null): KycListQuery {
  const status = params.get('status');
  const sort = params.get('sort');
  return {
    statuses: isKycStatus(status) ? [status] : [],
    search: params.get('search') ?? '',
    reviewerId: params.get('mine') === '1' ? reviewerId : null,
    page: pageFromParams(params),
    size: KYC_PAGE_SIZE,
    sort: isSort(sort) ? sort : KYC_SORTS[0],
  };
}

/**
 * /kyc: the KYC submissions the person may see (staff all, partner people their companies'; the
 * server decides), filtered and paged by the server (GET /api/kyc/filter).
 */
export function KycListPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const staff = isStaff(useAppSelector(selectRoles));
  const userId = useAppSelector(selectUser)?.id ?? null;
  const query = queryFrom(params, staff ? userId : null);
  const { list, current, retry } = usePagedList(query, {
    keyOf: kycListKey,
    fetch: fetchKycList,
    select: selectKycList,
  });
  const formId = useId();
  const [text, setText] = useDebouncedSearchParam('search', SEARCH_DEBOUNCE_MS);
  const update = useSetListParams();

  const page = list.data;
  const rows = page?.content ?? [];
  const filtered = query.statuses.length > 0 || query.search.trim() !== '' || params.has('mine');

  return (
    <>
      <div className="app-page-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h1 className="h3 mb-0">{staff ? t('kyc.list.title') : t('pages.kyc')}</h1>
        {staff && (
          <Link to={paths.kycCustomers} className="btn btn-outline-primary btn-sm">
            {t('kycCustomers.toCustomers')}
          </Link>
        )}
      </div>
      <Card className="shadow-sm">
        <Card.Body>
          <Form
            role="search"
            aria-label={t('kyc.list.filters.label')}
            className="row g-2 align-items-end mb-3"
            onSubmit={(event) => event.preventDefault()}
          >
            <SearchFilter
              label={t('kyc.list.filters.search')}
              placeholder={t('kyc.list.filters.searchPlaceholder')}
              value={text}
              onChange={setText}
            />
            <SelectFilter
              className="col-12 col-sm-6 col-md-auto"
              label={t('kyc.list.filters.status')}
              value={query.statuses[0] ?? ''}
              onChange={(status) => update({ status: status || null, page: null })}
              options={[
                { value: '', label: t('kyc.list.filters.anyStatus') },
                ...KYC_STATUSES.map((status) => ({ value: status, label: statusLabel(status) })),
              ]}
            />
            <SelectFilter
              className="col-12 col-sm-6 col-md-auto"
              label={t('kyc.list.sortLabel')}
              value={query.sort}
              onChange={(sort) => update({ sort, page: null })}
              options={KYC_SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }))}
            />
            {staff && (
              <div className="col-12 col-md-auto pb-md-2">
                <Form.Check
                  type="switch"
                  role="switch"
                  id={`${formId}-mine`}
                  label={t('kyc.list.filters.assignedToMe')}
                  checked={params.get('mine') === '1'}
                  onChange={(event) =>
                    update({ mine: event.target.checked ? '1' : null, page: null })
                  }
                />
              </div>
            )}
            {filtered && (
              <div className="col-12 col-md-auto">
                <Button
                  variant="link"
                  className="px-0 px-md-2"
                  onClick={() => {
                    setText('');
                    update({ status: null, search: null, mine: null, page: null });
                  }}
                >
                  {t('kyc.list.filters.clear')}
                </Button>
              </div>
            )}
          </Form>

          <PagedTable
            status={current?.status}
            failed={t('kyc.list.loadFailed')}
            loading={t('kyc.list.loading')}
            empty={filtered ? t('kyc.list.noMatches') : t('kyc.list.empty')}
            onRetry={retry}
            busy={list.status === 'loading'}
            caption={t('kyc.list.caption')}
            columns={[
              t('kyc.list.columns.submission'),
              t('kyc.list.columns.company'),
              t('kyc.list.columns.status'),
              t('kycProgress.column'),
              t('kyc.list.columns.reviewer'),
              t('kyc.list.columns.updatedAt'),
              // The risk is the reviewers' view (decision 018): partner people get no column.
              ...(staff ? [t('kyc.list.columns.riskLevel')] : []),
            ]}
            page={page}
            onPageChange={(next) => update({ page: pageParam(next) })}
          >
            {rows.map((submission) => (
              <tr key={submission.id}>
                <th scope="row" className="data-table-name">
                  <KycFileLink id={submission.id} />
                </th>
                <td data-label={t('kyc.list.columns.company')}>{submission.tradePartnerName}</td>
                <td data-label={t('kyc.list.columns.status')}>
                  <KycStatusBadge status={submission.status} />
                </td>
                <td data-label={t('kycProgress.column')}>
                  <KycProgress progress={submission.progress} compact />
                </td>
                <td data-label={t('kyc.list.columns.reviewer')}>
                  <ReviewerName submission={submission} />
                </td>
                <td data-label={t('kyc.list.columns.updatedAt')}>
                  {formatDateTime(submission.updatedAt)}
                </td>
                {staff && (
                  <td data-label={t('kyc.list.columns.riskLevel')}>
                    <RiskLevelBadge level={submission.riskLevel} />
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
