import type { Params } from 'react-router-dom';
import type { RootState } from '@/app/store';
import { selectPartnerByUuid } from '@/companies/partnerEntitiesSlice';
import { partnerNamed } from '@/features/partners/partnerRef';

/**
 * The breadcrumb and window title of `/partners/:partnerId`: the partner's name once the detail
 * screen has loaded it. Apart from the partners slice, which joins the store with the partners
 * pages (app/store.ts), so that the router does not bring the slice into the start.
 */
export const resolvePartnerTitle = ({ params, state }: { params: Params; state: RootState }) =>
  partnerNamed(selectPartnerByUuid(state, state.partners?.detail.data), params.partnerId)?.name ??
  null;
