import { waitFor } from '@testing-library/react';
import { startPersistence } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { formDataSaved } from '@/features/kyc/collection/cocCheckSlice';
import type { TradePartner } from '@common/partners';
import { loadTradePartner, loadUserTradePartners } from '@/session/tradePartnerSlice';
import { partnerJson } from '../../tests/data/partners';
import { makeStore } from '../../tests/render-with-providers';

const KEY = 'persist:nt24.cocCheck';

describe('store persistence of the KYC drafts (cocCheck)', () => {
  afterEach(() => window.localStorage.clear());

  it('keeps the drafts and current ids only, brings them back, and forgets them at sign-out', async () => {
    const draft = { value: { iban: 'NL91' }, changedAt: 1, syncedAt: null };
    window.localStorage.setItem(
      KEY,
      JSON.stringify({
        drafts: JSON.stringify({ 12: { 'bank-and-vat': draft } }),
        currentKycId: '12',
        currentTradePartnerId: '42',
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = makeStore();
    const persistor = await startPersistence(store);
    expect(store.getState().cocCheck).toMatchObject({
      drafts: { 12: { 'bank-and-vat': draft } },
      currentKycId: 12,
      currentTradePartnerId: 42,
    });

    store.dispatch(formDataSaved({ kycId: 13, stepType: 'coc', value: {}, changedAt: 2 }));
    await persistor.flush();
    const stored = JSON.parse(window.localStorage.getItem(KEY)!) as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual([
      '_persist',
      'currentKycId',
      'currentTradePartnerId',
      'drafts',
    ]);
    expect(Object.keys(JSON.parse(stored.drafts!) as object)).toEqual(['12', '13']);

    persistor.pause();
    store.dispatch(signedOut());
    expect(store.getState().cocCheck.drafts).toEqual({});
    await waitFor(() => expect(window.localStorage.getItem(KEY)).toBeNull());
  });
});

describe('store persistence of the trade partners (tradePartner, partnerEntities)', () => {
  afterEach(() => window.localStorage.clear());

  const ENTITIES = 'persist:nt24.partnerEntities';
  const own = partnerJson({ role: 'OWNER', accessLevel: 'ADMIN', isOwner: true }) as TradePartner;
  const viewed = partnerJson({
    uuid: '7d1c2b3a-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
    role: null,
    accessLevel: null,
    isOwner: false,
  }) as TradePartner;

  it("stores the person's own companies only, brings them back by uuid, and forgets them at sign-out", async () => {
    const store = makeStore();
    const persistor = await startPersistence(store);
    store.dispatch(loadUserTradePartners.fulfilled([own], 'request', undefined));
    store.dispatch(loadTradePartner.fulfilled(viewed, 'request', { uuid: viewed.uuid }));
    expect(Object.keys(store.getState().partnerEntities.entities).sort()).toEqual(
      [own.uuid, viewed.uuid].sort(),
    );
    await persistor.flush();
    const stored = JSON.parse(window.localStorage.getItem(ENTITIES)!) as Record<string, string>;
    expect(Object.keys(stored).sort()).toEqual(['_persist', 'entities']);
    expect(Object.keys(JSON.parse(stored.entities!) as object)).toEqual([own.uuid]);

    const again = makeStore();
    await startPersistence(again);
    expect(again.getState().partnerEntities.ids).toEqual([own.uuid]);
    expect(again.getState().partnerEntities.entities[own.uuid]).toEqual(own);

    persistor.pause();
    store.dispatch(signedOut());
    await waitFor(() => expect(window.localStorage.getItem(ENTITIES)).toBeNull());
  });

  it('drops what an older version stored of the tradePartner slice instead of merging it', async () => {
    window.localStorage.setItem(
      'persist:nt24.tradePartner',
      JSON.stringify({
        list: JSON.stringify([own]),
        current: JSON.stringify(own),
        _persist: JSON.stringify({ version: 1, rehydrated: true }),
      }),
    );
    const store = makeStore();
    await startPersistence(store);
    expect(store.getState().tradePartner).not.toHaveProperty('list');
    expect(store.getState().tradePartner).not.toHaveProperty('current');
  });
});
