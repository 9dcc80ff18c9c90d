/**
 * Console languages (spec 2 §9, spec 1 §7 "Static resources").
 */

export const SUPPORTED_LANGUAGES = [
  'cs_CZ',
  'de_DE',
  'el_GR',
  'en_US',
  'es_ES',
  'fa_IR',
  'fr_FR',
  'it_IT',
  'ja_JA',
  'ka_GE',
  'ko_KR',
  'lv_LV',
  'pt_BR',
  'ro_RO',
  'ru_RU',
  'sl_SI',
  'tr_TR',
  'uk_UA',
  'zh_CN',
  'zh_TW',
] as const;
export type LanguageCode = (typeof SUPPORTED_LANGUAGES)[number];

export const DEFAULT_LANGUAGE: LanguageCode = 'en_US';

/** True when `value` is exactly one of {@link SUPPORTED_LANGUAGES}. */
export function isLanguageCode(value: string): value is LanguageCode {
  return (SUPPORTED_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Picks the language to use for a requested one (a user setting like `de_DE` or a browser tag like
 * `de-AT` or `de`): an exact match (ignoring case and `-`/`_`), else the first supported language
 * with the same language part, else {@link DEFAULT_LANGUAGE}.
 */
export function resolveLanguage(requested: string | null | undefined): LanguageCode {
  if (!requested) {
    return DEFAULT_LANGUAGE;
  }
  const normalized = requested.trim().replace('-', '_').toLowerCase();
  const exact = SUPPORTED_LANGUAGES.find((lang) => lang.toLowerCase() === normalized);
  if (exact) {
    return exact;
  }
  const languagePart = normalized.split('_')[0];
  return (
    SUPPORTED_LANGUAGES.find((lang) => lang.toLowerCase().split('_')[0] === languagePart) ?? DEFAULT_LANGUAGE
  );
}

/** URL of a language's translation file, relative to the console root. */
export function localeFileUrl(lang: LanguageCode): string {
  return `./assets/locale/locale.constant-${lang}.json`;
}

/**
 * URL of a help page: `{helpBaseUrl}/help/{lang}/{page}.md`. The console falls back to
 * {@link DEFAULT_LANGUAGE} and then to a not-found text when a page is missing.
 */
export function helpPageUrl(helpBaseUrl: string, lang: string, page: string): string {
  return `${helpBaseUrl.replace(/\/+$/, '')}/help/${lang}/${page}.md`;
}

/** Reference default of `ui.help.base-url`. */
export const DEFAULT_HELP_BASE_URL =
  'https://raw.githubusercontent.com/thingsboard/thingsboard-ui-help/release-3.3.4';
