import { useEffect, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { ErrorCard } from '@/components/ui/ErrorCard';
import { LoadFailed, Loading } from '@/components/ui/RequestFeedback';
import { parseRecordRef } from '@/lib/recordRef';
import type { RequestState } from '@/lib/request-state';

/** What a record's page says while the record is not there, in the person's language. */
export interface RecordPageTexts {
  notFoundTitle: string;
  notFoundMessage: string;
  /** The list 'not found' leads back to. */
  backTo: string;
  backLabel: string;
  loadFailed: string;
  loading: string;
}

export function RecordNotFound({ texts }: { texts: RecordPageTexts }) {
  return (
    <ErrorCard
      code={404}
      icon="compass"
      title={texts.notFoundTitle}
      message={texts.notFoundMessage}
      actions={
        <Link to={texts.backTo} className="btn btn-primary">
          {texts.backLabel}
        </Link>
      }
    />
  );
}

interface RecordPageOptions<T> {
  /** How the address names the record: its id or uuid. */
  ref: string;
  /** The record, once loaded, if it is the one `ref` names. */
  record: T | null;
  /** The request that loads it, keyed by `ref` (a keyed request of the store). */
  request: RequestState & { key: string | null };
  /** Asks for the record `ref` names. */
  load: (ref: string) => void;
  texts: RecordPageTexts;
}

/**
 * The record an address names (`ref`), loaded; while it is not there, what to show instead:
 * 'not found' (not an id or uuid, 400 or 404 alike: not the person's to see), a failure with
 * Try again, or a spinner.
 */
export function useRecordPage<T>({ ref, record, request, load, texts }: RecordPageOptions<T>): {
  record: T | null;
  fallback: ReactElement | null;
} {
  const valid = parseRecordRef(ref) !== null;

  useEffect(() => {
    if (valid) load(ref);
  }, [load, ref, valid]);

  if (!valid) return { record: null, fallback: <RecordNotFound texts={texts} /> };
  if (record) return { record, fallback: null };
  const failed = request.key === ref && request.status === 'failed' ? request.error : null;
  if (failed && (failed.status === 404 || failed.status === 400)) {
    return { record: null, fallback: <RecordNotFound texts={texts} /> };
  }
  if (failed) {
    return {
      record: null,
      fallback: <LoadFailed message={texts.loadFailed} onRetry={() => load(ref)} />,
    };
  }
  return { record: null, fallback: <Loading label={texts.loading} /> };
}
