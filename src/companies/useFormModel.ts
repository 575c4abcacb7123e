import { useState, type FormEvent } from 'react';
import type { FieldProblems } from '@/companies/formValues';

interface FormModelOptions<T extends object> {
  initial: T;
  validate: (values: T) => FieldProblems<T>;
  /** The server's messages by field (400 details); each hides once its field is edited. */
  fieldErrors?: Record<string, string>;
  /** Prefix of the fields' element ids (`${idPrefix}-${field}`), to focus the first problem. */
  idPrefix: string;
}

export interface FormModel<T extends object> {
  values: T;
  setField: <K extends keyof T>(field: K, value: T[K]) => void;
  /** The client's problem with a field (a key under settings.validation), else the server's text. */
  problemOf: (
    field: keyof T,
  ) => { kind: 'client'; problem: string } | { kind: 'server'; message: string } | null;
  /** Checks every field, shows the problems and focuses the first; true when there are none. */
  check: () => boolean;
  idPrefix: string;
}

/**
 * The state of one form: the values as typed (in the component, not in Redux), the client's
 * checks (shown from the first submit on, re-checked as the person types) and the server's
 * field messages.
 */
export function useFormModel<T extends object>({
  initial,
  validate,
  fieldErrors,
  idPrefix,
}: FormModelOptions<T>): FormModel<T> {
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<FieldProblems<T>>({});
  const [checked, setChecked] = useState(false);
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [shownServerErrors, setShownServerErrors] = useState(fieldErrors);

  // New server messages: show all of them again.
  if (fieldErrors !== shownServerErrors) {
    setShownServerErrors(fieldErrors);
    setEdited(new Set());
  }

  const setField = <K extends keyof T>(field: K, value: T[K]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setProblems(validate(next));
    setEdited((current) => new Set(current).add(String(field)));
  };

  const problemOf = (field: keyof T) => {
    const problem = problems[field];
    if (problem) return { kind: 'client' as const, problem };
    const message = edited.has(String(field)) ? undefined : fieldErrors?.[String(field)];
    return message ? { kind: 'server' as const, message } : null;
  };

  const check = () => {
    const found = validate(values);
    setProblems(found);
    setChecked(true);
    const first = (Object.keys(values) as (keyof T)[]).find((field) => found[field]);
    if (first === undefined) return true;
    document.getElementById(`${idPrefix}-${String(first)}`)?.focus();
    return false;
  };

  return { values, setField, problemOf, check, idPrefix };
}

/**
 * A submit handler that keeps the form busy while `action` runs. The caller's onSubmit reports
 * its own failures (field messages, a toast); a rejection here is only logged.
 */
export function useSubmit(action: () => Promise<void> | undefined) {
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const pending = action();
    if (!pending) return;
    setSubmitting(true);
    try {
      await pending;
    } catch (error) {
      console.error('Form submission failed:', error);
    } finally {
      setSubmitting(false);
    }
  };
  return { submitting, onSubmit };
}
