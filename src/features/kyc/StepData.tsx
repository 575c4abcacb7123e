import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/ui/DataTable';
import { translatedByCode } from '@/features/kyc/kycLabels';
import { formatDate, formatDateTime } from '@/lib/format';

type Row = Record<string, unknown>;

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isEmpty = (value: unknown) =>
  value === null ||
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isRow(value) && Object.keys(value).length === 0);

/** 'ownershipPercentage' or 'ownership_percentage' → 'Ownership percentage'. */
function fieldWords(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's name: the app's translation when it knows the field, else its key in words. */
export const fieldLabel = (key: string) => translatedByCode('kyc.fields', key, {}, fieldWords(key));

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function Value({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return <>{value ? t('kyc.data.yes') : t('kyc.data.no')}</>;
  if (typeof value === 'string') {
    if (DATE.test(value)) return <>{formatDate(value)}</>;
    if (DATE_TIME.test(value)) return <>{formatDateTime(value)}</>;
    return <>{value}</>;
  }
  if (typeof value === 'number') return <>{value}</>;
  if (Array.isArray(value)) {
    if (value.every(isRow)) return <RowsTable rows={value} />;
    return (
      <>{value.map((item) => (isRow(item) ? JSON.stringify(item) : String(item))).join(', ')}</>
    );
  }
  if (isRow(value)) return <Fields data={value} nested />;
  return <>{String(value)}</>;
}

/** A list of records (people: directors, owners...) as a small table of their fields. */
function RowsTable({ rows }: { rows: Row[] }) {
  const { t } = useTranslation();
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((key) =>
    rows.some((row) => !isEmpty(row[key])),
  );
  const labels = keys.map(fieldLabel);
  return (
    <div className="kyc-rows">
      <DataTable caption={t('kyc.data.rows')} columns={labels}>
        {rows.map((row, index) => (
          <tr key={index}>
            {keys.map((key, column) => (
              <td key={key} data-label={labels[column]}>
                {isEmpty(row[key]) ? '–' : <Value value={row[key]} />}
              </td>
            ))}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** A step's data object as a definition list; nested records as nested lists or tables. */
function Fields({ data, nested = false }: { data: Row; nested?: boolean }) {
  const entries = Object.entries(data).filter(([, value]) => !isEmpty(value));
  return (
    <dl className={`row mb-0 kyc-dl${nested ? ' kyc-dl-nested' : ''}`}>
      {entries.map(([key, value]) => (
        <div key={key} className="col-12 d-sm-flex gap-3 py-1">
          <dt className="kyc-dl-term">{fieldLabel(key)}</dt>
          <dd className="mb-0 flex-grow-1 min-w-0">
            <Value value={value} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** What the partner filled in for a step, readable; a sentence while it is empty. */
export function StepData({ data }: { data: Row }) {
  const { t } = useTranslation();
  if (Object.values(data).every(isEmpty)) {
    return <p className="text-body-secondary mb-0">{t('kyc.step.noData')}</p>;
  }
  return <Fields data={data} />;
}
