import {
  combineReducers,
  configureStore,
  type ThunkAction,
  type UnknownAction,
} from '@reduxjs/toolkit';
import { authSlice } from '@/features/auth/authSlice';
import { userSlice } from '@/features/user/userSlice';
import type { AuthNavigator } from '@/lib/keycloak';

const rootReducer = combineReducers({
  [authSlice.reducerPath]: authSlice.reducer,
  [userSlice.reducerPath]: userSlice.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Services thunks reach through their third argument, so tests can hand in fakes. */
export interface ThunkExtra {
  auth: AuthNavigator;
}

export interface StoreOptions {
  extra: ThunkExtra;
  preloadedState?: Partial<RootState>;
}

/** A new store; the app makes one at start-up and every test makes its own. */
export function setupStore({ extra, preloadedState }: StoreOptions) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: { extraArgument: extra } }),
  });
}

export type AppStore = ReturnType<typeof setupStore>;
export type AppDispatch = AppStore['dispatch'];
export type AppThunk<R = void> = ThunkAction<R, RootState, ThunkExtra, UnknownAction>;
