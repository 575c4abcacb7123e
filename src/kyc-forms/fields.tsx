import type { ChangeEvent, HTMLAttributes, ReactNode } from 'react';
import Form from 'react-bootstrap/Form';
import InputGroup from 'react-bootstrap/InputGroup';
import type { DateRange } from '@common/api';
import type { StepIssue } from '@common/kyc-steps';
import { DateInput } from '@/components/ui/DateInput';
import { FieldFrame, type ControlProps } from '@/components/ui/FormField';
import { useIssueText } from '@/kyc-forms/issues';

export type { ControlProps } from '@/components/ui/FormField';

interface FieldShellProps {
  id: string;
  label: string;
  issue?: StepIssue;
  /** A problem the field found itself, in words; shown instead of `issue`. */
  problem?: string | null;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  children: (control: ControlProps) => ReactNode;
}

/** A field of a KYC step form: its problem comes from validateStepData or the server. */
export function FieldShell({ issue, problem, ...frame }: FieldShellProps) {
  const issueText = useIssueText();
  return <FieldFrame message={problem || (issue ? issueText(issue) : null)} {...frame} />;
}

type ShellProps = Omit<FieldShellProps, 'children'>;

interface TextInputProps extends ShellProps {
  value: string | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  /** A textarea of this many rows. */
  rows?: number;
  /** Text before the input ('€'). */
  prefix?: string;
  maxLength?: number;
  spellCheck?: boolean;
  autoFocus?: boolean;
}

export function TextInput({
  value,
  onChange,
  onBlur,
  autoComplete,
  inputMode,
  rows,
  prefix,
  maxLength,
  spellCheck,
  autoFocus,
  ...shell
}: TextInputProps) {
  return (
    <FieldShell {...shell}>
      {(control) => {
        const common = {
          ...control,
          maxLength,
          spellCheck,
          autoFocus,
          value: value ?? '',
          onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            onChange(event.target.value),
          onBlur,
        };
        const input = rows ? (
          <Form.Control {...common} as="textarea" rows={rows} />
        ) : (
          <Form.Control {...common} type="text" autoComplete={autoComplete} inputMode={inputMode} />
        );
        return prefix ? (
          <InputGroup>
            <InputGroup.Text aria-hidden="true">{prefix}</InputGroup.Text>
            {input}
          </InputGroup>
        ) : (
          input
        );
      }}
    </FieldShell>
  );
}

interface DateFieldProps extends ShellProps {
  value: string | undefined;
  onChange: (value: string) => void;
  /** Dates up to today only. */
  past?: boolean;
  pickYear?: boolean;
  range?: DateRange;
}

/** A date of a KYC step, shown and typed dd.MM.yyyy, kept yyyy-MM-dd (decision 028). */
export function DateField({ value, onChange, past, pickYear, range, ...shell }: DateFieldProps) {
  return (
    <FieldShell {...shell}>
      {(control) => (
        <DateInput
          {...control}
          value={value}
          onChange={onChange}
          past={past}
          pickYear={pickYear}
          range={range}
        />
      )}
    </FieldShell>
  );
}

export interface Option {
  value: string;
  label: string;
}

interface SelectInputProps extends ShellProps {
  value: string | undefined;
  onChange: (value: string) => void;
  options: readonly Option[];
  /** The first, empty choice ('Select a country'). */
  placeholder: string;
  autoComplete?: string;
}

export function SelectInput({
  value,
  onChange,
  options,
  placeholder,
  autoComplete,
  ...shell
}: SelectInputProps) {
  // A saved value the options lack (a country no longer listed) stays visible as it is.
  const shown =
    value && !options.some((option) => option.value === value)
      ? [{ value, label: value }, ...options]
      : options;
  return (
    <FieldShell {...shell}>
      {(control) => (
        <Form.Select
          {...control}
          autoComplete={autoComplete}
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{placeholder}</option>
          {shown.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      )}
    </FieldShell>
  );
}

/** The countries as select options. */
export const countryOptions = (countries: readonly { code: string; name: string }[]): Option[] =>
  countries.map(({ code, name }) => ({ value: code, label: name }));

/** `value` with `key` set, or left out when blank (a choice undone). */
export function withField<T extends object, K extends keyof T>(value: T, key: K, next: T[K]): T {
  if (next === '' || next === undefined) {
    return Object.fromEntries(Object.entries(value).filter(([name]) => name !== key)) as T;
  }
  return { ...value, [key]: next };
}

/** What a number field keeps of what is typed: digits, separators, a sign and '€'. */
export const numberChars = (text: string) => text.replace(/[^\d.,\s'\u2019€-]/g, '');
