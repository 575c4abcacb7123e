/**
 * The shapes every part of the API shares: its timestamps, its pages and its one error body.
 * The server answers with them (and documents them at /api/docs); the app reads with them.
 */
import { z } from 'zod';

/** The days a date may name, both ends included: written YYYY-MM-DD, so comparable as text. */
export interface DateRange {
  min: string;
  max: string;
}

/**
 * Any date (decision 043): the years a person writes with four digits, all of which PostgreSQL
 * keeps (4713 BC to 5874897 AD); year 0000 is none of them, and PostgreSQL refuses it. A
 * registration, a birth and a timestamp lie within these.
 */
export const DATE_RANGE: DateRange = { min: '0001-01-01', max: '9999-12-31' };

/** A business date (an order, a shipment, a leg, an extract) lies within these. */
export const BUSINESS_DATE_RANGE: DateRange = { min: '1900-01-01', max: '2100-12-31' };

/** Why a date is refused; the app shows its own words for each (the same names). */
export const DATE_MESSAGES = {
  date: 'must be a date written YYYY-MM-DD',
  dateRange: `must be between ${DATE_RANGE.min} and ${DATE_RANGE.max}`,
  businessDateRange: `must be between ${BUSINESS_DATE_RANGE.min} and ${BUSINESS_DATE_RANGE.max}`,
} as const;

/** Whether a YYYY-MM-DD day lies within `range`. */
export const withinDates = (day: string, range: DateRange) => day >= range.min && day <= range.max;

/** A calendar day of business (orders, shipments, legs) that exists (no 30 February). */
export const businessDateSchema = z.iso
  .date({ error: DATE_MESSAGES.date })
  .refine((day) => withinDates(day, BUSINESS_DATE_RANGE), {
    error: DATE_MESSAGES.businessDateRange,
  })
  .meta({ formatMinimum: BUSINESS_DATE_RANGE.min, formatMaximum: BUSINESS_DATE_RANGE.max })
  .describe(`YYYY-MM-DD, ${BUSINESS_DATE_RANGE.min} to ${BUSINESS_DATE_RANGE.max}`);

/**
 * A timestamp as the API answers it, and takes it: with a year PostgreSQL keeps (a
 * four-digit year, not 0000).
 */
export const dateTimeSchema = z.iso
  .datetime()
  .refine((moment) => withinDates(moment.slice(0, 10), DATE_RANGE), {
    error: DATE_MESSAGES.dateRange,
  })
  .describe('ISO 8601 date-time');

/**
 * Lists stop counting here (issue 16): a total above it would cost a scan of every row on each
 * page, so the answer says 'more than' instead, and pages go no deeper.
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * A record people edit together carries its version (decision 023): bumped by every change, and
 * sent back with a change (`If-Match: "3"` or `version: 3`) so that one based on an older
 * version is refused (409) instead of overwriting what someone else saved.
 */
export const versionSchema = z
  .number()
  .int()
  .min(1)
  .describe('bumped by every change; a change names the version it is based on (decision 023)');

/** A page of a list answer: `page` counts from 0. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    totalCapped: z
      .boolean()
      .optional()
      .describe(`true: more than totalElements (${LIST_COUNT_CAP}) match; counting stopped there`),
    nextCursor: z
      .string()
      .optional()
      .describe(
        'where a list pages by cursor: the `cursor` that asks for the rows after this page; absent on the last page',
      ),
  });

export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
  totalCapped?: boolean | undefined;
  nextCursor?: string | undefined;
}

/** The one error body of every route; `details` says more where the status alone does not. */
export const errorResponseSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
    requestId: z
      .string()
      .describe(
        'the id of the request, also in its X-Request-Id header and its log lines: what support asks for',
      ),
  })
  .meta({ id: 'Error' });

export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** What a 409's details say when the change was based on an older version. */
export const STALE_VERSION = 'staleVersion';

/**
 * A 409's details when the change was based on an older version: the record as it is now, or
 * null when it is gone.
 */
export const staleVersionSchema = <T extends z.ZodType>(record: T) =>
  z.object({
    reason: z.literal(STALE_VERSION),
    current: record.nullable().describe('the record as it is now'),
  });

/**
 * One problem with one field of a request: a 400's `details` is a list of these. `field` says
 * where ('body.vatNumber'), `code` names the problem where a rule has a name (KYC step data:
 * 'iban'); a code of another kind is read as none.
 */
export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
  code: z.string().optional().catch(undefined),
});

export type FieldIssueDetail = z.infer<typeof fieldIssueSchema>;
