import { useTranslation } from 'react-i18next';

export const MAIN_CONTENT_ID = 'main-content';

/** The first stop for keyboard users: straight past the menus to the page. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="visually-hidden-focusable app-skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
    >
      {t('layout.skipToContent')}
    </a>
  );
}
