import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '@/countries/useCountryOptions';
import type { CompanySearch } from '@/features/partners/partnersApi';

const EMPTY: CompanySearch = { cocNumber: '', vatNumber: '', name: '', country: '' };

interface CompanySearchFormProps {
  initial?: CompanySearch | null;
  busy: boolean;
  onSearch: (search: CompanySearch) => void;
}

/**
 * The search that comes before a new partner: CoC number, VAT number (with its country) and
 * company name. The server says what is missing or wrong (SPEC 8, 'Search Validation Failed').
 */
export function CompanySearchForm({ initial, busy, onSearch }: CompanySearchFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<CompanySearch>(initial ?? EMPTY);
  const countries = useCountryOptions([values.country]);
  const set = (field: keyof CompanySearch) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <Form
      noValidate
      aria-label={t('search.formLabel')}
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) onSearch(values);
      }}
    >
      <div className="row g-3">
        <Form.Group className="col-md-6" controlId="search-cocNumber">
          <Form.Label>{t('search.fields.cocNumber')}</Form.Label>
          <Form.Control value={values.cocNumber} onChange={set('cocNumber')} autoComplete="off" />
        </Form.Group>
        <Form.Group className="col-md-6" controlId="search-name">
          <Form.Label>{t('search.fields.name')}</Form.Label>
          <Form.Control value={values.name} onChange={set('name')} autoComplete="organization" />
        </Form.Group>
        <Form.Group className="col-md-6" controlId="search-vatNumber">
          <Form.Label>{t('search.fields.vatNumber')}</Form.Label>
          <Form.Control
            value={values.vatNumber}
            onChange={set('vatNumber')}
            autoComplete="off"
            aria-describedby="search-vatNumber-hint"
          />
          <Form.Text id="search-vatNumber-hint">{t('search.hints.vatNumber')}</Form.Text>
        </Form.Group>
        <Form.Group className="col-md-6" controlId="search-country">
          <Form.Label>{t('search.fields.country')}</Form.Label>
          <Form.Select value={values.country} onChange={set('country')}>
            <option value="">{t('search.anyCountry')}</option>
            {countries.map((country) => (
              <option key={country.value} value={country.value}>
                {country.label}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <div className="d-flex flex-wrap gap-2 mt-3">
        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
          {t('search.submit')}
        </Button>
        <Button
          variant="outline-secondary"
          type="button"
          onClick={() => setValues(EMPTY)}
          disabled={busy}
        >
          {t('search.reset')}
        </Button>
      </div>
    </Form>
  );
}
