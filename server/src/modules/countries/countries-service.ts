import countries from 'i18n-iso-countries';
import de from 'i18n-iso-countries/langs/de.json' with { type: 'json' };
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import es from 'i18n-iso-countries/langs/es.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import it from 'i18n-iso-countries/langs/it.json' with { type: 'json' };
import nl from 'i18n-iso-countries/langs/nl.json' with { type: 'json' };
import type { Country } from '#common/countries.js';
import type { Language } from '#common/languages.js';

for (const locale of [en, nl, de, it, es, fr]) countries.registerLocale(locale);

const ALPHA2 = Object.keys(countries.getAlpha2Codes());

/**
 * Which of the library's names to show. Its English data lists the everyday name first
 * ("United States of America", "United States", "USA"); its Dutch data lists the formal name
 * first ("Koninkrijk der Nederlanden", "Nederland"); the other four hardly have alternatives.
 */
const SELECT: Record<Language, 'official' | 'alias'> = {
  en: 'official',
  nl: 'alias',
  de: 'alias',
  it: 'alias',
  es: 'alias',
  fr: 'alias',
};

const cache = new Map<Language, Country[]>();

/** Every ISO 3166-1 alpha-2 country, named in `lang`, sorted by that language's collation. */
export function listCountries(lang: Language): Country[] {
  let list = cache.get(lang);
  if (!list) {
    const collator = new Intl.Collator(lang);
    list = ALPHA2.map((code) => ({
      code,
      name: countries.getName(code, lang, { select: SELECT[lang] }) ?? code,
    })).sort((a, b) => collator.compare(a.name, b.name) || a.code.localeCompare(b.code));
    cache.set(lang, list);
  }
  return list;
}
