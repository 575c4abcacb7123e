import type { KycStepType } from '#common/kyc.js';
import type { KycAuditAction } from '#common/kyc-responses.js';
import type { Db } from '#server/db/client.js';
import { trailColumns } from '#server/db/trail.js';
import { personName, type NamedPerson } from '#server/modules/users/identity-service.js';
import { createRecordRepository, type AuditRow } from './records-repository.js';

// The trails of every module name a person alike (the users module's personName).
export { personName };

/** Who acted, as the history and the audit trail keep them: an id and the name then. */
export interface Acting {
  userId: number;
  userName: string;
  /** Done through self-service link #N (issue 19). */
  viaSelfServiceLink?: number;
}

export const acting = (person: NamedPerson & { viaSelfServiceLink?: number }): Acting => ({
  userId: person.id,
  userName: personName(person),
  ...(person.viaSelfServiceLink === undefined
    ? {}
    : { viaSelfServiceLink: person.viaSelfServiceLink }),
});

export interface AuditEntry {
  kycId: number;
  entity: 'submission' | 'step' | 'comment' | 'document';
  entityId: number | null;
  stepType?: KycStepType | null;
  action: KycAuditAction;
  from?: string | null;
  to?: string | null;
  /** Why: the comment that came with the change. */
  reason?: string | null;
  details?: Record<string, unknown> | null;
  by: Acting | null;
  /** When; the transaction's time unless given (the demo data tells a story in the past). */
  at?: Date;
}

/**
 * Writes one row of the append-only audit trail (decision 012). Call it with the transaction
 * that makes the change, so the change and its record commit or fail together.
 */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<AuditRow> {
  return createRecordRepository(tx).insertAudit({
    kycId: entry.kycId,
    entity: entry.entity,
    entityId: entry.entityId,
    stepType: entry.stepType ?? null,
    action: entry.action,
    ...trailColumns(entry),
    viaSelfServiceLink: entry.by?.viaSelfServiceLink ?? null,
  });
}
