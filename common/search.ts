/**
 * The company search's answer (docs/api/partners.md, decision 008): the result type, its HTTP
 * status, and each match with the reasons per field. The server answers with these schemas;
 * the app parses with them.
 */
import { z } from 'zod';

export const SEARCH_RESULT_TYPES = [
  'EXACT_MATCH',
  'PARTIAL_MATCH',
  'FUZZY_MATCH',
  'CONFLICTING_DATA',
  'NOT_FOUND',
  'AMBIGUOUS',
] as const;
export type SearchResultType = (typeof SEARCH_RESULT_TYPES)[number];

export const SEARCH_FIELDS = ['cocNumber', 'vatNumber', 'name', 'country'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/** MISSING: the partner has no value for a field the search gave (neither confirms nor denies). */
export const FIELD_MATCHES = ['EXACT', 'PARTIAL', 'FUZZY', 'MISMATCH', 'MISSING'] as const;
export type FieldMatch = (typeof FIELD_MATCHES)[number];

export const matchReasonSchema = z
  .object({
    field: z.enum(SEARCH_FIELDS),
    match: z.enum(FIELD_MATCHES),
    similarity: z.number().min(0).max(1).optional().describe('Name similarity (pg_trgm), 0..1'),
  })
  .meta({ id: 'MatchReason' });

export type MatchReason = z.infer<typeof matchReasonSchema>;

export const searchMatchSchema = z
  .object({
    uuid: z.uuid().nullable().describe('Null when the caller may not see the partner'),
    name: z.string(),
    cocNumber: z.string().nullable(),
    vatNumber: z.string().nullable(),
    country: z.string().nullable(),
    confidence: z.number().int().min(0).max(100),
    reasons: z.array(matchReasonSchema),
  })
  .meta({ id: 'SearchMatch' });

export type SearchMatch = z.infer<typeof searchMatchSchema>;

export const searchResultSchema = z
  .object({
    resultType: z.enum(SEARCH_RESULT_TYPES),
    confidence: z.number().int().min(0).max(100),
    matches: z.array(searchMatchSchema),
  })
  .meta({ id: 'SearchResult' });

export type SearchResult = z.infer<typeof searchResultSchema>;

/** The HTTP status of each result type; the body is the SearchResult in every case. */
export const STATUS_BY_RESULT = {
  EXACT_MATCH: 200,
  PARTIAL_MATCH: 206,
  FUZZY_MATCH: 206,
  AMBIGUOUS: 300,
  NOT_FOUND: 404,
  CONFLICTING_DATA: 409,
} as const satisfies Record<SearchResultType, number>;
