import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import { partnerPath } from '@/config/paths';
import { CompanySearchForm } from '@/features/partners/CompanySearchForm';
import { NewPartnerForm } from '@/features/partners/NewPartnerForm';
import type { CompanySearch } from '@/features/partners/partnersApi';
import {
  searchCleared,
  searchCompany,
  selectCompanySearch,
} from '@/features/partners/companySearchSlice';
import { SearchResultPanel } from '@/features/partners/SearchResultPanel';
import { useCountryName } from '@/countries/useCountryName';
import './partners.css';

/** What was searched for, in one line. */
function SearchSummary({ search }: { search: CompanySearch | null }) {
  const { t } = useTranslation();
  const countryName = useCountryName();
  if (!search) return null;
  const parts = [
    search.cocNumber.trim() && `${t('search.fields.cocNumber')}: ${search.cocNumber.trim()}`,
    search.vatNumber.trim() && `${t('search.fields.vatNumber')}: ${search.vatNumber.trim()}`,
    search.name.trim() && `${t('search.fields.name')}: ${search.name.trim()}`,
    search.country && `${t('search.fields.country')}: ${countryName(search.country)}`,
  ].filter(Boolean);
  return <p className="small text-body-secondary mb-0">{parts.join(' · ')}</p>;
}

/**
 * /partners/new (staff): search first, so no company is entered twice; an exact match leads
 * to the existing partner, anything else may go on to the creation form.
 */
export function PartnerNewPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const search = useAppSelector(selectCompanySearch);
  const [creating, setCreating] = useState(false);

  // Every visit starts with an empty search.
  useEffect(() => {
    dispatch(searchCleared());
  }, [dispatch]);

  const result = search.status === 'succeeded' ? search.result : null;
  const isExact = result?.resultType === 'EXACT_MATCH';
  const existingUuid = isExact ? result.matches.find((match) => match.uuid)?.uuid : null;

  return (
    <>
      <div className="app-page-header">
        <h1 className="h3 mb-1">{t('partners.create.title')}</h1>
        <p className="text-body-secondary mb-0">{t('partners.create.intro')}</p>
      </div>
      <div className="row g-4">
        <div className="col-12 col-xl-10 col-xxl-8">
          <Card className="shadow-sm mb-4">
            <Card.Body className="p-3 p-sm-4">
              {creating ? (
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <div className="me-auto">
                    <h2 className="h6 mb-1">{t('search.heading')}</h2>
                    <SearchSummary search={search.query} />
                  </div>
                  <Button variant="outline-secondary" size="sm" onClick={() => setCreating(false)}>
                    {t('search.again')}
                  </Button>
                </div>
              ) : (
                <>
                  <h2 className="h5 mb-1">{t('search.heading')}</h2>
                  <p className="text-body-secondary">{t('search.intro')}</p>
                  <CompanySearchForm
                    initial={search.query}
                    busy={search.status === 'loading'}
                    onSearch={(query) => void dispatch(searchCompany(query))}
                  />
                </>
              )}
            </Card.Body>
          </Card>

          {!creating && result && (
            <Card className="shadow-sm mb-4">
              <Card.Body className="p-3 p-sm-4">
                <SearchResultPanel result={result} />
                <div className="d-flex flex-wrap gap-2">
                  {existingUuid && (
                    <Link to={partnerPath(existingUuid)} className="btn btn-primary">
                      {t('search.openExisting')}
                    </Link>
                  )}
                  {!isExact && (
                    <Button onClick={() => setCreating(true)}>{t('partners.create.open')}</Button>
                  )}
                </div>
              </Card.Body>
            </Card>
          )}

          {creating && (
            <Card className="shadow-sm mb-4">
              <Card.Body className="p-3 p-sm-4">
                <NewPartnerForm search={search.query} onCancel={() => setCreating(false)} />
              </Card.Body>
            </Card>
          )}
        </div>
      </div>
    </>
  );
}
