import { waitFor } from '@testing-library/react';
import { startPersistence } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { formDataSaved } from '@/features/kyc/collection/cocCheckSlice';
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
