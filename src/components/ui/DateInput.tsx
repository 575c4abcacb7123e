import { format, isValid, parseISO } from 'date-fns';
import type { Locale } from 'date-fns';
import { de } from 'date-fns/locale/de';
import { enGB } from 'date-fns/locale/en-GB';
import { es } from 'date-fns/locale/es';
import { fr } from 'date-fns/locale/fr';
import { it } from 'date-fns/locale/it';
import { nl } from 'date-fns/locale/nl';
import DatePicker from 'react-datepicker';
import 'react-datepicker/dist/react-datepicker.css';
import { useTranslation } from 'react-i18next';
import { DATE_RANGE, type DateRange } from '@common/api';
import { FieldShell, type ControlProps, type FieldModel } from '@/components/ui/FormField';
import '@/components/ui/DateInput.css';

/** SPEC section 5: dates read dd.MM.yyyy; typing d.M.yyyy is read too. */
const DISPLAY_FORMAT = 'dd.MM.yyyy';
const TYPED_FORMATS = [DISPLAY_FORMAT, 'd.M.yyyy'];
/** What the API exchanges: a local date, yyyy-MM-dd. */
const ISO_FORMAT = 'yyyy-MM-dd';

/** The calendar's month and day names, week start and reading of typed text, per app language. */
const LOCALES: Readonly<Record<string, Locale>> = { en: enGB, nl, de, it, es, fr };

const dateOf = (value: string | undefined) => {
  const date = value ? parseISO(value) : null;
  return date && isValid(date) ? date : null;
};

interface DateInputProps extends ControlProps {
  /** yyyy-MM-dd, or '' for none. */
  value: string | undefined;
  /** Called with yyyy-MM-dd, or '' once the input is emptied. */
  onChange: (value: string) => void;
  onBlur?: () => void;
  autoComplete?: string;
  /** The calendar offers dates up to today only: nothing is registered or born tomorrow. */
  past?: boolean;
  /** Month and year as selects: for dates decades back, like a date of birth. */
  pickYear?: boolean;
  /** The days the calendar offers, as the API takes them (decision 043); any date if left out. */
  range?: DateRange;
}

/** The last day the calendar offers: the range's, or today for a date in the past. */
const lastDay = (range: DateRange, past: boolean | undefined) => {
  const last = parseISO(range.max);
  const today = new Date();
  return past && today < last ? today : last;
};

/**
 * A date field that shows and reads the app's format (dd.MM.yyyy) in every language, whatever
 * the browser's locale, with a calendar in the app's language (issue 18, point 8, decision 028).
 * The value in and out stays yyyy-MM-dd. The calendar opens on a click, not on focus, so that
 * typing a date or tabbing through the form is not covered by it.
 */
export function DateInput({
  value,
  onChange,
  onBlur,
  autoComplete,
  past,
  pickYear = false,
  range = DATE_RANGE,
  id,
  isInvalid,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
  'aria-required': ariaRequired,
}: DateInputProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (
    <DatePicker
      id={id}
      selected={dateOf(value)}
      onChange={(date: Date | null) => onChange(date ? format(date, ISO_FORMAT) : '')}
      onBlur={onBlur}
      dateFormat={TYPED_FORMATS}
      strictParsing
      locale={LOCALES[language] ?? enGB}
      placeholderText={t('dateInput.placeholder')}
      preventOpenOnFocus
      minDate={parseISO(range.min)}
      maxDate={lastDay(range, past)}
      showMonthDropdown={pickYear}
      showYearDropdown={pickYear}
      dropdownMode="select"
      previousMonthAriaLabel={t('dateInput.previousMonth')}
      nextMonthAriaLabel={t('dateInput.nextMonth')}
      chooseDayAriaLabelPrefix={t('dateInput.choose')}
      autoComplete={autoComplete ?? 'off'}
      className={`form-control${isInvalid ? ' is-invalid' : ''}`}
      wrapperClassName="d-block"
      ariaInvalid={ariaInvalid ? 'true' : undefined}
      ariaDescribedBy={ariaDescribedBy}
      ariaRequired={ariaRequired ? 'true' : undefined}
    />
  );
}

type DateKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;

interface DateFieldProps<T extends object> {
  model: FieldModel<T>;
  field: DateKeys<T>;
  label: string;
  required?: boolean;
  hint?: string;
  className?: string;
  autoComplete?: string;
  past?: boolean;
  pickYear?: boolean;
}

/** A date field of a useFormModel form (the profile's date of birth). */
export function DateField<T extends object>({
  model,
  field,
  autoComplete,
  past,
  pickYear,
  ...shell
}: DateFieldProps<T>) {
  return (
    <FieldShell model={model} field={field} {...shell}>
      {(control) => (
        <DateInput
          {...control}
          value={model.values[field] as string}
          onChange={(next) => model.setField(field, next as T[typeof field])}
          autoComplete={autoComplete}
          past={past}
          pickYear={pickYear}
        />
      )}
    </FieldShell>
  );
}
