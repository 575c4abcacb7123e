import type { Params } from 'react-router-dom';
import type { RootState } from '@/app/store';

/**
 * The breadcrumb and window title of `/kyc/customers/:customerUuid`: the company's name once the
 * screen has loaded it. Apart from the customers slice, which joins the store with the customers
 * pages (app/store.ts), so that the router does not bring the slice into the start.
 */
export const resolveCustomerTitle = ({ params, state }: { params: Params; state: RootState }) => {
  const detail = state.kycCustomers?.detail;
  return detail?.key === params.customerUuid ? (detail?.data?.customer.name ?? null) : null;
};
