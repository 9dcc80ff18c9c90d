import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  type LanguageCode,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
} from '@meridian/common';

/**
 * The languages the console offers: only those whose catalogue (login and console bundles) has
 * every en_US key, so nobody picks a language and gets a mix with English. locales.test.ts fails
 * when an offered language misses a key; add a language here once its files are complete.
 */
export const OFFERED_LANGUAGES: readonly LanguageCode[] = SUPPORTED_LANGUAGES;

/** A language the console offers (see OFFERED_LANGUAGES). */
export function isSupportedLanguage(value: string | null | undefined): value is LanguageCode {
  return typeof value === 'string' && isLanguageCode(value) && OFFERED_LANGUAGES.includes(value);
}

/**
 * Picks the UI language for the browser's preferences (de-DE, de, ...): the first one that is an
 * offered language exactly, else the language part of the preferred one if offered, else the default.
 */
export function matchLanguage(candidates: readonly string[]): LanguageCode {
  for (const candidate of candidates) {
    const code = candidate.replace('-', '_');
    if (isSupportedLanguage(code)) {
      return code;
    }
  }
  const partial = resolveLanguage(candidates[0]);
  return isSupportedLanguage(partial) ? partial : DEFAULT_LANGUAGE;
}

/** i18next keeps the reference codes (en_US); Intl needs BCP 47 tags (en-US). */
export function toBcp47(code: string): string {
  return code.replace('_', '-');
}
