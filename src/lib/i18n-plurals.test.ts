import fs from 'node:fs';
import path from 'node:path';
import { LANGUAGES, type Language } from '@common/languages';

/** Every text of a translation file with its key path. */
function texts(node: unknown, key = ''): [string, string][] {
  if (typeof node === 'string') return [[key, node]];
  if (node && typeof node === 'object') {
    return Object.entries(node).flatMap(([name, value]) =>
      texts(value, key ? `${key}.${name}` : name),
    );
  }
  return [];
}

const load = (language: Language) =>
  new Map(
    texts(
      JSON.parse(
        fs.readFileSync(
          path.resolve(__dirname, `../../public/assets/i18n/${language}.json`),
          'utf8',
        ),
      ),
    ),
  );

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** The plural forms a language needs for the counts the app shows (0 to 10 000). */
function neededForms(language: Language): Set<string> {
  const rules = new Intl.PluralRules(language);
  return new Set(Array.from({ length: 10_001 }, (_, count) => rules.select(count)));
}

const files = Object.fromEntries(LANGUAGES.map((language) => [language, load(language)]));

/** Every key, in any language, whose text shows a {{count}}, without its plural suffix. */
const countedKeys = [
  ...new Set(
    LANGUAGES.flatMap((language) =>
      [...files[language]!]
        .filter(([, text]) => /\{\{\s*count\s*\}\}/.test(text))
        .map(([key]) => key.replace(PLURAL_SUFFIX, '')),
    ),
  ),
].sort();

describe('counts in the translations (issue 18, point 11)', () => {
  it('finds the counted texts', () => {
    expect(countedKeys).toContain('kycProgress.count');
  });

  it.each(LANGUAGES)('gives every text with a {{count}} its plural forms in %s', (language) => {
    const file = files[language]!;
    const missing = countedKeys.flatMap((key) =>
      [...neededForms(language)]
        .map((form) => `${key}_${form}`)
        .filter((formKey) => !file.has(formKey)),
    );
    // A count shown in a text without plural forms: '1 étapes' instead of '1 étape'.
    const unsuffixed = countedKeys.filter((key) => file.has(key));
    expect({ missing, unsuffixed }).toEqual({ missing: [], unsuffixed: [] });
  });
});
