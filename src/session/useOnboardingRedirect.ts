import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { redirectDone, selectOnboardingRedirect } from '@/session/onboardingSlice';

/** Takes the router where onboarding says (its thunks only record the address). */
export function useOnboardingRedirect(): void {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const redirect = useAppSelector(selectOnboardingRedirect);
  useEffect(() => {
    if (!redirect) return;
    dispatch(redirectDone());
    void navigate(redirect, { replace: true });
  }, [dispatch, navigate, redirect]);
}
