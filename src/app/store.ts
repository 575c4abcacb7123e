import {
  combineSlices,
  configureStore,
  type Middleware,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import {
  FLUSH,
  PAUSE,
  PERSIST,
  persistReducer,
  persistStore,
  createTransform,
  PURGE,
  REGISTER,
  REHYDRATE,
  type PersistedState,
  type Persistor,
} from 'redux-persist';
// The es/ build: the lib/ one breaks under Vite 8.
import storage from 'redux-persist/es/storage';
import { signedOut } from '@/store/authActions';
import { authSlice } from '@/session/authSlice';
import {
  ownPartnersOnly,
  partnerEntitiesSlice,
  PERSISTED_PARTNER_ENTITY_KEYS,
  withStoredPartners,
} from '@/companies/partnerEntitiesSlice';
import { countrySlice, PERSISTED_COUNTRY_KEYS } from '@/countries/countrySlice';
import { documentsSlice } from '@/documents/documentsSlice';
import { cocCheckSlice, PERSISTED_COC_CHECK_KEYS } from '@/features/kyc/collection/cocCheckSlice';
import { kycStepEvents } from '@/features/kyc/kycEvents';
import { kycSlice } from '@/features/kyc/kycSlice';
import { languageSlice } from '@/preferences/languageSlice';
import { layoutSlice, PERSISTED_LAYOUT_KEYS } from '@/preferences/layoutSlice';
import { notificationsSlice } from '@/notifications/notificationsSlice';
import { onboardingSlice } from '@/session/onboardingSlice';
import { PERSISTED_TRADE_PARTNER_KEYS, tradePartnerSlice } from '@/session/tradePartnerSlice';
import { userSlice } from '@/session/userSlice';
import type { AuthNavigator } from '@/lib/keycloak';

/**
 * Slices kept in the browser: only those SPEC section 3 names (layout, country, cocCheck and
 * tradePartner), each under its own key, and only the fields listed. The tradePartner state is
 * kept under two keys since its partners are held once (decision 045): which of the person's
 * companies is current (`nt24.tradePartner`), and those companies' records
 * (`nt24.partnerEntities`, the person's own companies only). cocCheck keeps the KYC form drafts;
 * the server keeps them too, so they need not outlive a sign-out here. redux-persist stays
 * behind this file so it can be swapped. `version` changes when a slice's stored shape does:
 * what an older version stored is dropped, not merged into the new shape.
 */
const persisted = {
  layout: { key: 'nt24.layout', whitelist: [...PERSISTED_LAYOUT_KEYS], keepAfterSignOut: true },
  country: { key: 'nt24.country', whitelist: [...PERSISTED_COUNTRY_KEYS], keepAfterSignOut: false },
  cocCheck: {
    key: 'nt24.cocCheck',
    whitelist: [...PERSISTED_COC_CHECK_KEYS],
    keepAfterSignOut: false,
  },
  // Version 2: the partners themselves moved to partnerEntities (issue 33).
  tradePartner: {
    key: 'nt24.tradePartner',
    whitelist: [...PERSISTED_TRADE_PARTNER_KEYS],
    keepAfterSignOut: false,
    version: 2,
  },
  // The partners tradePartner names (held once, by uuid), so the company shows at once.
  partnerEntities: {
    key: 'nt24.partnerEntities',
    whitelist: [...PERSISTED_PARTNER_ENTITY_KEYS],
    keepAfterSignOut: false,
  },
} satisfies Record<
  string,
  { key: string; whitelist: string[]; keepAfterSignOut: boolean; version?: number }
>;

const persistConfig = ({
  key,
  whitelist,
  version = 1,
}: {
  key: string;
  whitelist: string[];
  version?: number;
}) => ({
  key,
  storage,
  whitelist,
  version,
  migrate: (state: PersistedState) =>
    Promise.resolve(state?._persist.version === version ? state : undefined),
});

/** Only the person's own companies are stored; their ids follow from the records. */
const partnerEntitiesConfig = {
  ...persistConfig(persisted.partnerEntities),
  transforms: [
    createTransform(
      ownPartnersOnly,
      (entities: Parameters<typeof ownPartnersOnly>[0]) => entities,
      {
        whitelist: ['entities'],
      },
    ),
  ],
  stateReconciler: (
    stored: Parameters<typeof withStoredPartners>[1],
    _original: unknown,
    reduced: Parameters<typeof withStoredPartners>[0],
  ) => withStoredPartners(reduced, stored),
};

/**
 * The slices of screens the dashboard does not show (partners, the KYC export, VAT and bank
 * checks) are not here: each slice's module injects itself into this reducer when a page that
 * uses it loads (`slice.injectInto(rootReducer)`), so that the start does not carry them. They
 * are not persisted; a persisted slice stays here, for persistStore to rehydrate at start-up.
 * Each adds itself to `LazyLoadedSlices` (`declare module '@/app/store'`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the slices
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices({
  [authSlice.reducerPath]: authSlice.reducer,
  [userSlice.reducerPath]: userSlice.reducer,
  [layoutSlice.reducerPath]: persistReducer(persistConfig(persisted.layout), layoutSlice.reducer),
  [countrySlice.reducerPath]: persistReducer(
    persistConfig(persisted.country),
    countrySlice.reducer,
  ),
  [tradePartnerSlice.reducerPath]: persistReducer(
    persistConfig(persisted.tradePartner),
    tradePartnerSlice.reducer,
  ),
  [partnerEntitiesSlice.reducerPath]: persistReducer(
    partnerEntitiesConfig,
    partnerEntitiesSlice.reducer,
  ),
  [onboardingSlice.reducerPath]: onboardingSlice.reducer,
  [notificationsSlice.reducerPath]: notificationsSlice.reducer,
  [languageSlice.reducerPath]: languageSlice.reducer,
  [documentsSlice.reducerPath]: documentsSlice.reducer,
  [kycSlice.reducerPath]: kycSlice.reducer,
  [cocCheckSlice.reducerPath]: persistReducer(
    persistConfig(persisted.cocCheck),
    cocCheckSlice.reducer,
  ),
}).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

/** Services thunks reach through their third argument, so tests can hand in fakes. */
export interface ThunkExtra {
  auth: AuthNavigator;
}

/**
 * Sign-out removes the stored copy of every persisted slice that holds a person's data (the
 * slices reset themselves too); the layout is a device preference and stays (layoutSlice.ts).
 * KYC step events still waiting are dropped with them.
 */
const purgeAtSignOut: Middleware = () => (next) => (action) => {
  if (signedOut.match(action)) {
    kycStepEvents.reset();
    for (const slice of Object.values(persisted)) {
      if (!slice.keepAfterSignOut) void storage.removeItem(`persist:${slice.key}`);
    }
  }
  return next(action);
};

export interface StoreOptions {
  extra: ThunkExtra;
  preloadedState?: Partial<RootState>;
}

/** A new store; the app makes one at start-up and every test makes its own. */
export function setupStore({ extra, preloadedState }: StoreOptions) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware({
        thunk: { extraArgument: extra },
        // redux-persist's own actions carry callbacks.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER] },
      }).concat(purgeAtSignOut),
  });
}

export type AppStore = ReturnType<typeof setupStore>;

/** Loads the stored slices into `store` and keeps them saved; resolves once they are loaded. */
export function startPersistence(store: AppStore): Promise<Persistor> {
  return new Promise((resolve) => {
    const persistor = persistStore(store, null, () => resolve(persistor));
  });
}

export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, ThunkExtra, UnknownAction>;
