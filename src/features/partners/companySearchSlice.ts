import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { SearchResult } from '@common/search';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { notificationAdded } from '@/notifications/notificationsSlice';
import { searchCompanies, type CompanySearch } from '@/features/partners/partnersApi';
import { createPartner } from '@/features/partners/partnersSlice';
import {
  confidenceNotice,
  SEARCH_ERROR_NOTICE,
  SEARCH_RESULT_NOTICES,
  searchValidationNotice,
} from '@/features/partners/searchNotices';
import { fieldIssues, toApiError } from '@/lib/api-error';
import { idleRequest, type RequestState } from '@/lib/request-state';
import { addRequest, createFetch, notBusy } from '@/store/requests';

/** The last company search of the new-partner screen. */
export type CompanySearchState = RequestState & {
  query: CompanySearch | null;
  result: SearchResult | null;
};

const initialState: CompanySearchState = { ...idleRequest(), query: null, result: null };

/**
 * GET /api/partners/search, telling the user what it found (SPEC section 8): each result type
 * has its notice; partial and fuzzy matches also say how sure the search is.
 */
export const searchCompany = createFetch(
  'partners/search',
  async (query: CompanySearch, { dispatch }) => {
    try {
      const result = await searchCompanies(query);
      dispatch(notificationAdded(SEARCH_RESULT_NOTICES[result.resultType]));
      if (result.resultType === 'PARTIAL_MATCH' || result.resultType === 'FUZZY_MATCH') {
        dispatch(notificationAdded(confidenceNotice(result.confidence)));
      }
      return result;
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 400) {
        const problems = fieldIssues(apiError);
        dispatch(
          notificationAdded(
            searchValidationNotice(
              problems.length > 0 ? problems : [{ field: 'search', message: apiError.message }],
            ),
          ),
        );
      } else {
        console.error('Company search failed:', error);
        dispatch(notificationAdded(SEARCH_ERROR_NOTICE));
      }
      throw apiError;
    }
  },
  { condition: notBusy((state: RootState) => selectCompanySearch(state)) },
);

export const companySearchSlice = createSlice({
  name: 'companySearch',
  initialState,
  reducers: {
    /** The new-partner screen starts over. */
    searchCleared: () => initialState,
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      // A new partner made from the search: the next visit starts with an empty one.
      .addCase(createPartner.fulfilled, () => initialState)
      .addCase(searchCompany.pending, (_state, action) => ({
        ...initialState,
        query: action.meta.arg,
      }))
      .addCase(searchCompany.fulfilled, (state, action) => {
        state.result = action.payload;
      });
    addRequest(builder, searchCompany, (state) => state);
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof companySearchSlice> {}
}

/** In the store once the new-partner page loads (app/store.ts); its initial state until then. */
const injected = companySearchSlice.injectInto(rootReducer);

export const { searchCleared } = companySearchSlice.actions;

export const selectCompanySearch = (state: RootState) => injected.selectSlice(state);
