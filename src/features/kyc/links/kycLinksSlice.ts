import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import {
  selfServiceLinkSchema,
  type LinkCreate,
  type LinkUse,
  type SelfServiceLink,
} from '@common/selfservice';
import {
  addCachedFetch,
  createCachedFetch,
  idleCached,
  type CacheArg,
  type CachedRequest,
} from '@/store/cache';
import { rootReducer, type RootState } from '@/app/store';
import { KYC_STEP_CACHE_MS } from '@/features/kyc/kycCache';
import {
  createKycLink,
  getKycLinks,
  getKycLinkUses,
  revokeKycLink,
} from '@/features/kyc/links/kycLinksApi';
import { signedOut } from '@/store/authActions';
import { createFetch } from '@/store/requests';

/** A link's uses and last use change while its recipient works: read again after 5 s. */
const LINKS_CACHE_MS = KYC_STEP_CACHE_MS;

/** Not persisted: the links of the files opened, and the access logs looked at. */
export interface KycLinksState {
  /** By KYC id, newest first. */
  lists: Record<number, CachedRequest<SelfServiceLink[]>>;
  /** By link id (links are numbered across files). */
  uses: Record<number, CachedRequest<LinkUse[]>>;
}

const initialState: KycLinksState = { lists: {}, uses: {} };

const kycKey = ({ kycId }: { kycId: number }) => String(kycId);
const linkKey = ({ linkId }: { linkId: number }) => String(linkId);

/** The links of file `kycId` (GET .../selfservice-links). */
export const fetchKycLinks = createCachedFetch(
  'kycLinks/fetch',
  ({ kycId }: { kycId: number } & CacheArg) => getKycLinks(kycId),
  (state, { kycId }) => selectKycLinks(state, kycId),
  kycKey,
  LINKS_CACHE_MS,
);

/**
 * A new link on file `kycId`. The answer carries the token and URL, shown once by the dialog
 * that asked; the slice keeps the link without them.
 */
export const shareKycLink = createFetch(
  'kycLinks/share',
  ({ kycId, link }: { kycId: number; link: LinkCreate }) => createKycLink(kycId, link),
);

/** Ends link `linkId` of file `kycId` at once. */
export const revokeLink = createFetch(
  'kycLinks/revoke',
  ({ kycId, linkId }: { kycId: number; linkId: number }) => revokeKycLink(kycId, linkId),
);

/** The access log of link `linkId`, read each time it is opened (kept for no time at all). */
export const fetchLinkUses = createCachedFetch(
  'kycLinks/fetchUses',
  ({ kycId, linkId }: { kycId: number; linkId: number } & CacheArg) =>
    getKycLinkUses(kycId, linkId),
  (state, { linkId }) => selectLinkUses(state, linkId),
  linkKey,
  0,
);

export const kycLinksSlice = createSlice({
  name: 'kycLinks',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(shareKycLink.fulfilled, (state, action) => {
        const entry = state.lists[action.meta.arg.kycId];
        if (!entry) return;
        // The token and URL stay with the dialog that shows them once: the schema drops them.
        entry.data.unshift(selfServiceLinkSchema.parse(action.payload));
      })
      .addCase(revokeLink.fulfilled, (state, action) => {
        const entry = state.lists[action.meta.arg.kycId];
        if (!entry) return;
        entry.data = entry.data.map((link) =>
          link.id === action.payload.id ? action.payload : link,
        );
        // Its uses may have moved on too: the list is read again.
        entry.stale = true;
      });
    addCachedFetch(
      builder,
      fetchKycLinks,
      (state, { kycId }) => (state.lists[kycId] ??= idleCached([])),
      {
        keyOf: kycKey,
      },
    );
    addCachedFetch(
      builder,
      fetchLinkUses,
      (state, { linkId }) => (state.uses[linkId] ??= idleCached([])),
      { keyOf: linkKey },
    );
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof kycLinksSlice> {}
}

/** In the store once a file's links load (app/store.ts); its initial state until then. */
const injected = kycLinksSlice.injectInto(rootReducer);

export const selectKycLinks = (
  state: RootState,
  kycId: number,
): CachedRequest<SelfServiceLink[]> | undefined => injected.selectSlice(state).lists[kycId];

export const selectLinkUses = (
  state: RootState,
  linkId: number,
): CachedRequest<LinkUse[]> | undefined => injected.selectSlice(state).uses[linkId];
