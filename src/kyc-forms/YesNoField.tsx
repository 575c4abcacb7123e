import type { ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { StepIssue } from '@common/kyc-steps';
import { useIssueText } from '@/kyc-forms/issues';

interface YesNoFieldProps {
  id: string;
  /** The question, the group's name. */
  legend: string;
  /** Unanswered until one is chosen. */
  value: boolean | undefined;
  onChange: (value: boolean) => void;
  issue?: StepIssue;
  /** What the question means, below it. */
  explanation?: ReactNode;
  className?: string;
}

/** A yes-or-no question as two radio buttons, neither chosen at first. */
export function YesNoField({
  id,
  legend,
  value,
  onChange,
  issue,
  explanation,
  className,
}: YesNoFieldProps) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const describedBy =
    [issue && `${id}-error`, explanation && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  const choice = (answer: boolean) => (
    <Form.Check
      inline
      type="radio"
      id={`${id}-${answer ? 'yes' : 'no'}`}
      name={id}
      label={answer ? t('kycForms.yes') : t('kycForms.no')}
      checked={value === answer}
      isInvalid={issue !== undefined}
      aria-describedby={describedBy}
      onChange={() => onChange(answer)}
    />
  );
  return (
    <fieldset className={className}>
      <legend className="form-label fs-6 mb-1">
        {legend}
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      </legend>
      {explanation && (
        <Form.Text as="p" id={`${id}-hint`} className="d-block mt-0 mb-2">
          {explanation}
        </Form.Text>
      )}
      {choice(true)}
      {choice(false)}
      {issue && (
        <Form.Control.Feedback type="invalid" id={`${id}-error`} className="d-block">
          {issueText(issue)}
        </Form.Control.Feedback>
      )}
    </fieldset>
  );
}
