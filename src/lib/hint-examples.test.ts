import fs from 'node:fs';
import path from 'node:path';
import { isValidVatNumber } from '@common/kyc-steps';
import { LANGUAGES } from '@common/languages';

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

// A VAT number as the hints write it: a country code, then digits (and letters, as NL's B01).
const VAT_EXAMPLE = /\b[A-Z]{2}(?=[0-9A-Z]*\d)[0-9A-Z]{8,12}\b/g;

describe('the examples the hints give', () => {
  it.each(LANGUAGES)('pass the VAT check they hint at, in %s', (language) => {
    const file = path.resolve(__dirname, `../../public/assets/i18n/${language}.json`);
    const examples = texts(JSON.parse(fs.readFileSync(file, 'utf8')))
      .filter(([key]) => /vat/i.test(key))
      .flatMap(([key, text]) =>
        (text.match(VAT_EXAMPLE) ?? []).map((example) => ({ key, example })),
      );
    expect(examples.length).toBeGreaterThan(0);
    for (const { key, example } of examples) {
      expect({ key, example, valid: isValidVatNumber(example) }).toEqual({
        key,
        example,
        valid: true,
      });
    }
  });
});
