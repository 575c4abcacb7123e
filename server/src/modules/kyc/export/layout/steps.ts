import { KYC_STEP_TYPES, type KycStepType } from '#common/kyc.js';
import type { KycStep } from '#common/kyc-responses.js';
import type { KycExportModel } from '../model.js';
import type { PdfTexts } from '../texts.js';
import { riskCell, statusCell } from './cover.js';
import { commentText, verdict, writeComments, writeDecisions } from './records.js';
import { valueFormatter, writeStepData } from './step-data.js';
import type { ReportWriter } from '../../../../pdf/report-writer.js';
import { writeTable } from '../../../../pdf/table.js';

/** A step's status: its row's, else the one the submission publishes, else pending. */
function stepStatus(model: KycExportModel, stepType: KycStepType): string {
  return (
    model.steps.find((step) => step.stepType === stepType)?.status ??
    model.submission.steps.find((step) => step.stepType === stepType)?.status ??
    'PENDING'
  );
}

/** One section per step: its state, its data, the reviewers' decisions and the comments on it. */
export function writeSteps(writer: ReportWriter, texts: PdfTexts, model: KycExportModel): void {
  const p = texts.pdf;
  const text = valueFormatter(texts, model.documents);
  KYC_STEP_TYPES.forEach((stepType, index) => {
    const step = model.steps.find((candidate) => candidate.stepType === stepType);
    writer.section(texts.stepTitle(stepType), {
      eyebrow: p('step.eyebrow', { number: index + 1, total: KYC_STEP_TYPES.length + 1 }),
    });
    const updated = step?.updatedBy
      ? p('step.updatedBy', { date: texts.dateTime(step.updatedAt), name: step.updatedBy.name })
      : texts.dateTime(step?.updatedAt);
    writer.facts([
      [p('step.status'), statusCell(texts, stepStatus(model, stepType))],
      [p('step.reviewedAt'), texts.dateTime(step?.reviewedAt) || p('step.notReviewed')],
      [p('step.updated'), updated],
      [
        texts.t('kyc.step.comment'),
        commentText(texts, step?.comment ?? '', step?.commentVisibility ?? null) ?? '',
      ],
      ...(step?.request
        ? [[p('step.request'), requestText(texts, step.request)] as [string, string]]
        : []),
    ]);

    writer.heading(texts.t('kyc.step.data'));
    writeStepData(writer, texts, text, stepType, step?.data ?? {});

    writer.heading(p('step.decisions'));
    writeDecisions(
      writer,
      texts,
      model.decisions.filter((event) => event.stepType === stepType),
    );

    writer.heading(p('step.comments'));
    writeComments(
      writer,
      texts,
      model.comments.filter((comment) => comment.stepType === stepType),
      p('step.noComments'),
    );
  });
}

/** The summary step: the file's overall state and every step at a glance. */
export function writeSummary(writer: ReportWriter, texts: PdfTexts, model: KycExportModel): void {
  const p = texts.pdf;
  const { submission } = model;
  const total = KYC_STEP_TYPES.length + 1;
  writer.section(texts.stepTitle('summary'), {
    eyebrow: p('step.eyebrow', { number: total, total }),
  });
  const statement = model.statusHistory.findLast((record) => record.isCompliant !== null);
  writer.facts([
    [p('cover.status'), statusCell(texts, submission.status)],
    [p('cover.riskLevel'), riskCell(texts, submission.riskLevel)],
    [
      p('columns.compliance'),
      statement
        ? p('summary.statement', {
            verdict: verdict(texts, statement.isCompliant!),
            name: texts.person(statement.user),
            date: texts.dateTime(statement.createdAt),
          })
        : p('summary.noStatement'),
    ],
    [p('summary.approvalRequestedBy'), submission.approvalRequestedBy?.name ?? '–'],
    [p('cover.reviewer'), submission.reviewer?.name ?? p('cover.noReviewer')],
  ]);

  writer.heading(p('summary.steps'));
  writeTable(
    writer,
    [
      { header: p('columns.step'), width: 0.27 },
      { header: p('columns.status'), width: 0.19 },
      { header: p('step.reviewedAt'), width: 0.2 },
      { header: texts.t('kyc.step.comment'), width: 0.34 },
    ],
    KYC_STEP_TYPES.map((stepType) => {
      const step = model.steps.find((candidate) => candidate.stepType === stepType);
      return {
        cells: [
          texts.stepTitle(stepType),
          statusCell(texts, stepStatus(model, stepType)),
          texts.dateTime(step?.reviewedAt) || '–',
          step?.comment ?? '',
        ],
      };
    }),
  );
}

/** A reviewer's request to the partner: what, who asked when, and whether it was answered. */
function requestText(texts: PdfTexts, request: NonNullable<KycStep['request']>): string {
  const p = texts.pdf;
  const asked = p('step.requestAsked', {
    kind: texts.status(request.kind),
    name: texts.person(request.by),
    date: texts.dateTime(request.at),
  });
  const state = request.answeredAt
    ? p('step.requestAnswered', {
        name: texts.person(request.answeredBy),
        date: texts.dateTime(request.answeredAt),
      })
    : p('step.requestOpen');
  return `${request.comment}\n${asked}; ${state}`;
}
