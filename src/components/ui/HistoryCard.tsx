import { useEffect, useEffectEvent, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { ListFeedback } from '@/components/ui/RequestFeedback';
import { formatDateTime } from '@/lib/format';
import type { RequestState } from '@/lib/request-state';
import '@/components/ui/Timeline.css';

/** What every entry of a record's trail tells: who, when, and why where a reason was given. */
interface TrailEntry {
  id: number;
  userName: string | null;
  createdAt: string;
  reason: string | null;
}

interface HistoryCardProps<E extends TrailEntry> {
  /** The record whose trail is shown: the key its request is made for. */
  recordKey: string;
  /**
   * The trail's request, keyed by the record (an order's, a shipment's uuid): a keyed request
   * of the store, of which the card reads only what it shows.
   */
  history: RequestState & { key: string | null; data: E[]; stale: boolean };
  /** Asks for the trail; `fresh` skips an answer the request de-duplication would reuse. */
  load: (fresh: boolean) => void;
  texts: { heading: string; loading: string; loadFailed: string; empty: string };
  /** What one entry says happened. */
  describe: (entry: E) => ReactNode;
}

/**
 * A record's audit trail, oldest first, as a timeline: what happened, who did it and when, and
 * the reason given. Asked for again when a change has made it stale.
 */
export function HistoryCard<E extends TrailEntry>({
  recordKey,
  history,
  load,
  texts,
  describe,
}: HistoryCardProps<E>) {
  const { t } = useTranslation();
  const mine = history.key === recordKey;
  const stale = mine && history.stale;
  // `load` stands for the record's key: asked again when the key changes or the trail went stale.
  const loadTrail = useEffectEvent((fresh: boolean) => load(fresh));
  useEffect(() => loadTrail(stale), [recordKey, stale]);
  const entries = mine ? history.data : [];

  return (
    <Card className="shadow-sm h-100">
      <Card.Body className="p-3 p-sm-4">
        <h2 className="h5 mb-3">{texts.heading}</h2>
        <ListFeedback
          status={mine ? history.status : undefined}
          count={entries.length}
          failed={texts.loadFailed}
          loading={texts.loading}
          empty={texts.empty}
          onRetry={() => load(true)}
        />
        {entries.length > 0 && (
          <ol className="app-timeline list-unstyled mb-0" aria-label={texts.heading}>
            {entries.map((entry) => (
              <li key={entry.id} className="app-timeline-item">
                <div>{describe(entry)}</div>
                <p className="small text-body-secondary mb-0 mt-1">
                  {entry.userName
                    ? t('ui.history.byWhen', {
                        name: entry.userName,
                        date: formatDateTime(entry.createdAt),
                      })
                    : formatDateTime(entry.createdAt)}
                </p>
                {entry.reason && (
                  <p className="mb-0 mt-1 text-break app-timeline-reason">
                    {t('ui.history.reason', { reason: entry.reason })}
                  </p>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card.Body>
    </Card>
  );
}
