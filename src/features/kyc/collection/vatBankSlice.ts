import { createSlice, type WithSlice } from '@reduxjs/toolkit';
import type { Document } from '@common/documents';
import { STEP_DOCUMENT_TYPES } from '@common/kyc';
import { rootReducer, type RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { filterDocuments } from '@/documents/documentsApi';
import {
  changeDocumentStatus,
  changeDocumentType,
  uploadDocumentFile,
} from '@/documents/documentsSlice';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import { createFetch } from '@/store/requests';

/** SPEC section 3's VAT bank state: the bank-and-VAT step's documents of one company. */
export interface VatBankState extends RequestState {
  tradePartnerId: number | null;
  documents: Document[];
}

const initialState: VatBankState = {
  tradePartnerId: null,
  documents: [],
  ...idleRequest(),
};

const BANK_TYPES: readonly string[] = STEP_DOCUMENT_TYPES['bank-and-vat'];

/** The company's ACTIVE bank statements and VAT certificates. */
export const loadVatBankDocuments = createFetch(
  'vatBank/load',
  async ({ tradePartnerId }: { tradePartnerId: number; force?: boolean }) => {
    const page = await filterDocuments({
      tradePartnerId,
      documentType: [...BANK_TYPES],
      status: 'ACTIVE',
    }).catch((error: unknown) => {
      console.error('The bank and VAT documents could not be loaded:', error);
      throw error;
    });
    return page.documents;
  },
  {
    // One partner's answer is held until forced or another partner is asked for.
    condition: ({ tradePartnerId, force }, { getState }) => {
      const vatBank = selectVatBank(getState());
      if (vatBank.status === 'loading') return false;
      return force || vatBank.tradePartnerId !== tradePartnerId || vatBank.status !== 'succeeded';
    },
  },
);

const belongs = (state: VatBankState, document: Document) =>
  document.status === 'ACTIVE' &&
  document.tradePartnerId === state.tradePartnerId &&
  BANK_TYPES.includes(document.type);

export const vatBankSlice = createSlice({
  name: 'vatBank',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(loadVatBankDocuments.pending, (state, action) => {
        const { tradePartnerId } = action.meta.arg;
        if (state.tradePartnerId !== tradePartnerId) state.documents = [];
        state.tradePartnerId = tradePartnerId;
        recordPending(state);
      })
      .addCase(loadVatBankDocuments.fulfilled, (state, action) => {
        if (state.tradePartnerId !== action.meta.arg.tradePartnerId) return;
        recordFulfilled(state);
        state.documents = action.payload;
      })
      .addCase(loadVatBankDocuments.rejected, (state, action) => {
        if (state.tradePartnerId !== action.meta.arg.tradePartnerId) return;
        recordRejected(state, action);
      })
      // Uploads add to the list, archiving removes by id, a new type is set by id.
      .addCase(uploadDocumentFile.fulfilled, (state, action) => {
        const document = action.payload;
        if (!belongs(state, document) || state.documents.some((item) => item.id === document.id)) {
          return;
        }
        state.documents.unshift(document);
      })
      .addCase(changeDocumentStatus.fulfilled, (state, action) => {
        if (action.payload.status !== 'ARCHIVED') return;
        state.documents = state.documents.filter((item) => item.id !== action.payload.id);
      })
      .addCase(changeDocumentType.fulfilled, (state, action) => {
        const held = state.documents.find((item) => item.id === action.payload.id);
        if (held) held.type = action.payload.type;
      });
  },
});

declare module '@/app/store' {
  interface LazyLoadedSlices extends WithSlice<typeof vatBankSlice> {}
}

/** In the store once a KYC step editor loads (app/store.ts); its initial state until then. */
const injected = vatBankSlice.injectInto(rootReducer);

export const selectVatBank = (state: RootState) => injected.selectSlice(state);
