import { KYC_STEP_TYPES, SUBMISSION_COMMENT, type KycStepType } from '#common/kyc.js';
import type { Insights } from '#common/kyc-insights.js';
import type { AuditEvent, KycComment, Person, StatusRecord } from '#common/kyc-responses.js';
import { codeWords, type PdfTexts } from '../texts.js';
import { riskCell } from './cover.js';
import { COLOURS, VARIANT_COLOURS } from '../../../../pdf/style.js';
import type { Cell, ReportWriter } from '../../../../pdf/report-writer.js';
import { writeTable, type TableRow } from '../../../../pdf/table.js';

const SEVERITY_COLOURS = {
  HIGH: VARIANT_COLOURS.danger,
  MEDIUM: VARIANT_COLOURS.warning,
  LOW: VARIANT_COLOURS.info,
  INFO: VARIANT_COLOURS.secondary,
} as const;

/** When and by whom: the first two columns of every record. */
const stamp = (texts: PdfTexts, at: string, user: Person | null): string[] => [
  texts.dateTime(at),
  texts.person(user),
];

/** 'Compliant' or 'Not compliant', as a status record or an approval states it. */
export const verdict = (texts: PdfTexts, compliant: boolean) =>
  texts.t(compliant ? 'kyc.history.compliant' : 'kyc.history.notCompliant');

/** The options an export was made with, named as the cover names them. */
const OPTION_KEYS: Partial<Record<string, string>> = {
  includeAuditLogs: 'options.auditLogs',
  includeDocumentThumbnails: 'options.thumbnails',
  includeFullDocuments: 'options.fullDocuments',
};

/** Past this length a reason or comment runs under its row, across the table. */
const LONG_TEXT = 120;

/**
 * A row with a free text (a reason, a comment) between `before` and `after`: in its column when
 * short, under the row, above `note`, when a narrow column would make the row pages long.
 */
function textRow(before: Cell[], text: string | null, after: Cell[] = [], note = ''): TableRow {
  const long = text !== null && text.length > LONG_TEXT;
  const notes = [long ? text : '', note].filter(Boolean).join('\n');
  return {
    cells: [...before, long ? '↓' : (text ?? ''), ...after],
    ...(notes ? { note: notes } : {}),
  };
}

const isStepType = (value: unknown): value is KycStepType =>
  (KYC_STEP_TYPES as readonly unknown[]).includes(value);

/**
 * 'Approved', or 'In review → Approved' when where it came from is known and reads differently
 * (IN_PROGRESS reads as Pending, as in the app).
 */
export function change(texts: PdfTexts, from: string | null, to: string | null): string {
  const labels = [from, to]
    .filter((value): value is string => Boolean(value))
    .map((value) => texts.status(value));
  return [...new Set(labels)].join(' → ') || '–';
}

/** A comment's text, marked when only staff may read it (the review file is for staff). */
export const commentText = (
  texts: PdfTexts,
  comment: string | null,
  visibility: string | null,
): string | null =>
  comment && visibility === 'internal' ? `${texts.pdf('internal')}: ${comment}` : comment;

/** Comments as entries: when, who, whether internal, then the text in full. */
export function writeComments(
  writer: ReportWriter,
  texts: PdfTexts,
  comments: readonly KycComment[],
  empty: string,
): void {
  if (comments.length === 0) return writer.quiet(empty);
  for (const comment of comments) {
    const head = stamp(texts, comment.createdAt, comment.user);
    if (comment.visibility === 'internal') head.push(texts.pdf('internal'));
    writer.entry(head.join('  ·  '), comment.comment);
  }
  writer.space();
}

/** A step's status changes by reviewers: when, who, from → to, why. */
export function writeDecisions(
  writer: ReportWriter,
  texts: PdfTexts,
  decisions: readonly AuditEvent[],
): void {
  const p = texts.pdf;
  if (decisions.length === 0) return writer.quiet(p('step.noDecisions'));
  writeTable(
    writer,
    [
      { header: p('columns.when'), width: 0.2 },
      { header: p('columns.who'), width: 0.2 },
      { header: p('columns.change'), width: 0.26 },
      { header: p('columns.reason'), width: 0.34 },
    ],
    decisions.map((event) =>
      textRow(
        [...stamp(texts, event.createdAt, event.user), change(texts, event.from, event.to)],
        event.reason,
      ),
    ),
  );
}

/** How the file moved, who moved it, why, and whether it was found compliant. */
export function writeStatusHistory(
  writer: ReportWriter,
  texts: PdfTexts,
  history: readonly StatusRecord[],
): void {
  const p = texts.pdf;
  if (history.length === 0) return writer.quiet(texts.t('kyc.history.empty'));
  const compliance = (record: StatusRecord): Cell =>
    record.isCompliant === null
      ? ''
      : {
          text: verdict(texts, record.isCompliant),
          color: record.isCompliant ? VARIANT_COLOURS.success : VARIANT_COLOURS.danger,
        };
  writeTable(
    writer,
    [
      { header: p('columns.when'), width: 0.2 },
      { header: p('columns.who'), width: 0.17 },
      { header: p('columns.change'), width: 0.24 },
      { header: p('columns.comment'), width: 0.26 },
      { header: p('columns.compliance'), width: 0.13 },
    ],
    history.map((record) =>
      textRow(
        [
          ...stamp(texts, record.createdAt, record.user),
          record.status === SUBMISSION_COMMENT
            ? texts.status(record.status)
            : change(texts, record.fromStatus, record.status),
        ],
        commentText(texts, record.comment, record.visibility),
        [compliance(record)],
      ),
    ),
  );
}

/** An audit entry's details in one short line: 'Version 3 · Changed: IBAN, Account holder'. */
function auditDetails(texts: PdfTexts, event: AuditEvent): string {
  const label = (key: string) => {
    const option = OPTION_KEYS[key];
    return option
      ? texts.pdf(option)
      : texts.byCode('pdf.audit.details', key, {}, texts.fieldLabel(key));
  };
  const value = (key: string, item: unknown): string => {
    if (Array.isArray(item)) return item.map((part) => value(key, part)).join(', ');
    if (typeof item === 'boolean') return texts.yesNo(item);
    if (key === 'steps' && isStepType(item)) return texts.stepTitle(item);
    if (
      (key === 'requested' || key === 'status' || key === 'fileStatus') &&
      typeof item === 'string'
    ) {
      return texts.status(item);
    }
    if (key === 'type' && typeof item === 'string') {
      return texts.byCode('documents.types', item, {}, item);
    }
    if (key === 'size' && typeof item === 'number') return texts.fileSize(item);
    return String(item);
  };
  const parts = Object.entries(event.details ?? {}).flatMap(([key, item]) => {
    if (item === null || item === undefined || key === 'previousVersion') return [];
    if (key === 'changedFields' && Array.isArray(item) && event.stepType) {
      const stepType = event.stepType;
      const fields = new Set(item.map((field) => texts.changeLabel(stepType, String(field))));
      return [texts.pdf('audit.details.changedFields', { fields: [...fields].join(', ') })];
    }
    if (key === 'isCompliant' && typeof item === 'boolean') return [verdict(texts, item)];
    return [`${label(key)}: ${value(key, item)}`];
  });
  const line = parts.join('  ·  ');
  return line.length > 500 ? `${line.slice(0, 499)}…` : line;
}

/** Every change to the file, oldest first, with its details in short. */
export function writeAuditTrail(
  writer: ReportWriter,
  texts: PdfTexts,
  events: readonly AuditEvent[],
): void {
  const p = texts.pdf;
  if (events.length === 0) return writer.quiet(texts.t('kyc.audit.empty'));
  writeTable(
    writer,
    [
      { header: p('columns.when'), width: 0.19 },
      { header: p('columns.who'), width: 0.15 },
      { header: p('columns.subject'), width: 0.14 },
      { header: p('columns.action'), width: 0.15 },
      { header: p('columns.change'), width: 0.17 },
      { header: p('columns.reason'), width: 0.2 },
    ],
    events.map((event) => {
      const action = texts.byCode('kyc.audit.actions', event.action, {}, codeWords(event.action));
      const subject = event.stepType
        ? texts.stepTitle(event.stepType)
        : texts.byCode('kyc.audit.entities', event.entity, {}, codeWords(event.entity));
      return textRow(
        [
          ...stamp(texts, event.createdAt, event.user),
          subject,
          action,
          change(texts, event.from, event.to),
        ],
        event.reason,
        [],
        auditDetails(texts, event),
      );
    }),
  );
}

/** A finding in words: the app's translation by its code, else the server's English message. */
const findingText = (
  texts: PdfTexts,
  finding: { code: string; stepType: KycStepType | null; message: string; params?: object },
) => {
  const step = finding.stepType ? texts.stepTitle(finding.stepType) : '';
  return texts.byCode('kyc.findings', finding.code, { step, ...finding.params }, finding.message);
};

/**
 * Who approved the file despite its risk (issue 14), when, why, and the findings they accepted,
 * as they were then.
 */
function writeAcknowledgements(
  writer: ReportWriter,
  texts: PdfTexts,
  acknowledgements: readonly AuditEvent[],
): void {
  const p = texts.pdf;
  writer.heading(p('insights.acknowledgements'));
  if (acknowledgements.length === 0) return writer.quiet(p('insights.noAcknowledgements'));
  for (const event of acknowledgements) {
    const findings = Array.isArray(event.details?.findings) ? event.details.findings : [];
    const lines = findings.map((finding: Record<string, unknown>) => {
      const severity = texts.t(`kyc.severities.${String(finding.severity)}`);
      const stepType = isStepType(finding.stepType) ? finding.stepType : null;
      const message = String(finding.message ?? finding.code);
      return `• ${severity}: ${findingText(texts, { code: String(finding.code), stepType, message })}`;
    });
    const head = [
      ...stamp(texts, event.createdAt, event.user),
      p('insights.acknowledgedRisk', { level: texts.t(`kyc.riskLevels.${event.to ?? 'HIGH'}`) }),
    ];
    writer.entry(head.join('  ·  '), [event.reason ?? '', ...lines].join('\n'));
  }
  writer.space();
}

/** The checks' outcome: risk level, counts by severity, completeness per step, the findings. */
export function writeInsights(
  writer: ReportWriter,
  texts: PdfTexts,
  insights: Insights,
  acknowledgements: readonly AuditEvent[],
): void {
  const p = texts.pdf;
  const { summary } = insights;
  const counts = (['HIGH', 'MEDIUM', 'LOW', 'INFO'] as const)
    .map((severity) => {
      const count = summary[severity.toLowerCase() as keyof typeof summary];
      return `${texts.t(`kyc.severities.${severity}`)}: ${count}`;
    })
    .join('   ');
  writer.facts([
    [texts.t('kyc.insights.riskLevel'), riskCell(texts, insights.riskLevel)],
    [p('insights.computedAt'), texts.dateTime(insights.computedAt)],
    [texts.t('kyc.insights.summary'), counts],
  ]);

  writer.heading(texts.t('kyc.insights.completeness'));
  writeTable(
    writer,
    [
      { header: p('columns.step'), width: 0.3 },
      { header: p('columns.status'), width: 0.18 },
      { header: p('columns.missing'), width: 0.52 },
    ],
    insights.completeness.map(({ stepType, complete, missing }) => ({
      cells: [
        texts.stepTitle(stepType),
        {
          text: texts.t(complete ? 'kyc.insights.complete' : 'kyc.insights.incomplete'),
          color: complete ? VARIANT_COLOURS.success : VARIANT_COLOURS.warning,
        },
        missing.map((field) => texts.changeLabel(stepType, field)).join(', '),
      ],
    })),
  );

  writer.heading(texts.t('kyc.insights.findings'));
  if (insights.findings.length === 0) writer.quiet(texts.t('kyc.insights.noFindings'));
  else writeFindings(writer, texts, insights);
  writeAcknowledgements(writer, texts, acknowledgements);
}

/** The findings as a table: severity, step, what was found. */
function writeFindings(writer: ReportWriter, texts: PdfTexts, insights: Insights): void {
  const p = texts.pdf;
  writeTable(
    writer,
    [
      { header: p('columns.severity'), width: 0.14 },
      { header: p('columns.step'), width: 0.24 },
      { header: p('columns.finding'), width: 0.62 },
    ],
    insights.findings.map((finding) => {
      const step = finding.stepType ? texts.stepTitle(finding.stepType) : '';
      return {
        cells: [
          {
            text: texts.t(`kyc.severities.${finding.severity}`),
            font: 'bold' as const,
            color: SEVERITY_COLOURS[finding.severity],
          },
          step || { text: '–', color: COLOURS.faint },
          findingText(texts, finding),
        ],
      };
    }),
  );
}
