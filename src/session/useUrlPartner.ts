import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '@/app/hooks';
import { partnerFromPath } from '@/session/partnerFromUrl';
import { urlPartnerChanged } from '@/session/tradePartnerSlice';

/**
 * SPEC section 2: after each completed navigation the current partner's id or uuid is read
 * from the address (or cleared when the address names none).
 */
export function useUrlPartner(): void {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  useEffect(() => {
    dispatch(urlPartnerChanged(partnerFromPath(pathname)));
  }, [dispatch, pathname]);
}
