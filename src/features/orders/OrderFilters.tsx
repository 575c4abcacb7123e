import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { BUSINESS_DATE_RANGE } from '@common/api';
import { ORDER_DIRECTIONS, ORDER_SORTS, ORDER_STATUSES, type OrderSort } from '@common/orders';
import { DateInput } from '@/components/ui/DateInput';
import { SearchFilter, SelectFilter } from '@/components/ui/ListFilters';
import type { OrderListQuery } from '@/features/orders/ordersApi';
import { statusChoice, statusesOfChoice } from '@/features/orders/orderListQuery';

const SORT_LABELS = {
  'orderDate,desc': 'orders.list.sort.newest',
  'orderDate,asc': 'orders.list.sort.oldest',
  'number,desc': 'orders.list.sort.numberDesc',
  'number,asc': 'orders.list.sort.numberAsc',
  'updatedAt,desc': 'orders.list.sort.updated',
  'total,desc': 'orders.list.sort.totalDesc',
  'total,asc': 'orders.list.sort.totalAsc',
} as const;

/** One end of the order date range; an emptied field removes it from the address. */
function DateFilter({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const id = useId();
  return (
    <Form.Group className="col-6 col-md-4 col-lg-2" controlId={id}>
      <Form.Label className="small mb-1">{label}</Form.Label>
      <DateInput
        id={id}
        isInvalid={false}
        aria-invalid={undefined}
        aria-describedby={undefined}
        aria-required={undefined}
        value={value ?? ''}
        onChange={(date) => onChange(date || null)}
        range={BUSINESS_DATE_RANGE}
      />
    </Form.Group>
  );
}

interface OrderFiltersProps {
  query: OrderListQuery;
  /** What is typed in the search box (the address follows after a pause). */
  text: string;
  onText: (text: string) => void;
  /** Sets address parameters (null removes one; a list repeats it), back to the first page. */
  onChange: (changes: Record<string, string | readonly string[] | null>) => void;
  /** Shown when the list is narrowed. */
  onClear: (() => void) | null;
  /** Partner people with several companies choose one of theirs. */
  partners: readonly { uuid: string; name: string }[];
  /** Whether sorting by total is offered: the person sees the amounts of every order listed. */
  totalSort: boolean;
}

const TOTAL_SORTS: readonly OrderSort[] = ['total,desc', 'total,asc'];

/** The list's search, filters and sort; each change goes into the address. */
export function OrderFilters({
  query,
  text,
  onText,
  onChange,
  onClear,
  partners,
  totalSort,
}: OrderFiltersProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form
      role="search"
      aria-label={t('orders.list.filters.label')}
      className="row g-2 align-items-end mb-3"
      onSubmit={(event) => event.preventDefault()}
    >
      <SearchFilter
        className="col-12 col-lg-4"
        label={t('orders.list.filters.search')}
        placeholder={t('orders.list.filters.searchPlaceholder')}
        value={text}
        onChange={onText}
      />
      <SelectFilter
        className="col-6 col-md-4 col-lg-2"
        label={t('orders.list.filters.status')}
        value={statusChoice(query.statuses)}
        onChange={(choice) => onChange({ status: statusesOfChoice(choice) })}
        options={[
          { value: '', label: t('orders.list.filters.anyStatus') },
          { value: 'open', label: t('orders.list.filters.open') },
          { value: 'shippable', label: t('orders.list.filters.shippable') },
          ...ORDER_STATUSES.map((status) => ({
            value: status,
            label: t(`orders.statuses.${status}`),
          })),
        ]}
      />
      <SelectFilter
        className="col-6 col-md-4 col-lg-2"
        label={t('orders.fields.direction')}
        value={query.direction ?? ''}
        onChange={(direction) => onChange({ direction: direction || null })}
        options={[
          { value: '', label: t('orders.list.filters.anyDirection') },
          ...ORDER_DIRECTIONS.map((direction) => ({
            value: direction,
            label: t(`orders.directions.${direction}`),
          })),
        ]}
      />
      <DateFilter
        label={t('orders.list.filters.from')}
        value={query.from}
        onChange={(from) => onChange({ from })}
      />
      <DateFilter
        label={t('orders.list.filters.to')}
        value={query.to}
        onChange={(to) => onChange({ to })}
      />
      {partners.length > 1 && (
        <SelectFilter
          className="col-12 col-md-4 col-lg-3"
          label={t('orders.fields.partner')}
          value={query.tradePartnerUuid ?? ''}
          onChange={(partner) => onChange({ partner: partner || null })}
          options={[
            { value: '', label: t('orders.list.filters.anyPartner') },
            ...partners.map((partner) => ({ value: partner.uuid, label: partner.name })),
          ]}
        />
      )}
      <SelectFilter
        className="col-12 col-md-4 col-lg-3"
        label={t('orders.list.sortLabel')}
        value={query.sort}
        onChange={(sort) => onChange({ sort })}
        options={ORDER_SORTS.filter((sort) => totalSort || !TOTAL_SORTS.includes(sort)).map(
          (sort) => ({ value: sort, label: t(SORT_LABELS[sort]) }),
        )}
      />
      <div className="col-12 col-md-auto pb-md-2">
        <Form.Check
          type="switch"
          role="switch"
          id={`${id}-held`}
          label={t('orders.list.filters.held')}
          checked={query.held}
          onChange={(event) => onChange({ held: event.target.checked ? 'true' : null })}
        />
      </div>
      {onClear && (
        <div className="col-12 col-md-auto">
          <Button variant="link" className="px-0 px-md-2" onClick={onClear}>
            {t('orders.list.filters.clear')}
          </Button>
        </div>
      )}
    </Form>
  );
}
