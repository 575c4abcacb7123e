import { useRef, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { StepIssue } from '@common/kyc-steps';
import { FieldShell } from '@/kyc-forms/fields';

interface CountriesFieldProps {
  id: string;
  label: string;
  value: readonly string[];
  onChange: (codes: string[]) => void;
  countries: readonly { code: string; name: string }[];
  issue?: StepIssue;
  className?: string;
}

/**
 * Several countries: a select adds one, each chosen one is a chip with a remove button. A
 * choice made with the mouse (or by a test's selectOption) is added at once; one made with the
 * keyboard, where arrows and letters already change a closed select, when Enter is pressed or
 * the select is left, so browsing the list does not add every country passed.
 */
export function CountriesField({
  id,
  label,
  value,
  onChange,
  countries,
  issue,
  className,
}: CountriesFieldProps) {
  const { t } = useTranslation();
  const [pending, setPending] = useState('');
  const viaKeyboard = useRef(false);
  const select = useRef<HTMLSelectElement>(null);
  const names = new Map(countries.map(({ code, name }) => [code, name]));
  const nameOf = (code: string) => names.get(code) ?? code;

  const add = (code: string) => {
    setPending('');
    if (code && !value.includes(code)) onChange([...value, code]);
  };
  const remove = (code: string) => {
    onChange(value.filter((item) => item !== code));
    // The chip's button is gone: the focus goes back to where countries are chosen.
    select.current?.focus();
  };

  return (
    <FieldShell
      id={id}
      label={label}
      issue={issue}
      required
      hint={t('kycForms.cdd.countriesHint')}
      className={className}
    >
      {(control) => (
        <>
          <Form.Select
            {...control}
            ref={select}
            value={pending}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                add(pending);
              } else {
                viaKeyboard.current = true;
              }
            }}
            onPointerDown={() => {
              viaKeyboard.current = false;
            }}
            onChange={(event) => {
              if (viaKeyboard.current) setPending(event.target.value);
              else add(event.target.value);
            }}
            onBlur={() => add(pending)}
          >
            <option value="">{t('kycForms.cdd.addCountry')}</option>
            {countries
              .filter(({ code }) => !value.includes(code))
              .map(({ code, name }) => (
                <option key={code} value={code}>
                  {name}
                </option>
              ))}
          </Form.Select>
          {value.length > 0 && (
            <ul className="kyc-forms-chips" aria-label={t('kycForms.cdd.chosenCountries')}>
              {value.map((code) => (
                <li key={code} className="kyc-forms-chip">
                  <span>{nameOf(code)}</span>
                  <button
                    type="button"
                    className="btn-close kyc-forms-chip-remove"
                    aria-label={t('kycForms.cdd.removeCountry', { country: nameOf(code) })}
                    onClick={() => remove(code)}
                  />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </FieldShell>
  );
}
