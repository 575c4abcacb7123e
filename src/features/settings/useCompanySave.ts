import { useMemo, useState } from 'react';
import type { TradePartner } from '@common/partners';
import { useAppDispatch } from '@/app/hooks';
import { fieldErrorsOf } from '@/features/tradePartner/serverErrors';
import { saveCompany, type SaveCompanyArg } from '@/features/tradePartner/tradePartnerSlice';
import type { ApiError } from '@/lib/api-error';

/**
 * Saving one company form: the failure and its field messages (company fields by name,
 * address fields without their 'address.' prefix). Resolves with the saved partner, or null.
 */
export function useCompanySave() {
  const dispatch = useAppDispatch();
  const [error, setError] = useState<ApiError | null>(null);
  const companyErrors = useMemo(() => fieldErrorsOf(error), [error]);
  const addressErrors = useMemo(() => fieldErrorsOf(error, 'address'), [error]);

  const save = async (arg: SaveCompanyArg): Promise<TradePartner | null> => {
    setError(null);
    const result = await dispatch(saveCompany(arg));
    if (saveCompany.fulfilled.match(result)) return result.payload;
    setError(result.payload ?? { status: 0, message: result.error.message ?? '' });
    return null;
  };

  return { save, error, companyErrors, addressErrors };
}
