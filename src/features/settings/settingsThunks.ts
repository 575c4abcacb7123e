import { createAppAsyncThunk } from '@/store/hooks';
import { updateProfile } from '@/features/settings/profileApi';
import { toProfileBody, type ProfileFormValues } from '@/features/settings/profileValues';
import { fetchUser } from '@/session/userSlice';
import { toApiError } from '@/lib/api-error';

/** Saves the profile and reloads the user record, so every screen shows the new values. */
export const saveProfile = createAppAsyncThunk(
  'settings/saveProfile',
  async (values: ProfileFormValues, { dispatch, getState, rejectWithValue }) => {
    const { user } = getState().user;
    const { identityId } = getState().auth;
    if (!user || !identityId) {
      return rejectWithValue({ status: 0, message: 'The user record is not loaded' });
    }
    try {
      await updateProfile(user.id, toProfileBody(values));
    } catch (error) {
      return rejectWithValue(toApiError(error));
    }
    try {
      await dispatch(fetchUser(identityId)).unwrap();
    } catch (error) {
      // Saved all the same; the screens show the values from before until the next load.
      console.error('The user record could not be reloaded after saving the profile:', error);
    }
  },
);
