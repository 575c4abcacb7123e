import { kycBadgeVariant } from '#common/kyc.js';
import type { Decimal } from '#common/money.js';
import type { OrderCover } from '#server/modules/orders/orders-service.js';
import type { ExportOptions, KycExportModel } from '../model.js';
import { codeWords, type PdfTexts } from '../texts.js';
import {
  COLOURS,
  CONTENT_WIDTH,
  MARGIN,
  PAGE,
  SIZES,
  VARIANT_COLOURS,
} from '../../../../pdf/style.js';
import type { Cell, ReportWriter } from '../../../../pdf/report-writer.js';

/** A status in its badge colour, bold. */
export const statusCell = (texts: PdfTexts, status: string): Cell => ({
  text: texts.status(status),
  font: 'bold',
  color: VARIANT_COLOURS[kycBadgeVariant(status)],
});

const RISK_COLOURS = {
  LOW: VARIANT_COLOURS.success,
  MEDIUM: VARIANT_COLOURS.warning,
  HIGH: VARIANT_COLOURS.danger,
} as const;

export const riskCell = (
  texts: PdfTexts,
  level: keyof typeof RISK_COLOURS | null | undefined,
): Cell =>
  level
    ? { text: texts.t(`kyc.riskLevels.${level}`), font: 'bold', color: RISK_COLOURS[level] }
    : texts.t('kyc.riskLevels.none');

/**
 * The order the file is exported for, in one row: its number, direction, order date, status
 * and, for who may see amounts, its total; its uuid below. Direction and status read as the
 * app's order screens name them (`orders.directions`, `orders.statuses`), in English words
 * where the translations do not have them.
 */
function orderCell(texts: PdfTexts, order: OrderCover): Cell {
  const code = (prefix: string, value: string) => texts.byCode(prefix, value, {}, codeWords(value));
  const total =
    order.total === null
      ? []
      : [
          new Intl.NumberFormat(texts.language, {
            style: 'currency',
            currency: order.currency,
          }).format(order.total as Decimal),
        ];
  const facts = [
    order.number,
    code('orders.directions', order.direction),
    texts.date(order.orderDate),
    code('orders.statuses', order.status),
    ...total,
  ];
  return `${facts.join(' · ')}\n${order.uuid}`;
}

/** The first page: who provides the file, about which company, in what state, made how. */
export function writeCover(
  writer: ReportWriter,
  texts: PdfTexts,
  model: KycExportModel,
  options: ExportOptions,
): void {
  const { submission } = model;
  const p = texts.pdf;
  writer.write(submission.obligedEntityName, {
    font: 'bold',
    size: 11,
    color: COLOURS.accent,
    gap: 8,
  });
  writer.rule(writer.y, COLOURS.accent, 0.8);

  writer.y = 168;
  writer.write(p('cover.title'), { font: 'bold', size: SIZES.title, gap: 10 });
  writer.write(submission.tradePartnerName, { size: 17, color: COLOURS.accent, gap: 6 });
  writer.write(`KYC #${submission.id}`, { size: SIZES.body, color: COLOURS.muted, gap: 36 });

  const notYet = p('cover.notYet');
  writer.facts([
    [p('cover.status'), statusCell(texts, submission.status)],
    [p('cover.riskLevel'), riskCell(texts, submission.riskLevel)],
    [p('cover.submittedAt'), texts.dateTime(submission.submittedAt) || notYet],
    [p('cover.decidedAt'), texts.dateTime(submission.decidedAt) || notYet],
    [p('cover.reviewer'), submission.reviewer?.name ?? p('cover.noReviewer')],
    [p('cover.kycId'), String(submission.id)],
    [p('cover.uuid'), { text: submission.uuid, font: 'mono' }],
    ...(model.order ? [[p('cover.order'), orderCell(texts, model.order)] as [string, Cell]] : []),
  ]);

  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const included = (on: boolean) => p(on ? 'cover.included' : 'cover.notIncluded');
  writer.heading(p('cover.generated'));
  writer.facts([
    [p('cover.generatedAt'), texts.longDateTime(model.generatedAt)],
    [p('cover.generatedBy'), model.generatedBy.name],
    [p('cover.timeZone'), zone],
    [p('options.auditLogs'), included(options.includeAuditLogs)],
    [p('options.thumbnails'), included(options.includeDocumentThumbnails)],
    [p('options.fullDocuments'), included(options.includeFullDocuments)],
  ]);

  writer
    .style('regular', SIZES.small, COLOURS.muted)
    .text(p('confidential'), MARGIN.left, PAGE.height - MARGIN.bottom - 24, {
      width: CONTENT_WIDTH,
    });
}
