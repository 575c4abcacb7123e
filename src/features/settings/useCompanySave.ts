import { useMemo, useState } from 'react';
import type { TradePartner } from '@common/partners';
import { useAppDispatch } from '@/store/hooks';
import { saveCompany, type SaveCompanyArg } from '@/session/tradePartnerSlice';
import { fieldMessages, isStaleVersion, type ApiError } from '@/lib/api-error';
import { rejectionError } from '@/lib/request-state';

/**
 * Saving one company form: the failure and its field messages (company fields by name,
 * address fields without their 'address.' prefix). Resolves with the saved partner, or null.
 */
export function useCompanySave() {
  const dispatch = useAppDispatch();
  const [error, setError] = useState<ApiError | null>(null);
  const companyErrors = useMemo(() => fieldMessages(error), [error]);
  const addressErrors = useMemo(() => fieldMessages(error, 'address'), [error]);

  const save = async (arg: SaveCompanyArg): Promise<TradePartner | null> => {
    setError(null);
    const result = await dispatch(saveCompany(arg));
    if (saveCompany.fulfilled.match(result)) return result.payload;
    const error = rejectionError(result);
    // Someone else changed it first: the user was told, and the form shows it as it is now.
    setError(isStaleVersion(error) ? null : error);
    return null;
  };

  return { save, error, companyErrors, addressErrors };
}
