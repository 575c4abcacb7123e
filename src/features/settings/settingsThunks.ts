import { updateProfile } from '@/features/settings/profileApi';
import { toProfileBody, type ProfileFormValues } from '@/features/settings/profileValues';
import { fetchUser } from '@/session/userSlice';
import type { ApiError } from '@/lib/api-error';
import { createChangeThunk } from '@/store/requests';

/** Saves the profile and reloads the user record, so every screen shows the new values. */
export const saveProfile = createChangeThunk(
  'settings/saveProfile',
  async (values: ProfileFormValues, { dispatch, getState }) => {
    const { user } = getState().user;
    const { identityId } = getState().auth;
    if (!user || !identityId) {
      throw { status: 0, message: 'The user record is not loaded' } satisfies ApiError;
    }
    await updateProfile(user.id, toProfileBody(values));
    try {
      await dispatch(fetchUser(identityId)).unwrap();
    } catch (error) {
      // Saved all the same; the screens show the values from before until the next load.
      console.error('The user record could not be reloaded after saving the profile:', error);
    }
  },
);
