import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import {
  selfServiceLinkSchema,
  type LinkCreate,
  type LinkUse,
  type SelfServiceLink,
} from '@common/selfservice';
import { createAppAsyncThunk } from '@/store/hooks';
import { rootReducer, type RootState } from '@/app/store';
import { emptyCache, KYC_STEP_CACHE_MS, shouldFetch, type Cached } from '@/features/kyc/kycCache';
import {
  createKycLink,
  getKycLinks,
  getKycLinkUses,
  revokeKycLink,
} from '@/features/kyc/links/kycLinksApi';
import { signedOut } from '@/store/authActions';
import { toApiError } from '@/lib/api-error';
import { recordFulfilled, recordPending, recordRejected } from '@/lib/request-state';

/** A link's uses and last use change while its recipient works: read again after 5 s. */
const LINKS_CACHE_MS = KYC_STEP_CACHE_MS;

/** Not persisted: the links of the files opened, and the access logs looked at. */
export interface KycLinksState {
  /** By KYC id, newest first. */
  lists: Record<number, Cached<SelfServiceLink[]>>;
  /** By link id (links are numbered across files). */
  uses: Record<number, Cached<LinkUse[]>>;
}

const initialState: KycLinksState = { lists: {}, uses: {} };

/** The links of file `kycId` (GET .../selfservice-links). */
export const fetchKycLinks = createAppAsyncThunk(
  'kycLinks/fetch',
  async ({ kycId }: { kycId: number; force?: boolean }, { rejectWithValue }) => {
    try {
      return { data: await getKycLinks(kycId), fetchedAt: Date.now() };
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: ({ kycId, force }, { getState }) =>
      shouldFetch(selectKycLinks(getState(), kycId), LINKS_CACHE_MS, force),
  },
);

/**
 * A new link on file `kycId`. The answer carries the token and URL, shown once by the dialog
 * that asked; the slice keeps the link without them.
 */
export const shareKycLink = createAppAsyncThunk(
  'kycLinks/share',
  async ({ kycId, link }: { kycId: number; link: LinkCreate }, { rejectWithValue }) => {
    try {
      return await createKycLink(kycId, link);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

/** Ends link `linkId` of file `kycId` at once. */
export const revokeLink = createAppAsyncThunk(
  'kycLinks/revoke',
  async ({ kycId, linkId }: { kycId: number; linkId: number }, { rejectWithValue }) => {
    try {
      return await revokeKycLink(kycId, linkId);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
);

/** The access log of link `linkId`, read each time it is opened. */
export const fetchLinkUses = createAppAsyncThunk(
  'kycLinks/fetchUses',
  async ({ kycId, linkId }: { kycId: number; linkId: number }, { rejectWithValue }) => {
    try {
      return { data: await getKycLinkUses(kycId, linkId), fetchedAt: Date.now() };
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  {
    condition: ({ linkId }, { getState }) =>
      selectLinkUses(getState(), linkId)?.status !== 'loading',
  },
);

export const kycLinksSlice = createSlice({
  name: 'kycLinks',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(fetchKycLinks.pending, (state, action) => {
        const { kycId } = action.meta.arg;
        const entry = (state.lists[kycId] ??= emptyCache([]));
        recordPending(entry);
      })
      .addCase(fetchKycLinks.fulfilled, (state, action) => {
        const entry = state.lists[action.meta.arg.kycId];
        if (!entry) return;
        recordFulfilled(entry);
        entry.data = action.payload.data;
        entry.fetchedAt = action.payload.fetchedAt;
        entry.stale = false;
      })
      .addCase(fetchKycLinks.rejected, (state, action) => {
        const entry = state.lists[action.meta.arg.kycId];
        if (entry) recordRejected(entry, action);
      })
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
      })
      .addCase(fetchLinkUses.pending, (state, action) => {
        const entry = (state.uses[action.meta.arg.linkId] ??= emptyCache([]));
        recordPending(entry);
      })
      .addCase(fetchLinkUses.fulfilled, (state, action) => {
        const entry = state.uses[action.meta.arg.linkId];
        if (!entry) return;
        recordFulfilled(entry);
        entry.data = action.payload.data;
        entry.fetchedAt = action.payload.fetchedAt;
      })
      .addCase(fetchLinkUses.rejected, (state, action) => {
        const entry = state.uses[action.meta.arg.linkId];
        if (entry) recordRejected(entry, action);
      });
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
): Cached<SelfServiceLink[]> | undefined => injected.selectSlice(state).lists[kycId];

export const selectLinkUses = (state: RootState, linkId: number): Cached<LinkUse[]> | undefined =>
  injected.selectSlice(state).uses[linkId];
