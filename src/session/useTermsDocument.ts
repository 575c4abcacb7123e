import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TERMS_VERSION, type TermsDocument } from '@common/terms';
import { getTermsDocument } from '@/companies/tradePartnerApi';
import { DEFAULT_LANGUAGE } from '@/lib/i18n';

type TermsText =
  | { status: 'idle' | 'loading' | 'failed'; document: null }
  | { status: 'succeeded'; document: TermsDocument };

/** What the last load found, and for which language and attempt. */
interface Loaded {
  key: string;
  document: TermsDocument | null;
}

/**
 * The terms in force, in the app's language, loaded while `active` (an open dialog) and again
 * when the language changes. Falls back to English should a language's file fail.
 */
export function useTermsDocument(active: boolean): TermsText & { retry: () => void } {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? DEFAULT_LANGUAGE;
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const key = `${language}#${attempt}`;

  useEffect(() => {
    if (!active) return;
    let current = true;
    getTermsDocument(TERMS_VERSION, language)
      .catch((error: unknown) => {
        if (language === DEFAULT_LANGUAGE) throw error;
        console.warn(`Terms in '${language}' could not be loaded, showing English:`, error);
        return getTermsDocument(TERMS_VERSION, DEFAULT_LANGUAGE);
      })
      .then(
        (document) => current && setLoaded({ key, document }),
        (error: unknown) => {
          console.error('Terms could not be loaded:', error);
          if (current) setLoaded({ key, document: null });
        },
      );
    return () => {
      current = false;
    };
  }, [active, language, key]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  if (!active) return { status: 'idle', document: null, retry };
  if (loaded?.key !== key) return { status: 'loading', document: null, retry };
  return loaded.document
    ? { status: 'succeeded', document: loaded.document, retry }
    : { status: 'failed', document: null, retry };
}
