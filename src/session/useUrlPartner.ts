import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useAppDispatch } from '@/store/hooks';
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

/**
 * SPEC section 2: the partner of the record a page shows (an order's, issue 20) becomes the
 * current partner once the page knows it; the address alone names the record, not its partner.
 * Set after every navigation to the page, after useUrlPartner's reading of the address.
 */
export function useRecordPartner(partner: { id: number; uuid: string } | null | undefined): void {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const id = partner?.id;
  const uuid = partner?.uuid;
  useEffect(() => {
    if (id !== undefined && uuid !== undefined) dispatch(urlPartnerChanged({ id, uuid }));
  }, [dispatch, pathname, id, uuid]);
}
