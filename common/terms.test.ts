import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './languages.js';
import {
  TERMS_VERSION,
  termsDocumentPath,
  termsDocumentSchema,
  termsVersionSchema,
} from './terms.js';

const publicDir = path.join(import.meta.dirname, '..', 'public');
const read = (language: string) =>
  JSON.parse(
    fs.readFileSync(path.join(publicDir, termsDocumentPath(TERMS_VERSION, language)), 'utf8'),
  ) as unknown;

describe('the terms in force (decision 027)', () => {
  it('has a well-formed version', () => {
    expect(termsVersionSchema.safeParse(TERMS_VERSION).success).toBe(true);
  });

  it.each([...LANGUAGES])('has its text in %s, of its own version', (language) => {
    const document = termsDocumentSchema.parse(read(language));
    expect(document.version).toBe(TERMS_VERSION);
  });

  it('has the same sections, and paragraphs in each, in every language', () => {
    const shape = (language: string) =>
      termsDocumentSchema.parse(read(language)).sections.map((s) => s.paragraphs.length);
    for (const language of LANGUAGES) expect(shape(language), language).toEqual(shape('en'));
  });
});
