/**
 * The interface languages (SPEC section 1), in the order the language menu offers them: the
 * app speaks them, and the server writes country names and the KYC review file in them.
 */
export const LANGUAGES = ['en', 'nl', 'de', 'it', 'es', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
