import { useMemo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Card from 'react-bootstrap/Card';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { paths } from '@/config/paths';
import { ProfilePictureUpload } from '@/documents/ProfilePictureUpload';
import { notify } from '@/notifications/notificationsSlice';
import {
  completeProfileStep,
  selectBasicInfoMissing,
  selectProfileOnboarding,
} from '@/session/onboardingSlice';
import { ProfileForm } from '@/features/settings/ProfileForm';
import { SaveErrorAlert } from '@/features/settings/SaveErrorAlert';
import { profileFormValuesOf, type ProfileFormValues } from '@/features/settings/profileValues';
import { SETTINGS_MAX_WIDTH } from '@/features/settings/settingsLayout';
import { saveProfile } from '@/features/settings/settingsThunks';
import { selectUser } from '@/session/userSlice';
import { fieldMessages, type ApiError } from '@/lib/api-error';
import { rejectionError } from '@/lib/request-state';

/**
 * /settings/basic-info: the profile form, as a page, or with ?showModal=true as a modal that
 * stays until the profile is saved (SPEC section 4.2). Saving while onboarding moves on to the
 * company step (SPEC section 4.5).
 */
export function BasicInfoPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const asModal = params.get('showModal') === 'true';
  const user = useAppSelector(selectUser);
  const onboarding = useAppSelector(selectProfileOnboarding);
  const newUser = useAppSelector(selectBasicInfoMissing);
  const [error, setError] = useState<ApiError | null>(null);
  const fieldErrors = useMemo(() => fieldMessages(error), [error]);

  const save = async (values: ProfileFormValues) => {
    setError(null);
    const result = await dispatch(saveProfile(values));
    if (saveProfile.rejected.match(result)) {
      setError(rejectionError(result));
      return;
    }
    dispatch(notify.success('profile.saved.title', 'profile.saved.message'));
    if (!onboarding && !asModal) return;
    // Onboarding goes on with the company; its step sends the user to the company modal.
    const step = await dispatch(completeProfileStep());
    const outcome = completeProfileStep.fulfilled.match(step) ? step.payload : null;
    if (outcome !== 'companyMissing' && outcome !== 'addressMissing') {
      void navigate(paths.dashboard, { replace: true });
    }
  };

  const form = (
    <>
      <SaveErrorAlert error={error} />
      <ProfileForm
        key={user?.id ?? 'none'}
        initial={profileFormValuesOf(user)}
        onSubmit={save}
        submitLabel={t('profile.save')}
        fieldErrors={fieldErrors}
      />
    </>
  );

  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-0">{t('settings.basicInfo.title')}</h1>
      </div>
      {asModal ? (
        <>
          <p className="text-body-secondary">{t('profile.modal.behind')}</p>
          <Modal
            show
            backdrop="static"
            keyboard={false}
            size="lg"
            aria-labelledby="profile-modal-title"
            onHide={() => {}}
          >
            <Modal.Header>
              <Modal.Title as="h2" className="h5" id="profile-modal-title">
                {t('profile.modal.title')}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>
              <p className="text-body-secondary">{t('profile.modal.intro')}</p>
              {form}
            </Modal.Body>
          </Modal>
        </>
      ) : (
        <Card className="shadow-sm" style={{ maxWidth: SETTINGS_MAX_WIDTH }}>
          <Card.Body className="p-4">
            {newUser && (
              <Alert variant="info">
                <p className="fw-semibold mb-1">{t('onboarding.welcome.title')}</p>
                <p className="mb-0">{t('onboarding.welcome.message')}</p>
              </Alert>
            )}
            <ProfilePictureUpload />
            <p className="text-body-secondary">{t('settings.basicInfo.intro')}</p>
            {form}
          </Card.Body>
        </Card>
      )}
    </>
  );
}
