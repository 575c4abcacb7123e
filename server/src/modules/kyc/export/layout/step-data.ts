import type { KycStepType } from '#common/kyc.js';
import {
  ADDRESS_FIELD_ORDER,
  FIELD_ORDER,
  isEmpty,
  isRow,
  orderedKeys,
  PERSON_FIELDS,
  type Row,
  valueText,
} from '#common/kyc-step-fields.js';
import { formatEuros } from '#common/money.js';
import type { ExportDocument } from '../model.js';
import { codeWords, type PdfTexts } from '../texts.js';
import type { Cell, ReportWriter } from '../../../../pdf/report-writer.js';
import { fittedWidths, writeTable } from '../../../../pdf/table.js';

/**
 * A field's value as text, as the app's step view shows it: dates dd.MM.yyyy, countries by name,
 * roles and yes/no translated, amounts in euros, an identity document by its file name.
 */
export function valueFormatter(texts: PdfTexts, documents: readonly ExportDocument[]) {
  return valueText({
    yesNo: (value) => texts.yesNo(value),
    percent: (fraction) => texts.number(fraction, { style: 'percent', maximumFractionDigits: 2 }),
    euros: (amount) => formatEuros(amount, texts.language),
    number: (value) => texts.number(value),
    document: (id) =>
      documents.find((candidate) => candidate.id === id)?.fileName ??
      texts.t('kyc.collect.data.document', { id }),
    role: (code) =>
      texts.byCode(
        'kycForms.contacts.roles',
        code,
        {},
        texts.byCode('kyc.collect.roles', code, {}, codeWords(code)),
      ),
    country: (code) => texts.country(code),
    date: (value) => texts.date(value),
    dateTime: (value) => texts.dateTime(value),
  });
}

type ValueText = ReturnType<typeof valueFormatter>;

/** An address as it is written on an envelope. */
function addressLines(texts: PdfTexts, text: ValueText, value: Row): string {
  const part = (key: string) => (isEmpty(value[key]) ? '' : text(key, value[key]));
  return [
    [part('street'), part('houseNumber')].filter(Boolean).join(' '),
    [part('postCode'), part('city')].filter(Boolean).join(' '),
    part('country'),
    ...orderedKeys(value, ADDRESS_FIELD_ORDER)
      .filter((key) => !ADDRESS_FIELD_ORDER.includes(key))
      .map((key) => `${texts.fieldLabel(key, 'addresses')}: ${part(key)}`),
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * A list of records (people) as a table, one column per field in schema order; as a block of
 * label and value per record where the columns would not fit the page (German headers).
 */
function rowsTable(
  writer: ReportWriter,
  texts: PdfTexts,
  text: ValueText,
  field: string,
  rows: Row[],
  stepType: KycStepType,
): void {
  const group = field === 'people' ? 'contacts' : stepType;
  const keys = orderedKeys(Object.assign({}, ...rows) as Row, PERSON_FIELDS).filter((key) =>
    rows.some((row) => !isEmpty(row[key])),
  );
  const columns = keys.map((key) => ({ header: texts.fieldLabel(key, group) }));
  const lines = rows.map((row) => ({ cells: keys.map((key) => text(key, row[key])) }));
  if (fittedWidths(writer, columns, lines)) return writeTable(writer, columns, lines);
  rows.forEach((row, index) => {
    const title =
      field === 'people'
        ? texts.t('kycForms.contacts.person', { number: index + 1 })
        : `${texts.fieldLabel(field, stepType)} ${index + 1}`;
    writer.subheading(title, 60);
    writer.facts(
      keys
        .filter((key) => !isEmpty(row[key]))
        .map((key) => [texts.fieldLabel(key, group), text(key, row[key])]),
    );
  });
}

/** A step's data: plain fields as label and value, addresses as blocks, people as a table. */
export function writeStepData(
  writer: ReportWriter,
  texts: PdfTexts,
  text: ValueText,
  stepType: KycStepType,
  data: Row,
): void {
  if (Object.values(data).every(isEmpty)) {
    writer.quiet(texts.t(stepType === 'insights' ? 'kyc.step.computed' : 'kyc.step.noData'));
    return;
  }
  const keys = orderedKeys(data, FIELD_ORDER[stepType]).filter((key) => !isEmpty(data[key]));
  const facts: [string, Cell][] = [];
  const tables: [string, Row[]][] = [];
  for (const key of keys) {
    const value = data[key];
    const label = texts.fieldLabel(key, stepType);
    if (Array.isArray(value) && value.every(isRow)) tables.push([key, value]);
    else if (isRow(value)) facts.push([label, addressLines(texts, text, value)]);
    else facts.push([label, text(key, value)]);
  }
  if (facts.length > 0) writer.facts(facts);
  for (const [key, rows] of tables) {
    writer.subheading(texts.fieldLabel(key, stepType));
    rowsTable(writer, texts, text, key, rows, stepType);
  }
}
