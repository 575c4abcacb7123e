import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MatchReason, SearchMatch, SearchResult, SearchResultType } from '@common/search';
import { partnerPath } from '@/config/paths';
import { confidenceBand, type ConfidenceBand } from '@/features/partners/searchNotices';
import { useCountryName } from '@/countries/useCountryName';

const RESULT_LABELS = {
  EXACT_MATCH: 'search.resultTypes.EXACT_MATCH',
  PARTIAL_MATCH: 'search.resultTypes.PARTIAL_MATCH',
  FUZZY_MATCH: 'search.resultTypes.FUZZY_MATCH',
  CONFLICTING_DATA: 'search.resultTypes.CONFLICTING_DATA',
  NOT_FOUND: 'search.resultTypes.NOT_FOUND',
  AMBIGUOUS: 'search.resultTypes.AMBIGUOUS',
} as const satisfies Record<SearchResultType, string>;

const RESULT_HINTS = {
  EXACT_MATCH: 'search.resultHints.EXACT_MATCH',
  PARTIAL_MATCH: 'search.resultHints.PARTIAL_MATCH',
  FUZZY_MATCH: 'search.resultHints.FUZZY_MATCH',
  CONFLICTING_DATA: 'search.resultHints.CONFLICTING_DATA',
  NOT_FOUND: 'search.resultHints.NOT_FOUND',
  AMBIGUOUS: 'search.resultHints.AMBIGUOUS',
} as const satisfies Record<SearchResultType, string>;

const RESULT_VARIANTS: Record<SearchResultType, string> = {
  EXACT_MATCH: 'success',
  PARTIAL_MATCH: 'warning',
  FUZZY_MATCH: 'info',
  CONFLICTING_DATA: 'warning',
  NOT_FOUND: 'secondary',
  AMBIGUOUS: 'warning',
};

const BAND_LABELS = {
  high: 'search.confidence.bands.high',
  medium: 'search.confidence.bands.medium',
  low: 'search.confidence.bands.low',
  veryLow: 'search.confidence.bands.veryLow',
} as const satisfies Record<ConfidenceBand, string>;

const FIELD_LABELS = {
  cocNumber: 'search.fields.cocNumber',
  vatNumber: 'search.fields.vatNumber',
  name: 'search.fields.name',
  country: 'search.fields.country',
} as const;

const MATCH_LABELS = {
  EXACT: 'search.reasons.EXACT',
  PARTIAL: 'search.reasons.PARTIAL',
  FUZZY: 'search.reasons.FUZZY',
  MISMATCH: 'search.reasons.MISMATCH',
  MISSING: 'search.reasons.MISSING',
} as const satisfies Record<MatchReason['match'], string>;

const REASON_VARIANTS: Record<MatchReason['match'], string> = {
  EXACT: 'success',
  PARTIAL: 'warning',
  FUZZY: 'info',
  MISMATCH: 'danger',
  MISSING: 'secondary',
};

function ConfidenceBadge({ confidence }: { confidence: number }) {
  const { t } = useTranslation();
  const { band, variant } = confidenceBand(confidence);
  return (
    <Badge bg={variant} text={variant === 'warning' ? 'dark' : undefined}>
      {t('search.confidence.value', {
        confidence: Math.round(confidence),
        band: t(BAND_LABELS[band]),
      })}
    </Badge>
  );
}

function Reason({ reason }: { reason: MatchReason }) {
  const { t } = useTranslation();
  const field =
    reason.field in FIELD_LABELS
      ? t(FIELD_LABELS[reason.field as keyof typeof FIELD_LABELS])
      : reason.field;
  const match = t(MATCH_LABELS[reason.match]);
  const text =
    reason.similarity === undefined
      ? t('search.reasons.text', { field, match })
      : t('search.reasons.withSimilarity', {
          field,
          match,
          similarity: Math.round(reason.similarity * 100),
        });
  return (
    <li>
      <Badge
        bg={`${REASON_VARIANTS[reason.match]}-subtle`}
        text={`${REASON_VARIANTS[reason.match]}-emphasis`}
        className="border fw-normal"
      >
        {text}
      </Badge>
    </li>
  );
}

function MatchItem({ match }: { match: SearchMatch }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  const numbers = [
    match.cocNumber && t('search.match.coc', { number: match.cocNumber }),
    match.vatNumber && t('search.match.vat', { number: match.vatNumber }),
    match.country && countryName(match.country),
  ].filter(Boolean);
  return (
    <ListGroup.Item as="li" className="py-3">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
        <span className="fw-semibold me-auto">
          {match.uuid ? <Link to={partnerPath(match.uuid)}>{match.name}</Link> : match.name}
        </span>
        <ConfidenceBadge confidence={match.confidence} />
      </div>
      {numbers.length > 0 && (
        <p className="small text-body-secondary mb-2">{numbers.join(' · ')}</p>
      )}
      {match.reasons.length > 0 && (
        <ul className="partners-reasons" aria-label={t('search.match.reasons')}>
          {match.reasons.map((reason) => (
            <Reason key={`${reason.field}-${reason.match}`} reason={reason} />
          ))}
        </ul>
      )}
    </ListGroup.Item>
  );
}

/** What the search found: its type, how sure it is (with the band) and each candidate. */
export function SearchResultPanel({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  const band = confidenceBand(result.confidence);
  const hasConfidence = result.resultType !== 'NOT_FOUND';
  return (
    <section aria-labelledby="search-result-heading" data-result-type={result.resultType}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="search-result-heading" className="h5 mb-0 me-auto">
          {t('search.resultHeading')}
        </h2>
        <Badge
          bg={RESULT_VARIANTS[result.resultType]}
          text={RESULT_VARIANTS[result.resultType] === 'warning' ? 'dark' : undefined}
        >
          {t(RESULT_LABELS[result.resultType])}
        </Badge>
        {hasConfidence && <ConfidenceBadge confidence={result.confidence} />}
      </div>
      <p className="text-body-secondary">{t(RESULT_HINTS[result.resultType])}</p>
      {hasConfidence && band.manualVerification && (
        <Alert variant={band.variant} className="py-2">
          {band.band === 'low'
            ? t('search.confidence.manualVerification')
            : t('search.confidence.veryLowHint')}
        </Alert>
      )}
      {result.matches.length > 0 && (
        <ListGroup as="ol" aria-label={t('search.matchesLabel')} className="mb-3">
          {result.matches.map((match, index) => (
            <MatchItem key={match.uuid ?? `${match.name}-${index}`} match={match} />
          ))}
        </ListGroup>
      )}
    </section>
  );
}
