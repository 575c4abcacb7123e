import type { RootState } from '@/app/store';
import {
  selectCurrentTradePartner,
  selectTradePartners,
  selectUserDefaultTradePartner,
} from '@/session/tradePartnerSlice';

/**
 * The trade partner state as the screens see it: the slice's requests with the user's partners,
 * the current and the default one read from the entities they are held in.
 */
export const tradePartnerView = (state: RootState) => ({
  ...state.tradePartner,
  list: selectTradePartners(state),
  current: selectCurrentTradePartner(state),
  userDefault: selectUserDefaultTradePartner(state),
});
