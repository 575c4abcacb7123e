/** Who acted, as an audit trail keeps them: an id and the name at the time. */
export interface TrailActor {
  userId: number;
  userName: string;
}

/** What every audit trail (the KYC file's, the order's) records of a change. */
export interface TrailEntry {
  from?: string | null;
  to?: string | null;
  /** Why: the comment or reason that came with the change. */
  reason?: string | null;
  details?: Record<string, unknown> | null;
  by: TrailActor | null;
  /** When; the transaction's time unless given (the demo data tells a story in the past). */
  at?: Date;
}

/** The columns every trail table keeps an entry in. */
export const trailColumns = (entry: TrailEntry) => ({
  fromValue: entry.from ?? null,
  toValue: entry.to ?? null,
  reason: entry.reason ?? null,
  details: entry.details ?? null,
  userId: entry.by?.userId ?? null,
  userName: entry.by?.userName ?? null,
  ...(entry.at ? { createdAt: entry.at } : {}),
});
