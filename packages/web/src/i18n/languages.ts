import { isLanguageCode, type LanguageCode, resolveLanguage } from '@meridian/common';

export function isSupportedLanguage(value: string | null | undefined): value is LanguageCode {
  return typeof value === 'string' && isLanguageCode(value);
}

/**
 * Picks the UI language for the browser's preferences (de-DE, de, ...): the first one that is a
 * supported language exactly, else the language part of the preferred one, else the default.
 */
export function matchLanguage(candidates: readonly string[]): LanguageCode {
  for (const candidate of candidates) {
    const code = candidate.replace('-', '_');
    if (isLanguageCode(code)) {
      return code;
    }
  }
  return resolveLanguage(candidates[0]);
}

/** i18next keeps the reference codes (en_US); Intl needs BCP 47 tags (en-US). */
export function toBcp47(code: string): string {
  return code.replace('_', '-');
}
