import {
  createEntityAdapter,
  createSelector,
  createSlice,
  isFulfilled,
  isPending,
  isRejected,
  type EntityState,
} from '@reduxjs/toolkit';
import type { Document } from '@common/documents';
import { createAppAsyncThunk } from '@/store/hooks';
import { createChangeThunk, createFetch, notChanging } from '@/store/requests';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { DOCUMENT_TYPES, type DocumentStatus } from '@/documents/documentModel';
import {
  createDocumentToken,
  getDocumentTypes,
  listDocumentsFor,
  updateDocumentStatus,
  updateDocumentType,
  uploadDocument,
  uploadProfilePicture,
  type DocumentLink,
  type DocumentQuery,
  type UploadOptions,
} from '@/documents/documentsApi';
import { notify } from '@/notifications/notificationsSlice';
import { profilePictureChanged } from '@/session/userSlice';
import { toApiError } from '@/lib/api-error';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';

/** SPEC section 9: a document list is fresh for 2 minutes. */
export const DOCUMENT_CACHE_MS = 120_000;

/** One list of documents, as one query answered it. */
export interface DocumentListState extends RequestState {
  query: DocumentQuery;
  ids: number[];
  totalElements: number;
  /** Epoch ms of the last answer. */
  fetchedAt: number | null;
  /** Something changed (an upload, a restore) that the list may not show yet. */
  stale: boolean;
}

/** SPEC section 3's document state. Not persisted. */
export interface DocumentsState {
  /** Type code → the server's English label; loaded once. */
  documentTypes: Record<string, string>;
  typesRequest: RequestState;
  /** Every document seen, by id. */
  documents: EntityState<Document, number>;
  /** Lists by query key (documentListKey). */
  lists: Record<string, DocumentListState>;
  /** The last type change or status change of each document, by id. */
  changes: Record<number, RequestState>;
  /** The last access-token renewal of each document, by id. */
  renewals: Record<number, RequestState>;
}

const documentsAdapter = createEntityAdapter<Document>();

const initialState: DocumentsState = {
  documentTypes: {},
  typesRequest: idleRequest(),
  documents: documentsAdapter.getInitialState(),
  lists: {},
  changes: {},
  renewals: {},
};

/** The same query always gives the same key, whatever the order of its fields. */
export function documentListKey(query: DocumentQuery): string {
  const entries = Object.entries(query)
    .filter(([, value]) => value !== undefined && value !== null && value !== '')
    .map(([key, value]) => [key, Array.isArray(value) ? [...(value as string[])].sort() : value])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));
  return JSON.stringify(entries);
}

// --- Thunks --------------------------------------------------------------------------------------

/** The document types and their labels; asked for once per session. */
export const fetchDocumentTypes = createFetch(
  'documents/fetchTypes',
  (_arg: undefined) => getDocumentTypes(),
  {
    // Once: unlike notBusy, an answer already held is not asked for again.
    condition: (_arg, { getState }) => {
      const { status } = getState().documents.typesRequest;
      return status === 'idle' || status === 'failed';
    },
  },
);

export interface FetchDocumentsArg {
  query: DocumentQuery;
  /** Ask even when a fresh answer is at hand. */
  force?: boolean;
}

/**
 * One list (GET /api/documents/filter, or an order's lookup); a fresh answer (DOCUMENT_CACHE_MS)
 * is not asked again.
 */
export const fetchDocuments = createFetch(
  'documents/fetchList',
  async ({ query, force = false }: FetchDocumentsArg) => {
    const page = await listDocumentsFor(query, { fresh: force }).catch((error: unknown) => {
      console.error('Documents could not be loaded:', error);
      throw error;
    });
    return { page, fetchedAt: Date.now() };
  },
  {
    // Each list keeps its own age and staleness, which no shared helper reads.
    condition: ({ query, force }, { getState }) => {
      const list = getState().documents.lists[documentListKey(query)];
      if (!list) return true;
      if (list.status === 'loading') return false;
      if (force || list.stale || list.status !== 'succeeded') return true;
      return list.fetchedAt === null || Date.now() - list.fetchedAt >= DOCUMENT_CACHE_MS;
    },
  },
);

const notChangingDocument = notChanging(
  (state: RootState, { id }: { id: number }) => state.documents.changes[id],
);

/** PATCH .../type */
export const changeDocumentType = createChangeThunk(
  'documents/changeType',
  ({ id, documentType }: { id: number; documentType: string }) =>
    updateDocumentType(id, documentType),
  { condition: notChangingDocument },
);

/** PATCH .../status: ARCHIVED archives, ACTIVE restores. */
export const changeDocumentStatus = createChangeThunk(
  'documents/changeStatus',
  ({ id, status }: { id: number; status: DocumentStatus }) => updateDocumentStatus(id, status),
  { condition: notChangingDocument },
);

/** Sends a file to a record's own upload (a shipment's, a leg's: SPEC section 7). */
export type SendDocument = (options: UploadOptions) => Promise<Document>;

export type UploadDocumentArg = UploadOptions & {
  link?: DocumentLink;
  /** The record's own upload instead of POST /api/documents. */
  send?: SendDocument;
};

/** POST /api/documents (or `send`); every list is refreshed when next shown. */
export const uploadDocumentFile = createChangeThunk(
  'documents/upload',
  ({ send, ...arg }: UploadDocumentArg) => (send ? send(arg) : uploadDocument(arg)),
);

/**
 * The signed-in user's new profile picture (POST /api/documents?documentType=PROFILE_PICTURE).
 * SPEC section 8: a failure is told in a toast and answers an empty imageUrl; SPEC section 9:
 * user id 1 when none is known.
 */
export const changeProfilePicture = createAppAsyncThunk(
  'documents/changeProfilePicture',
  async (file: File, { dispatch, getState }) => {
    const userId = getState().user.user?.id ?? 1;
    try {
      const { imageUrl } = await uploadProfilePicture({ userId, file });
      dispatch(profilePictureChanged(imageUrl));
      dispatch(
        notify.success(
          'documents.profilePicture.saved.title',
          'documents.profilePicture.saved.message',
        ),
      );
      return { imageUrl };
    } catch (error) {
      console.error('The profile picture could not be uploaded:', error);
      dispatch(
        notify.error(
          'documents.profilePicture.failed.title',
          'documents.profilePicture.failed.message',
          { values: { reason: toApiError(error).message } },
        ),
      );
      return { imageUrl: '' };
    }
  },
);

/** POST .../token: a fresh access token, for an image or frame whose token ran out. */
export const renewDocumentToken = createFetch(
  'documents/renewToken',
  async (id: number) => ({ id, ...(await createDocumentToken(id)) }),
  { condition: notChanging((state: RootState, id: number) => state.documents.renewals[id]) },
);

// --- The slice -----------------------------------------------------------------------------------

/** Takes a document out of the lists `drop` names. */
function removeFromLists(
  state: DocumentsState,
  id: number,
  drop: (query: DocumentQuery) => boolean,
) {
  for (const list of Object.values(state.lists)) {
    if (!drop(list.query) || !list.ids.includes(id)) continue;
    list.ids = list.ids.filter((item) => item !== id);
    list.totalElements = Math.max(0, list.totalElements - 1);
  }
}

/** The request state of document `id` in `entries`, created when first asked for. */
const entryOf = (entries: Record<number, RequestState>, id: number) =>
  (entries[id] ??= idleRequest());

export const documentsSlice = createSlice({
  name: 'documents',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(fetchDocumentTypes.pending, (state) => recordPending(state.typesRequest))
      .addCase(fetchDocumentTypes.fulfilled, (state, action) => {
        recordFulfilled(state.typesRequest);
        state.documentTypes = action.payload;
      })
      .addCase(fetchDocumentTypes.rejected, (state, action) =>
        recordRejected(state.typesRequest, action),
      )
      .addCase(fetchDocuments.pending, (state, action) => {
        const { query } = action.meta.arg;
        const key = documentListKey(query);
        const list = (state.lists[key] ??= {
          ...idleRequest(),
          query,
          ids: [],
          totalElements: 0,
          fetchedAt: null,
          stale: false,
        });
        list.query = query;
        list.stale = false;
        recordPending(list);
      })
      .addCase(fetchDocuments.fulfilled, (state, action) => {
        const list = state.lists[documentListKey(action.meta.arg.query)];
        const { page, fetchedAt } = action.payload;
        documentsAdapter.upsertMany(state.documents, page.documents);
        if (!list) return;
        recordFulfilled(list);
        list.ids = page.documents.map((document) => document.id);
        list.totalElements = page.totalElements;
        list.fetchedAt = fetchedAt;
      })
      .addCase(fetchDocuments.rejected, (state, action) => {
        const list = state.lists[documentListKey(action.meta.arg.query)];
        if (!list) return;
        recordRejected(list, action);
      })
      .addCase(changeDocumentType.fulfilled, (state, action) => {
        const document = action.payload;
        documentsAdapter.upsertOne(state.documents, document);
        // Lists of certain types only no longer show it.
        removeFromLists(
          state,
          document.id,
          (query) => !!query.documentType?.length && !query.documentType.includes(document.type),
        );
      })
      .addCase(changeDocumentStatus.fulfilled, (state, action) => {
        const document = action.payload;
        documentsAdapter.upsertOne(state.documents, document);
        if (document.status === 'ARCHIVED') {
          removeFromLists(state, document.id, (query) => !query.includeArchived);
        } else {
          // Restored: lists without the archived ones may have to show it again.
          for (const list of Object.values(state.lists)) {
            if (!list.query.includeArchived) list.stale = true;
          }
        }
      })
      .addCase(uploadDocumentFile.fulfilled, (state, action) => {
        documentsAdapter.upsertOne(state.documents, action.payload);
        for (const list of Object.values(state.lists)) list.stale = true;
      })
      .addCase(renewDocumentToken.pending, (state, action) =>
        recordPending(entryOf(state.renewals, action.meta.arg)),
      )
      .addCase(renewDocumentToken.fulfilled, (state, action) => {
        const { id, token, expiresAt } = action.payload;
        recordFulfilled(entryOf(state.renewals, id));
        documentsAdapter.updateOne(state.documents, {
          id,
          changes: { accessToken: token, accessTokenExpiresAt: expiresAt },
        });
      })
      .addCase(renewDocumentToken.rejected, (state, action) =>
        recordRejected(entryOf(state.renewals, action.meta.arg), action),
      );

    // Both per-document changes keep their request state the same way.
    const changes = [changeDocumentType, changeDocumentStatus] as const;
    builder
      .addMatcher(isPending(...changes), (state, action) =>
        recordPending(entryOf(state.changes, action.meta.arg.id)),
      )
      .addMatcher(isFulfilled(...changes), (state, action) =>
        recordFulfilled(entryOf(state.changes, action.meta.arg.id)),
      )
      .addMatcher(isRejected(...changes), (state, action) =>
        recordRejected(entryOf(state.changes, action.meta.arg.id), action),
      );
  },
});

// --- Selectors -----------------------------------------------------------------------------------

const documentSelectors = documentsAdapter.getSelectors(
  (state: RootState) => state.documents.documents,
);

export const selectDocumentById = documentSelectors.selectById;
export const selectDocumentTypeLabels = (state: RootState) => state.documents.documentTypes;
/** Whether a type change or status change of document `id` is under way. */
export const selectDocumentLoading = (state: RootState, id: number) =>
  state.documents.changes[id]?.status === 'loading';
export const selectDocumentError = (state: RootState, id: number) =>
  state.documents.changes[id]?.error ?? null;

/** The type codes to offer: the server's once loaded, else the ones this app knows. */
export const selectDocumentTypeCodes = createSelector(
  [selectDocumentTypeLabels],
  (labels): readonly string[] => {
    const codes = Object.keys(labels);
    return codes.length > 0 ? codes : DOCUMENT_TYPES;
  },
);

const NO_DOCUMENTS: readonly Document[] = [];

/** A list with its documents, for the query key `key`; undefined before it was ever asked for. */
export const selectDocumentList = createSelector(
  [
    (state: RootState, key: string) => state.documents.lists[key],
    (state: RootState) => state.documents.documents.entities,
  ],
  (list, entities) =>
    list && {
      status: list.status,
      error: list.error,
      stale: list.stale,
      totalElements: list.totalElements,
      documents:
        list.ids.length === 0
          ? NO_DOCUMENTS
          : list.ids.flatMap((id) => (entities[id] ? [entities[id]] : [])),
    },
);
