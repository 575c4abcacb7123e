/**
 * The terms and conditions a company accepts (SPEC sections 4 and 7; decision 027). Their text
 * ships with the product, one file per version and language under
 * public/assets/terms/{version}/{language}.json; the version in force is TERMS_VERSION. An
 * acceptance of any other version counts as no acceptance, so a new version asks every company
 * again.
 */
import { z } from 'zod';

/** The version of the terms in force. A new text gets a new version (and a folder of its own). */
export const TERMS_VERSION = '1.0';

/** How a version is written: major.minor. */
export const termsVersionSchema = z
  .string('must be a terms version such as 1.0')
  .regex(/^\d{1,4}\.\d{1,4}$/, 'must be a terms version such as 1.0');

/** One language's text of one version: a title and its sections of paragraphs. */
export const termsDocumentSchema = z.object({
  version: termsVersionSchema,
  title: z.string().min(1),
  sections: z
    .array(
      z.object({
        heading: z.string().min(1),
        paragraphs: z.array(z.string().min(1)).min(1),
      }),
    )
    .min(1),
});

export type TermsDocument = z.infer<typeof termsDocumentSchema>;

/** Where the app reads a version's text in a language. */
export const termsDocumentPath = (version: string, language: string) =>
  `/assets/terms/${version}/${language}.json`;

/** Who accepted the terms, named as now. */
export const termsAcceptorSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'TermsAcceptor' });

export type TermsAcceptor = z.infer<typeof termsAcceptorSchema>;

/** A 409's details when the version accepted is not the one in force. */
export const TERMS_VERSION_CONFLICT = 'termsVersion';
export const termsVersionConflictSchema = z
  .object({
    reason: z.literal(TERMS_VERSION_CONFLICT),
    current: termsVersionSchema.describe('the version in force'),
  })
  .meta({ id: 'TermsVersionConflict' });
