import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { Adapter, AdapterConstructor, AdapterPayload } from 'oidc-provider';
import type { Db } from '#server/db/client.js';
import { oidcPayloads } from '#server/db/schema/idp.js';

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Stores every oidc-provider model (Session, Interaction, AuthorizationCode, RefreshToken, Grant...)
 * in `oidc_payloads`, one row per (id, model). Nothing is kept in process memory, so any of several
 * processes behind a load balancer can carry on a flow another one started.
 */
export function createPayloadAdapter(db: Db): AdapterConstructor {
  return class PayloadAdapter implements Adapter {
    constructor(readonly name: string) {}

    private notExpired() {
      return or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, new Date()));
    }

    private async findWhere(column: 'id' | 'uid' | 'userCode', value: string) {
      const [row] = await db
        .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
        .from(oidcPayloads)
        .where(
          and(eq(oidcPayloads.type, this.name), eq(oidcPayloads[column], value), this.notExpired()),
        )
        .limit(1);
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: epochSeconds(row.consumedAt) } : payload;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn?: number) {
      const consumed = typeof payload.consumed === 'number' ? payload.consumed : undefined;
      const columns = {
        payload,
        grantId: payload.grantId ?? null,
        userCode: payload.userCode ?? null,
        uid: payload.uid ?? null,
        expiresAt: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
        consumedAt: consumed === undefined ? null : new Date(consumed * 1000),
      };
      await db
        .insert(oidcPayloads)
        .values({ id, type: this.name, ...columns })
        .onConflictDoUpdate({ target: [oidcPayloads.id, oidcPayloads.type], set: columns });
    }

    find(id: string) {
      return this.findWhere('id', id);
    }

    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    findByUserCode(userCode: string) {
      return this.findWhere('userCode', userCode);
    }

    async consume(id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: new Date() })
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
    }

    async destroy(id: string) {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.id, id), eq(oidcPayloads.type, this.name)));
    }

    async revokeByGrantId(grantId: string) {
      await db
        .delete(oidcPayloads)
        .where(and(eq(oidcPayloads.grantId, grantId), eq(oidcPayloads.type, this.name)));
    }
  };
}

/**
 * Removes rows past their expiry. Plain deletes are idempotent, so processes that happen to run
 * this together only wait briefly on each other's row locks.
 */
export async function deleteExpiredPayloads(db: Db): Promise<number> {
  const deleted = await db
    .delete(oidcPayloads)
    .where(lt(oidcPayloads.expiresAt, new Date()))
    .returning({ id: oidcPayloads.id });
  return deleted.length;
}
