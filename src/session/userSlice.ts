import { createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from '@common/users';
import type { RootState } from '@/app/store';
import { signedOut } from '@/store/authActions';
import { getUserByIdentityId } from '@/session/userApi';
import { personName } from '@/lib/format';
import type { Viewer } from '@/lib/permissions';
import {
  idleRequest,
  recordFulfilled,
  recordPending,
  recordRejected,
  type RequestState,
} from '@/lib/request-state';
import { createFetch, notBusy } from '@/store/requests';

/** The user record, with the request state of its last load. */
export interface UserState extends RequestState {
  user: User | null;
}

const initialState: UserState = { user: null, ...idleRequest() };

/** Loads the user record of an identity (token `sub`). */
export const fetchUser = createFetch(
  'user/fetch',
  (identityId: string) => getUserByIdentityId(identityId),
  { condition: notBusy((state: RootState) => state.user) },
);

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {
    /** The user's new profile picture (an /api path that needs the bearer token). */
    profilePictureChanged(state, action: PayloadAction<string>) {
      if (state.user) state.user.profilePicture = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(fetchUser.pending, (state) => recordPending(state))
      .addCase(fetchUser.fulfilled, (state, action) => {
        recordFulfilled(state);
        state.user = action.payload;
      })
      .addCase(fetchUser.rejected, (state, action) => {
        recordRejected(state, action);
        state.user = null;
      });
  },
});

export const { profilePictureChanged } = userSlice.actions;

export const selectUser = (state: RootState) => state.user.user;
export const selectProfilePicture = (state: RootState) => state.user.user?.profilePicture ?? null;

const NO_ROLES: readonly string[] = [];

/** The signed-in person's roles: the token's, or the user record's copy when the token has none. */
export const selectRoles = createSelector(
  [(state: RootState) => state.auth.roles, (state: RootState) => state.user.user?.roles],
  (tokenRoles, recordRoles): readonly string[] =>
    tokenRoles.length > 0 ? tokenRoles : (recordRoles ?? NO_ROLES),
);

/** Who is looking, for permission checks (lib/permissions.ts). */
export const selectViewer = createSelector(
  [(state: RootState) => state.auth.authenticated, selectRoles],
  (authenticated, roles): Viewer => ({ authenticated, roles }),
);

/** The name to greet the person by: the user record's, else the token's, else the username. */
export const selectDisplayName = createSelector(
  [
    selectUser,
    (state: RootState) => state.auth.givenName,
    (state: RootState) => state.auth.familyName,
    (state: RootState) => state.auth.username,
  ],
  (user, givenName, familyName, username) =>
    personName([user?.firstName, user?.lastName], [givenName, familyName], username),
);
