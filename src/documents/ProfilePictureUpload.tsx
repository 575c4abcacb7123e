import { useId, useState } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { Avatar } from '@/components/ui/Avatar';
import { changeProfilePicture } from '@/documents/documentsSlice';
import {
  acceptAttribute,
  fileProblem,
  MAX_UPLOAD_MB,
  PICTURE_FILES,
  type FileProblem,
} from '@/documents/fileChecks';
import { selectDisplayName, selectProfilePicture } from '@/session/userSlice';
import './documents.css';

/** The user's picture (or initials) with a way to replace it: PNG, JPEG or WebP. */
export function ProfilePictureUpload() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const id = useId();
  const name = useAppSelector(selectDisplayName);
  const picture = useAppSelector(selectProfilePicture);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<FileProblem | null>(null);

  const change = async (file: File) => {
    const refused = fileProblem(file, PICTURE_FILES);
    setProblem(refused);
    if (refused) return;
    setBusy(true);
    try {
      await dispatch(changeProfilePicture(file));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="d-flex align-items-center gap-3 mb-4" aria-labelledby={`${id}-title`}>
      <Avatar name={name} picture={picture} className="app-avatar-lg" />
      <div>
        <h2 className="h6 mb-2" id={`${id}-title`}>
          {t('documents.profilePicture.heading')}
        </h2>
        <input
          id={`${id}-file`}
          type="file"
          accept={acceptAttribute(PICTURE_FILES)}
          className="visually-hidden documents-file-input"
          disabled={busy}
          aria-describedby={`${id}-hint`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void change(file);
          }}
        />
        <label
          htmlFor={`${id}-file`}
          className={`btn btn-outline-primary btn-sm${busy ? ' disabled' : ''}`}
          aria-busy={busy || undefined}
        >
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('documents.profilePicture.change')}
        </label>
        <p id={`${id}-hint`} className="small text-body-secondary mt-2 mb-0">
          {t('documents.profilePicture.hint', { max: MAX_UPLOAD_MB })}
        </p>
        {problem && (
          <p className="small text-danger-emphasis mt-1 mb-0" role="alert">
            {problem === 'tooLarge'
              ? t('documents.upload.errors.tooLarge', { max: MAX_UPLOAD_MB })
              : t('documents.profilePicture.wrongType')}
          </p>
        )}
      </div>
    </section>
  );
}
