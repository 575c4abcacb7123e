import type { SearchResultType } from '@common/search';
import type { NotificationInput } from '@/notifications/notification';
import { fieldPath, type FieldIssue } from '@/lib/api-error';

/** SPEC section 8: how sure the search is, in four bands (thresholds 90, 70, 50). */
export type ConfidenceBand = 'high' | 'medium' | 'low' | 'veryLow';

export interface ConfidenceInfo {
  band: ConfidenceBand;
  /** The notification type, and the Bootstrap variant it is shown in. */
  type: 'success' | 'warning' | 'error';
  variant: 'success' | 'warning' | 'danger';
  /** How long a notice about this confidence stays (SPEC section 9). */
  duration: number;
  /** Below 70 a person should check the match by hand. */
  manualVerification: boolean;
}

const BANDS: readonly (readonly [min: number, info: ConfidenceInfo])[] = [
  [
    90,
    {
      band: 'high',
      type: 'success',
      variant: 'success',
      duration: 3000,
      manualVerification: false,
    },
  ],
  [
    70,
    {
      band: 'medium',
      type: 'warning',
      variant: 'warning',
      duration: 5000,
      manualVerification: false,
    },
  ],
  [
    50,
    { band: 'low', type: 'warning', variant: 'warning', duration: 7000, manualVerification: true },
  ],
];

const VERY_LOW: ConfidenceInfo = {
  band: 'veryLow',
  type: 'error',
  variant: 'danger',
  duration: 8000,
  manualVerification: true,
};

/** The band of a confidence of 0 to 100: ≥ 90 high, 70–89 medium, 50–69 low, below 50 very low. */
export function confidenceBand(confidence: number): ConfidenceInfo {
  const value = Number.isFinite(confidence) ? confidence : 0;
  return BANDS.find(([min]) => value >= min)?.[1] ?? VERY_LOW;
}

/** The notice a search result raises (SPEC sections 8 and 9): type, duration, persistence. */
export const SEARCH_RESULT_NOTICES: Record<SearchResultType, NotificationInput> = {
  EXACT_MATCH: {
    type: 'success',
    title: 'search.notices.exactMatch.title',
    message: 'search.notices.exactMatch.message',
    duration: 3000,
  },
  PARTIAL_MATCH: {
    type: 'warning',
    title: 'search.notices.partialMatch.title',
    message: 'search.notices.partialMatch.message',
    duration: 6000,
  },
  FUZZY_MATCH: {
    type: 'info',
    title: 'search.notices.fuzzyMatch.title',
    message: 'search.notices.fuzzyMatch.message',
    duration: 6000,
  },
  CONFLICTING_DATA: {
    type: 'warning',
    title: 'search.notices.conflictingData.title',
    message: 'search.notices.conflictingData.message',
    autoClose: false,
  },
  NOT_FOUND: {
    type: 'info',
    title: 'search.notices.notFound.title',
    message: 'search.notices.notFound.message',
    duration: 5000,
  },
  AMBIGUOUS: {
    type: 'warning',
    title: 'search.notices.ambiguous.title',
    message: 'search.notices.ambiguous.message',
    autoClose: false,
  },
};

/** A search that failed for another reason than its input (SPEC 9: 8000 ms). */
export const SEARCH_ERROR_NOTICE: NotificationInput = {
  type: 'error',
  title: 'search.notices.error.title',
  message: 'search.notices.error.message',
  duration: 8000,
};

/** The input was refused: each problem as 'field: message' (SPEC 8), 6000 ms (SPEC 9). */
export function searchValidationNotice(problems: readonly FieldIssue[]): NotificationInput {
  return {
    type: 'warning',
    title: 'search.notices.validation.title',
    message: 'search.notices.validation.message',
    values: {
      details: problems.map(({ field, message }) => `${fieldPath(field)}: ${message}`).join('; '),
    },
    duration: 6000,
  };
}

const CONFIDENCE_MESSAGES = {
  high: 'search.confidence.notice.high',
  medium: 'search.confidence.notice.medium',
  low: 'search.confidence.notice.low',
  veryLow: 'search.confidence.notice.veryLow',
} as const satisfies Record<ConfidenceBand, string>;

/**
 * How sure the search is about its best candidates, for results a person has to judge
 * (partial and fuzzy matches); its duration follows the band (SPEC 9: 3000 to 8000 ms).
 */
export function confidenceNotice(confidence: number): NotificationInput {
  const { band, type, duration } = confidenceBand(confidence);
  return {
    type,
    title: 'search.confidence.noticeTitle',
    message: CONFIDENCE_MESSAGES[band],
    values: { confidence: Math.round(confidence) },
    duration,
  };
}
