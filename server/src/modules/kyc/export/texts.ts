import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { format, isValid, parseISO, type Locale } from 'date-fns';
import { de, enGB, es, fr, it, nl } from 'date-fns/locale';
import i18next, { type i18n } from 'i18next';
import type { KycStepType } from '#common/kyc.js';
import type { Person } from '#common/kyc-responses.js';
import {
  changeLabelIn,
  fieldLabelIn,
  fieldWords,
  type Translator,
} from '#common/kyc-step-fields.js';
import { LANGUAGES, type Language } from '#common/languages.js';
import { projectRoot } from '#server/project-root.js';

/*
 * The review file speaks the app's language: its texts are the app's own translation files
 * (public/assets/i18n), the PDF's under `pdf`, the KYC screens' (statuses, steps, field labels,
 * findings) reused as they are.
 */

const TRANSLATIONS = path.join(projectRoot, 'public/assets/i18n');

/** British English writes dates day first, as the app's dd.MM.yyyy does. */
const LOCALES: Record<Language, Locale> = { en: enGB, nl, de, it, es, fr };

/** SPEC section 5's formats, as the app shows dates. */
const DATE_FORMAT = 'dd.MM.yyyy';
const DATE_TIME_FORMAT = 'dd.MM.yyyy, HH:mm';

let instance: Promise<i18n> | undefined;

/** One i18next with all six languages, read from disk once per process. */
function translations(): Promise<i18n> {
  instance ??= (async () => {
    const files = await Promise.all(
      LANGUAGES.map(async (language) => {
        const text = await readFile(path.join(TRANSLATIONS, `${language}.json`), 'utf8');
        return [language, { translation: JSON.parse(text) as Record<string, unknown> }] as const;
      }),
    );
    const texts = i18next.createInstance();
    await texts.init({
      resources: Object.fromEntries(files),
      lng: 'en',
      fallbackLng: 'en',
      supportedLngs: LANGUAGES,
      // A PDF is not HTML: nothing to escape.
      interpolation: { escapeValue: false },
    });
    return texts;
  })();
  instance.catch(() => {
    instance = undefined;
  });
  return instance;
}

type Params = Record<string, string | number>;
type DateInput = Date | string | null | undefined;

const toDate = (value: DateInput): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const date = typeof value === 'string' ? parseISO(value) : value;
  return isValid(date) ? date : null;
};

/** 'AUTHORISED_SIGNATORY' → 'Authorised signatory': a code the texts do not know, in words. */
export const codeWords = (code: string) => fieldWords(code.toLowerCase());

/** Everything the layout writes, in one language. */
export interface PdfTexts extends Translator {
  language: Language;
  /** A text under `pdf.`. */
  pdf(key: string, params?: Params): string;
  /** `{prefix}.{code}` when the texts know it and all its values are given, else `fallback`. */
  byCode(prefix: string, code: string, params: Params, fallback: string): string;
  date(value: DateInput): string;
  dateTime(value: DateInput): string;
  /** 'Monday 3 March 2025 at 14:05', in the language's own way. */
  longDateTime(value: Date): string;
  status(status: string): string;
  stepTitle(stepType: KycStepType | 'summary'): string;
  fieldLabel(key: string, stepType?: KycStepType): string;
  changeLabel(stepType: KycStepType, path: string): string;
  person(person: Person | null): string;
  country(code: string): string;
  number(value: number, options?: Intl.NumberFormatOptions): string;
  fileSize(bytes: number): string;
  yesNo(value: boolean): string;
}

/** The step-title keys of the app (kyc.steps), whose bank-and-vat key is bankAndVat. */
const STEP_KEYS: Record<KycStepType | 'summary', string> = {
  coc: 'coc',
  contacts: 'contacts',
  addresses: 'addresses',
  'bank-and-vat': 'bankAndVat',
  cdd: 'cdd',
  insights: 'insights',
  summary: 'summary',
};

/** The texts of `language`, ready to use. */
export async function loadTexts(language: Language): Promise<PdfTexts> {
  const i18n = await translations();
  const fixed = i18n.getFixedT(language);
  const locale = LOCALES[language];
  const has = (key: string) => i18n.exists(key, { lng: language });
  const t = (key: string, params?: Params) => fixed(key, params ?? {});
  const regions = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  const dated = (pattern: string) => (value: DateInput) => {
    const date = toDate(value);
    return date ? format(date, pattern, { locale }) : '';
  };
  const byCode = (prefix: string, code: string, params: Params, fallback: string) => {
    const key = `${prefix}.${code}`;
    if (!has(key)) return fallback;
    const text = t(key, params);
    // A placeholder left means the text needs a value the data did not bring.
    return /\{\{\s*\w+\s*\}\}/.test(text) ? fallback : text;
  };
  const texts: PdfTexts = {
    language,
    has,
    t,
    pdf: (key, params) => t(`pdf.${key}`, params),
    byCode,
    date: dated(DATE_FORMAT),
    dateTime: dated(DATE_TIME_FORMAT),
    longDateTime: (value) => format(value, 'PPPp', { locale }),
    // SPEC section 4, as the app: IN_PROGRESS is shown as Pending.
    status: (status) =>
      byCode('kyc.statuses', status === 'IN_PROGRESS' ? 'PENDING' : status, {}, codeWords(status)),
    stepTitle: (stepType) => t(`kyc.steps.${STEP_KEYS[stepType]}`),
    fieldLabel: (key, stepType) => fieldLabelIn(texts, key, stepType),
    changeLabel: (stepType, path) => changeLabelIn(texts, stepType, path),
    person: (person) => {
      const name = person?.name || t('kyc.records.unknownUser');
      const link = person?.viaSelfServiceLink;
      return link === undefined ? name : t('kyc.audit.viaSelfServiceLink', { name, link });
    },
    country: (code) => {
      try {
        return regions.of(code.trim().toUpperCase()) ?? code;
      } catch {
        // Not a region code at all ('XX1'): show what was entered.
        return code;
      }
    },
    number: (value, options) => new Intl.NumberFormat(language, options).format(value),
    fileSize: (bytes) => fileSize(language, bytes),
    yesNo: (value) => t(value ? 'kyc.data.yes' : 'kyc.data.no'),
  };
  return texts;
}

const SIZE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;

/** 1 536 000 → '1.5 MB' ('1,5 MB' in German). */
function fileSize(language: Language, bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: SIZE_UNITS[unit],
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}
