import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { usePagedList } from '@/store/usePagedList';
import { SelectFilter } from '@/components/ui/ListFilters';
import { PagedTable } from '@/components/ui/PagedTable';
import { kycCustomerPath, paths } from '@/config/paths';
import { KycStatusBadge, RiskLevelBadge } from '@/features/kyc/submissions/KycBadges';
import { KycFileLink } from '@/features/kyc/submissions/KycFileLink';
import {
  customerListKey,
  fetchCustomers,
  selectCustomerList,
  type CustomerListQuery,
  type CustomerSort,
} from '@/features/kyc/customers/customersSlice';
import { formatDate, formatDateTime } from '@/lib/format';
import { pageFromParams, pageParam, useSetListParams } from '@/lib/useListParams';

const PAGE_SIZE = 20;

const SORT_LABELS = {
  'name,asc': 'kycCustomers.sort.nameAsc',
  'name,desc': 'kycCustomers.sort.nameDesc',
  'status,asc': 'kycCustomers.sort.status',
  'updatedAt,desc': 'kycCustomers.sort.updated',
  'decidedAt,desc': 'kycCustomers.sort.decidedNewest',
  'decidedAt,asc': 'kycCustomers.sort.decidedOldest',
} as const satisfies Partial<Record<CustomerSort, string>>;
type Sort = keyof typeof SORT_LABELS;
const SORTS = Object.keys(SORT_LABELS) as Sort[];

const isSort = (value: string | null): value is Sort => SORTS.some((sort) => sort === value);

/** The list's query from the address: ?sort=&page=. */
function queryFrom(params: URLSearchParams): CustomerListQuery {
  const sort = params.get('sort');
  return { page: pageFromParams(params), size: PAGE_SIZE, sort: isSort(sort) ? sort : SORTS[0]! };
}

/**
 * /kyc/customers (staff): each company with a KYC file and its latest file's status, risk and
 * decision date, paged and sorted by the server (GET /api/kyc/customers).
 */
export function KycCustomersPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = queryFrom(params);
  const { list, current, retry } = usePagedList(query, {
    keyOf: customerListKey,
    fetch: fetchCustomers,
    select: selectCustomerList,
  });
  const update = useSetListParams();

  const page = list.data;
  const rows = page?.content ?? [];
  const column = {
    company: t('kycCustomers.columns.company'),
    status: t('kycCustomers.columns.status'),
    risk: t('kycCustomers.columns.riskLevel'),
    decided: t('kycCustomers.columns.decidedAt'),
    updated: t('kycCustomers.columns.updatedAt'),
    file: t('kycCustomers.columns.latestFile'),
  };

  return (
    <>
      <div className="app-page-header d-flex flex-wrap align-items-center justify-content-between gap-2">
        <h1 className="h3 mb-0">{t('kycCustomers.title')}</h1>
        <Link to={paths.kyc} className="btn btn-outline-primary btn-sm">
          {t('kycCustomers.toSubmissions')}
        </Link>
      </div>
      <Card className="shadow-sm">
        <Card.Body>
          <Form
            className="row g-2 align-items-end mb-3"
            onSubmit={(event) => event.preventDefault()}
          >
            <SelectFilter
              className="col-12 col-sm-6 col-md-auto"
              label={t('kycCustomers.sortLabel')}
              value={query.sort}
              onChange={(sort) => update({ sort, page: null })}
              options={SORTS.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }))}
            />
          </Form>
          <PagedTable
            status={current?.status}
            failed={t('kycCustomers.loadFailed')}
            loading={t('kycCustomers.loading')}
            empty={t('kycCustomers.empty')}
            onRetry={retry}
            busy={list.status === 'loading'}
            caption={t('kycCustomers.caption')}
            columns={Object.values(column)}
            page={page}
            onPageChange={(next) => update({ page: pageParam(next) })}
          >
            {rows.map((customer) => (
              <tr key={customer.customerId}>
                <th scope="row" className="data-table-name">
                  <Link to={kycCustomerPath(customer.customerUuid)}>{customer.name}</Link>
                </th>
                <td data-label={column.status}>
                  <KycStatusBadge status={customer.status} />
                </td>
                <td data-label={column.risk}>
                  <RiskLevelBadge level={customer.riskLevel} />
                </td>
                <td data-label={column.decided}>
                  {customer.decidedAt ? (
                    formatDate(customer.decidedAt)
                  ) : (
                    <span className="text-body-secondary">{t('kycCustomers.notDecided')}</span>
                  )}
                </td>
                <td data-label={column.updated}>{formatDateTime(customer.updatedAt)}</td>
                <td data-label={column.file}>
                  <KycFileLink id={customer.latestKycId} />
                </td>
              </tr>
            ))}
          </PagedTable>
        </Card.Body>
      </Card>
    </>
  );
}
