import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import type { TranslationKey } from '@/lib/i18n';

/** What a field needs of its form's state; what useFormModel returns is one. */
export interface FieldModel<T extends object> {
  values: T;
  setField: <K extends keyof T>(field: K, value: T[K]) => void;
  problemOf: (
    field: keyof T,
  ) => { kind: 'client'; problem: string } | { kind: 'server'; message: string } | null;
  idPrefix: string;
}

/** What a control gets from the field around it. */
export interface ControlProps {
  id: string;
  isInvalid: boolean;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldFrameProps {
  id: string;
  label: string;
  /** The problem to show under the control, in the user's words; null when none. */
  message: string | null;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/**
 * Label, control, problem and hint of one field; the label names the control, the problem and
 * the hint describe it. The forms of settings, onboarding and the KYC steps all lay fields out so.
 */
export function FieldFrame({
  id,
  label,
  message,
  required,
  hint,
  className,
  children,
}: FieldFrameProps) {
  const describedBy = [message && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ');
  return (
    <Form.Group className={className} controlId={id}>
      {/* The marker stays outside the label: the field's name is the label's text alone. */}
      <Form.Label>{label}</Form.Label>
      {required && (
        <span className="text-danger ms-1" aria-hidden="true">
          *
        </span>
      )}
      {children({
        id,
        isInvalid: message !== null,
        'aria-invalid': message !== null || undefined,
        'aria-describedby': describedBy || undefined,
        'aria-required': required || undefined,
      })}
      {message && (
        // d-block: the control may sit in an input group, so no sibling selector shows it.
        <Form.Control.Feedback type="invalid" id={`${id}-error`} className="d-block">
          {message}
        </Form.Control.Feedback>
      )}
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
    </Form.Group>
  );
}

interface FieldShellProps<T extends object> {
  model: FieldModel<T>;
  field: keyof T & string;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A field of a useFormModel form: its id and its problem come from the model. */
export function FieldShell<T extends object>({
  model,
  field,
  className,
  ...frame
}: FieldShellProps<T>) {
  const { t } = useTranslation();
  const problem = model.problemOf(field);
  const message = !problem
    ? null
    : problem.kind === 'server'
      ? problem.message
      : t(`settings.validation.${problem.problem}` as TranslationKey);
  return (
    <FieldFrame
      id={`${model.idPrefix}-${field}`}
      message={message}
      className={className ?? 'mb-3'}
      {...frame}
    />
  );
}

type TextKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

interface TextFieldProps<T extends object> {
  model: FieldModel<T>;
  field: TextKeys<T>;
  label: string;
  type?: 'text' | 'email' | 'tel' | 'url';
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  placeholder?: string;
  className?: string;
}

export function TextField<T extends object>({
  model,
  field,
  type = 'text',
  autoComplete,
  placeholder,
  ...shell
}: TextFieldProps<T>) {
  return (
    <FieldShell model={model} field={field} {...shell}>
      {(control) => (
        <Form.Control
          {...control}
          type={type}
          autoComplete={autoComplete}
          placeholder={placeholder}
          value={model.values[field] as string}
          onChange={(event) => model.setField(field, event.target.value as T[typeof field])}
        />
      )}
    </FieldShell>
  );
}

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps<T extends object> {
  model: FieldModel<T>;
  field: TextKeys<T>;
  label: string;
  options: readonly SelectOption[];
  /** The first, empty choice ('Select a country'); none when a value is always chosen. */
  placeholder?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  className?: string;
}

export function SelectField<T extends object>({
  model,
  field,
  options,
  placeholder,
  autoComplete,
  ...shell
}: SelectFieldProps<T>) {
  return (
    <FieldShell model={model} field={field} {...shell}>
      {(control) => (
        <Form.Select
          {...control}
          autoComplete={autoComplete}
          value={model.values[field] as string}
          onChange={(event) => model.setField(field, event.target.value as T[typeof field])}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      )}
    </FieldShell>
  );
}

interface SubmitButtonProps {
  label: string;
  busy: boolean;
  className?: string;
}

/** The form's button; while busy it stays named as it is and says so to screen readers. */
export function SubmitButton({ label, busy, className }: SubmitButtonProps) {
  return (
    <Button type="submit" disabled={busy} aria-busy={busy || undefined} className={className}>
      {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
      {label}
    </Button>
  );
}
