import type { ComponentPropsWithRef } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@common/languages';
import { useAppDispatch, useAppSelector } from '@/store/hooks';
import {
  changeLanguage,
  selectLanguage,
  selectLanguageChanging,
} from '@/preferences/languageSlice';
import { LANGUAGE_NAMES } from '@/lib/i18n';

/** A menu item; react-bootstrap's aria-selected is not allowed on one (aria-current says it). */
function MenuItemButton({ 'aria-selected': _selected, ...props }: ComponentPropsWithRef<'button'>) {
  return <button type="button" role="menuitem" {...props} />;
}

/**
 * The topbar's language menu: the current language's code and name; each language listed by
 * its own name (not translated: a reader looks for the name they know).
 */
export function LanguageSelector() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const current = useAppSelector(selectLanguage);
  const changing = useAppSelector(selectLanguageChanging);

  return (
    <Dropdown
      align="end"
      onSelect={(code) => {
        if (code) void dispatch(changeLanguage(code));
      }}
    >
      <Dropdown.Toggle
        variant="link"
        className="app-topbar-btn text-decoration-none d-flex align-items-center gap-1"
        aria-label={t('language.label')}
        title={t('language.label')}
        aria-busy={changing || undefined}
      >
        <span className="fw-semibold text-uppercase">{current}</span>
        <span className="d-none d-md-inline" lang={current}>
          {LANGUAGE_NAMES[current]}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu role="menu">
        {LANGUAGES.map((language) => (
          <Dropdown.Item
            key={language}
            as={MenuItemButton}
            eventKey={language}
            lang={language}
            active={language === current}
            aria-current={language === current || undefined}
          >
            {LANGUAGE_NAMES[language]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
