import { useCallback, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SubmitButton } from '@/components/ui/FormField';

/**
 * The fields edited since the form's last refusal (`error`): the server's message at a field
 * shows until the field is edited, and all show again with a new refusal.
 */
export function useEditedSinceRefusal(error: unknown) {
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [shownError, setShownError] = useState(error);
  if (error !== shownError) {
    setShownError(error);
    setEdited(new Set());
  }
  const touch = useCallback(
    (...paths: string[]) => setEdited((current) => new Set([...current, ...paths])),
    [],
  );
  return { edited, touch };
}

/** Why the save was refused, above the form, with what the server refused that no field shows. */
export function FormRefusal({ message, unplaced }: { message: string; unplaced: string[] }) {
  return (
    <Alert variant="danger" role="alert">
      {message}
      {unplaced.length > 0 && (
        <ul className="mb-0 mt-2">
          {unplaced.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}

/** A form's Save, and Cancel back to where the person came from. */
export function FormActions({
  saveLabel,
  busy,
  cancelTo,
}: {
  saveLabel: string;
  busy: boolean;
  cancelTo: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-2">
      <SubmitButton label={saveLabel} busy={busy} />
      <Link to={cancelTo} className="btn btn-outline-secondary">
        {t('ui.cancel')}
      </Link>
    </div>
  );
}
