import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idpAccounts, oidcPayloads } from '#server/db/schema/idp.js';
import {
  authenticate,
  createAccount,
  hashPassword,
  seedDemoAccounts,
  verifyPassword,
} from './accounts.js';
import { createPayloadAdapter, deleteExpiredPayloads } from './adapter.js';
import { browser, idpTestApp, signIn } from './test-support.js';

describe('identity provider accounts and storage', () => {
  let harness: Awaited<ReturnType<typeof idpTestApp>>;
  const db = () => harness.app.db;

  beforeAll(async () => {
    harness = await idpTestApp();
  });
  afterAll(() => harness?.close());

  describe('accounts', () => {
    it('hashes passwords with a salt and checks them', async () => {
      const [first, second] = await Promise.all([hashPassword('secret'), hashPassword('secret')]);
      expect(first).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
      expect(first).not.toBe(second);
      expect(await verifyPassword('secret', first)).toBe(true);
      expect(await verifyPassword('Secret', first)).toBe(false);
      expect(await verifyPassword('secret', 'plain-text')).toBe(false);
    });

    it('authenticates by username or e-mail address in any case', async () => {
      expect(await authenticate(db(), ' Owner ', 'nt24demo')).toMatchObject({ username: 'owner' });
      expect(await authenticate(db(), 'OWNER@nt24.example', 'nt24demo')).toMatchObject({
        username: 'owner',
      });
      expect(await authenticate(db(), 'owner', 'NT24DEMO')).toBeUndefined();
      expect(await authenticate(db(), 'nobody', 'nt24demo')).toBeUndefined();
    });

    it('seeds idempotently, also when two processes seed at once', async () => {
      await db().delete(idpAccounts).where(eq(idpAccounts.username, 'contact'));
      const results = await Promise.all([seedDemoAccounts(db()), seedDemoAccounts(db())]);
      expect(results.flat()).toEqual(['contact']);
      expect(await seedDemoAccounts(db())).toEqual([]);
      expect(await db().select().from(idpAccounts)).toHaveLength(6);
    });

    it('creates accounts that can sign in, and refuses a taken username or e-mail address', async () => {
      const account = await createAccount(db(), {
        username: 'New.User',
        email: 'New.User@Example.com',
        firstName: 'New',
        lastName: 'User',
        password: 'a long password',
        roles: ['NT24_TRADE_PARTNER'],
      });
      expect(account).toMatchObject({
        username: 'new.user',
        email: 'new.user@example.com',
        roles: ['NT24_TRADE_PARTNER'],
      });
      expect(account.passwordHash).not.toContain('a long password');
      const taken = {
        username: 'MANAGER',
        email: 'x@example.com',
        firstName: 'X',
        lastName: 'Y',
        password: 'pw',
        roles: [],
      };
      await expect(createAccount(db(), taken)).rejects.toMatchObject({ statusCode: 409 });
      await expect(
        createAccount(db(), { ...taken, username: 'other', email: 'manager@NT24.example' }),
      ).rejects.toMatchObject({ statusCode: 409 });

      const { tokens } = await signIn(
        browser(() => harness.app),
        'new.user',
        'a long password',
      );
      expect(decodeJwt(tokens.access_token as string)).toMatchObject({
        preferred_username: 'new.user',
        realm_access: { roles: ['NT24_TRADE_PARTNER'] },
      });
    });
  });

  describe('storage', () => {
    it('honours expiry on reads, consumes, finds by uid and revokes by grant', async () => {
      const Adapter = createPayloadAdapter(db());
      const codes = new Adapter('AuthorizationCode');
      const sessions = new Adapter('Session');

      await codes.upsert('live', { grantId: 'g1', exp: 1 }, 60);
      await codes.upsert('old', { grantId: 'g1' }, -5);
      expect(await codes.find('live')).toEqual({ grantId: 'g1', exp: 1 });
      expect(await codes.find('old')).toBeUndefined();
      // The same id under another model is another record.
      expect(await sessions.find('live')).toBeUndefined();

      await codes.consume('live');
      expect(await codes.find('live')).toMatchObject({ consumed: expect.any(Number) });

      await sessions.upsert('s1', { uid: 'u1', accountId: 'a' }, 60);
      expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'a' });
      await sessions.upsert('s1', { uid: 'u1', accountId: 'b' }, 60);
      expect(await sessions.findByUid('u1')).toMatchObject({ accountId: 'b' });
      await sessions.destroy('s1');
      expect(await sessions.findByUid('u1')).toBeUndefined();

      await codes.revokeByGrantId('g1');
      expect(await codes.find('live')).toBeUndefined();
    });

    it('deletes expired records and keeps the others', async () => {
      const Adapter = createPayloadAdapter(db());
      const tokens = new Adapter('RefreshToken');
      await tokens.upsert('expired', {}, -1);
      await tokens.upsert('fresh', {}, 60);
      expect(await deleteExpiredPayloads(db())).toBeGreaterThanOrEqual(1);
      const left = await db()
        .select({ id: oidcPayloads.id })
        .from(oidcPayloads)
        .where(eq(oidcPayloads.type, 'RefreshToken'));
      expect(left.map((r) => r.id)).toContain('fresh');
      expect(left.map((r) => r.id)).not.toContain('expired');
    });
  });
});
