import { createSlice } from '@reduxjs/toolkit';
import { createAppAsyncThunk } from '@/app/hooks';
import type { RootState } from '@/app/store';
import { signedOut } from '@/features/auth/authActions';
import { getUserByIdentityId, type User } from '@/features/user/userApi';
import { toApiError, type ApiError } from '@/lib/api-error';
import type { RequestStatus } from '@/lib/request-status';

export interface UserState {
  user: User | null;
  status: RequestStatus;
  error: ApiError | null;
}

const initialState: UserState = { user: null, status: 'idle', error: null };

/** Loads the user record of an identity (token `sub`). */
export const fetchUser = createAppAsyncThunk(
  'user/fetch',
  async (identityId: string, { rejectWithValue }) => {
    try {
      return await getUserByIdentityId(identityId);
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
  },
  { condition: (_identityId, { getState }) => getState().user.status !== 'loading' },
);

export const userSlice = createSlice({
  name: 'user',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(signedOut, () => initialState)
      .addCase(fetchUser.pending, (state) => {
        state.status = 'loading';
        state.error = null;
      })
      .addCase(fetchUser.fulfilled, (state, action) => {
        state.status = 'succeeded';
        state.user = action.payload;
      })
      .addCase(fetchUser.rejected, (state, action) => {
        state.status = 'failed';
        state.user = null;
        state.error = action.payload ?? {
          status: 0,
          message: action.error.message ?? 'Unknown error',
        };
      });
  },
});

export const selectUser = (state: RootState) => state.user.user;
export const selectUserStatus = (state: RootState) => state.user.status;
