import { useId } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { COMMENT_VISIBILITIES, type CommentVisibility } from '@common/kyc';
import { Icon } from '@/components/ui/Icon';

interface CommentFieldProps {
  value: string;
  onChange: (value: string) => void;
  required: boolean;
}

/** The comment a decision comes with: required where decision 012 says so. */
export function CommentField({ value, onChange, required }: CommentFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form.Group controlId={`${id}-comment`} className="mb-3">
      <Form.Label>{t('kyc.decision.comment')}</Form.Label>
      <Form.Control
        as="textarea"
        rows={4}
        value={value}
        required={required}
        maxLength={4000}
        aria-describedby={`${id}-help`}
        onChange={(event) => onChange(event.target.value)}
        autoFocus
      />
      <Form.Text id={`${id}-help`}>
        {required ? t('kyc.decision.commentRequired') : t('kyc.decision.commentOptional')}
      </Form.Text>
    </Form.Group>
  );
}

interface CompliantFieldProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** The move needs the file to be compliant (an approval). */
  mustBeTrue: boolean;
}

/** Whether the reviewer finds the file compliant (isCompliant). */
export function CompliantField({ checked, onChange, mustBeTrue }: CompliantFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Form.Group className="mb-0">
      <Form.Check
        id={`${id}-compliant`}
        type="checkbox"
        label={t('kyc.decision.compliant')}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={mustBeTrue ? `${id}-help` : undefined}
      />
      {mustBeTrue && <Form.Text id={`${id}-help`}>{t('kyc.decision.compliantRequired')}</Form.Text>}
    </Form.Group>
  );
}

interface VisibilityFieldProps {
  value: CommentVisibility;
  onChange: (value: CommentVisibility) => void;
  /** The context fixes it (a request to the partner is always shared): said, not asked. */
  fixed?: boolean;
}

/**
 * Who may read a staff comment (issue 14): chosen visibly on every form where staff write one,
 * or stated where the context fixes it.
 */
export function VisibilityField({ value, onChange, fixed = false }: VisibilityFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  if (fixed) {
    return (
      <p className="small mb-3 kyc-visibility-fixed" id={`${id}-fixed`}>
        <Icon name="partners" className="me-1" size={16} />
        {t('kyc.visibility.fixedShared')}
      </p>
    );
  }
  return (
    <Form.Group as="fieldset" className="mb-3">
      <Form.Label as="legend" className="fs-6 mb-1">
        {t('kyc.visibility.legend')}
      </Form.Label>
      {COMMENT_VISIBILITIES.map((option) => (
        <Form.Check
          key={option}
          id={`${id}-${option}`}
          type="radio"
          name={`${id}-visibility`}
          label={t(option === 'internal' ? 'kyc.visibility.internal' : 'kyc.visibility.shared')}
          checked={value === option}
          onChange={() => onChange(option)}
        />
      ))}
    </Form.Group>
  );
}
