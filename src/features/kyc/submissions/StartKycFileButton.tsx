import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { kycPath } from '@/config/paths';
import { selectKycChange } from '@/features/kyc/kycSlice';
import { startKycFile } from '@/features/kyc/collection/kycStepDataThunks';
import { startFileKey } from '@/features/kyc/kycThunks';

interface StartKycFileButtonProps {
  tradePartnerUuid: string;
  size?: ButtonProps['size'];
}

/** 'Start KYC file': a new DRAFT file for the company, opened at once. */
export function StartKycFileButton({ tradePartnerUuid, size }: StartKycFileButtonProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy =
    useAppSelector((state) => selectKycChange(state, startFileKey(tradePartnerUuid)))?.status ===
    'loading';

  const start = async () => {
    const result = await dispatch(startKycFile({ tradePartnerUuid }));
    if (startKycFile.fulfilled.match(result)) void navigate(kycPath(result.payload.id));
  };

  return (
    <Button size={size} onClick={() => void start()} disabled={busy} aria-busy={busy || undefined}>
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {t('kyc.collect.start.button')}
    </Button>
  );
}
