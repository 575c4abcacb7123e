import { createContext, useContext, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import type { Document } from '@common/documents';
import type { KycStepType } from '@common/kyc';
import type { FieldChange } from '@common/kyc-responses';
import { valueText } from '@common/kyc-step-fields';
import { DataTable } from '@/components/ui/DataTable';
import {
  ADDRESS_FIELD_ORDER,
  changeLabel,
  contactRoleLabel,
  FIELD_ORDER,
  fieldLabel,
  isEmpty,
  isRow,
  orderedKeys,
  PERSON_FIELDS,
  type Row,
} from '@/features/kyc/review/stepDataLabels';
import { useCountryName } from '@/countries/useCountryName';
import { browserLocale, formatCurrency, formatDate, formatDateTime } from '@/lib/format';

/** The documents the data may name (a person's identity document), and how one is opened. */
interface NamedDocuments {
  documents: readonly Document[];
  onView?: (document: Document) => void;
}

const NamedDocumentsContext = createContext<NamedDocuments>({ documents: [] });

/**
 * A field's value as text: dates dd.MM.yyyy, countries by name, roles and yes/no translated, a
 * document by its file name.
 */
function useValueText() {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const { documents } = useContext(NamedDocumentsContext);
  return valueText({
    yesNo: (value) => (value ? t('kyc.data.yes') : t('kyc.data.no')),
    percent: (fraction) =>
      new Intl.NumberFormat(browserLocale(), {
        style: 'percent',
        maximumFractionDigits: 2,
      }).format(fraction),
    euros: formatCurrency,
    number: (value) => new Intl.NumberFormat(browserLocale()).format(value),
    document: (id) =>
      documents.find((document) => document.id === id)?.fileName ??
      t('kyc.collect.data.document', { id }),
    role: contactRoleLabel,
    country: countryName,
    date: formatDate,
    dateTime: formatDateTime,
  });
}

type Changes = ReadonlyMap<string, FieldChange>;

/** The changes at `path` or inside it ('countriesOfOperation' has 'countriesOfOperation.2'). */
const changesAt = (changes: Changes, path: string) =>
  [...changes.values()].filter(
    (change) => change.field === path || change.field.startsWith(`${path}.`),
  );

/** 'Changed' and what the reviewer saw last ('was: NL91…'). */
function ChangeMark({ field, changes }: { field: string; changes: readonly FieldChange[] }) {
  const { t } = useTranslation();
  const text = useValueText();
  if (changes.length === 0) return null;
  const before = changes
    .map((change) => change.before)
    .filter((value) => !isEmpty(value))
    .map((value) => text(field, value));
  return (
    <span className="kyc-change d-inline-flex flex-wrap align-items-baseline gap-1 ms-2">
      <span className="badge text-bg-warning">{t('kyc.collect.changes.changed')}</span>
      <span className="small text-body-secondary">
        {before.length > 0
          ? t('kyc.collect.changes.was', { value: before.join(', ') })
          : t('kyc.collect.changes.wasEmpty')}
      </span>
    </span>
  );
}

/** The line at the top of a step for its reviewer: what changed since the last decision. */
export function ChangesSummary({
  stepType,
  changes,
}: {
  stepType: KycStepType;
  changes: readonly FieldChange[];
}) {
  const { t } = useTranslation();
  if (changes.length === 0) return null;
  const fields = [...new Set(changes.map((change) => changeLabel(stepType, change.field)))];
  return (
    <p className="kyc-changes-summary small mb-3">
      <span className="badge text-bg-warning me-2">{t('kyc.collect.changes.changed')}</span>
      {t('kyc.collect.changes.summary', { fields: fields.join(', ') })}
    </p>
  );
}

/** A person's identity document: its file name, which opens it where the caller lets it. */
function DocumentValue({ id }: { id: unknown }) {
  const { t } = useTranslation();
  const text = useValueText();
  const { documents, onView } = useContext(NamedDocumentsContext);
  const document = documents.find((candidate) => candidate.id === id);
  if (!document || !onView) return <>{text('idDocumentId', id)}</>;
  return (
    <Button
      variant="link"
      className="kyc-document-link p-0 text-break align-baseline"
      onClick={() => onView(document)}
      aria-label={t('kycForms.documents.viewNamed', { name: document.fileName })}
    >
      {document.fileName}
    </Button>
  );
}

/** A list of records (people) as a full-width table, one column per field in schema order. */
function RowsTable({
  field,
  rows,
  stepType,
  changes,
}: {
  field: string;
  rows: Row[];
  stepType: KycStepType;
  changes: Changes;
}) {
  const { t } = useTranslation();
  const text = useValueText();
  const group = field === 'people' ? 'contacts' : stepType;
  const keys = orderedKeys(Object.assign({}, ...rows) as Row, PERSON_FIELDS).filter(
    (key) =>
      rows.some((row) => !isEmpty(row[key])) ||
      rows.some((_row, index) => changes.has(`${field}.${index}.${key}`)),
  );
  const labels = keys.map((key) => fieldLabel(key, group));
  return (
    <div className="kyc-rows">
      <DataTable caption={fieldLabel(field, stepType) || t('kyc.data.rows')} columns={labels}>
        {rows.map((row, index) => (
          <tr key={index}>
            {keys.map((key, column) => {
              const change = changes.get(`${field}.${index}.${key}`);
              return (
                <td
                  key={key}
                  data-label={labels[column]}
                  className={change ? 'kyc-changed' : undefined}
                >
                  {key === 'idDocumentId' ? <DocumentValue id={row[key]} /> : text(key, row[key])}
                  <ChangeMark field={key} changes={change ? [change] : []} />
                </td>
              );
            })}
          </tr>
        ))}
      </DataTable>
    </div>
  );
}

/** An address as it is written on an envelope, with what changed in it below. */
function AddressBlock({ field, value, changes }: { field: string; value: Row; changes: Changes }) {
  const text = useValueText();
  const part = (key: string) => (isEmpty(value[key]) ? '' : text(key, value[key]));
  const lines = [
    [part('street'), part('houseNumber')].filter(Boolean).join(' '),
    [part('postCode'), part('city')].filter(Boolean).join(' '),
    part('country'),
    ...orderedKeys(value, ADDRESS_FIELD_ORDER)
      .filter((key) => !ADDRESS_FIELD_ORDER.includes(key))
      .map((key) => `${fieldLabel(key, 'addresses')}: ${part(key)}`),
  ].filter(Boolean);
  const changed = changesAt(changes, field);
  return (
    <>
      <address className="mb-0">
        {lines.map((line, index) => (
          <span key={index} className="d-block">
            {line}
          </span>
        ))}
      </address>
      {changed.length > 0 && (
        <ul className="list-unstyled small mb-0 mt-1">
          {changed.map((change) => {
            const key = change.field.slice(field.length + 1) || field;
            return (
              <li key={change.field} className="kyc-changed">
                {fieldLabel(key, 'addresses')}: {text(key, change.after)}
                <ChangeMark field={key} changes={[change]} />
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

function Term({
  label,
  children,
  changed,
}: {
  label: string;
  children: ReactNode;
  changed: boolean;
}) {
  return (
    <div className={`col-12 d-sm-flex gap-3 py-1${changed ? ' kyc-changed' : ''}`}>
      <dt className="kyc-dl-term">{label}</dt>
      <dd className="mb-0 flex-grow-1 min-w-0">{children}</dd>
    </div>
  );
}

/** A step's data: plain fields as a definition list, people as a table, addresses as blocks. */
function Fields({
  data,
  stepType,
  changes,
}: {
  data: Row;
  stepType: KycStepType;
  changes: Changes;
}) {
  const text = useValueText();
  const keys = orderedKeys(data, FIELD_ORDER[stepType]).filter(
    (key) => !isEmpty(data[key]) || changesAt(changes, key).length > 0,
  );
  const blocks: ReactNode[] = [];
  const terms: ReactNode[] = [];
  for (const key of keys) {
    const value = data[key];
    const label = fieldLabel(key, stepType);
    if (Array.isArray(value) && value.length > 0 && value.every(isRow)) {
      blocks.push(
        <div key={key} className="mb-3">
          <h5 className="h6 small text-body-secondary mb-2">{label}</h5>
          <RowsTable field={key} rows={value} stepType={stepType} changes={changes} />
        </div>,
      );
    } else if (isRow(value)) {
      terms.push(
        <Term key={key} label={label} changed={changesAt(changes, key).length > 0}>
          <AddressBlock field={key} value={value} changes={changes} />
        </Term>,
      );
    } else {
      const changed = changesAt(changes, key);
      terms.push(
        <Term key={key} label={label} changed={changed.length > 0}>
          {text(key, value)}
          <ChangeMark field={key} changes={changed} />
        </Term>,
      );
    }
  }
  return (
    <>
      {terms.length > 0 && <dl className="row mb-0 kyc-dl">{terms}</dl>}
      {blocks.length > 0 && <div className={terms.length > 0 ? 'mt-3' : ''}>{blocks}</div>}
    </>
  );
}

interface StepDataProps {
  stepType: KycStepType;
  data: Row;
  /** Fields changed since the last reviewer decision: marked, with their previous values. */
  changes?: readonly FieldChange[];
  /**
   * The company's documents the data may name: a person's identity document is shown by its
   * file name (else as 'Document #id'), and opened with onViewDocument when given.
   */
  documents?: readonly Document[];
  onViewDocument?: (document: Document) => void;
}

const NO_DOCUMENTS: readonly Document[] = [];

/** What the partner filled in for a step, readable; a sentence while it is empty. */
export function StepData({
  stepType,
  data,
  changes = [],
  documents = NO_DOCUMENTS,
  onViewDocument,
}: StepDataProps) {
  const { t } = useTranslation();
  const byField: Changes = new Map(changes.map((change) => [change.field, change]));
  if (Object.values(data).every(isEmpty) && changes.length === 0) {
    const empty = stepType === 'insights' ? 'kyc.step.computed' : 'kyc.step.noData';
    return <p className="text-body-secondary mb-0">{t(empty)}</p>;
  }
  return (
    <NamedDocumentsContext value={{ documents, onView: onViewDocument }}>
      <Fields data={data} stepType={stepType} changes={byField} />
    </NamedDocumentsContext>
  );
}
