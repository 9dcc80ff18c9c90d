import { DEFAULT_LANGUAGE } from '@meridian/common';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { isSupportedLanguage, toBcp47 } from './languages';
import enUS from './locales/en_US.json';

type LocaleModule = { default: Record<string, unknown> };

/** Every locale except the bundled default is its own chunk, loaded on first use. */
const lazyLocales = import.meta.glob<LocaleModule>(['./locales/*.json', '!./locales/en_US.json']);

const lazyLocaleBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = lazyLocales[`./locales/${language}.json`];
    if (!load) {
      // No translation file yet: every key falls back to en_US.
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

/** Creates an initialised i18next instance; en_US is bundled, so it is ready synchronously. */
export function createI18n(language: string = DEFAULT_LANGUAGE): I18n {
  const instance = i18next.createInstance();
  instance
    .use(new ICU({ parseLngForICU: toBcp47 }))
    .use(lazyLocaleBackend)
    .use(initReactI18next);
  void instance.init({
    lng: isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: false,
    load: 'currentOnly',
    resources: { [DEFAULT_LANGUAGE]: { translation: enUS } },
    partialBundledLanguages: true,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    saveMissing: true,
    missingKeyHandler: (_languages, _namespace, key) => {
      // Missing translations only warn (spec 1 §8).
      console.warn(`Missing translation: ${key}`);
    },
  });
  return instance;
}

/** Switches the UI language (loading its file if needed) and updates the document language. */
export async function changeLanguage(instance: I18n, language: string | null): Promise<void> {
  const target = isSupportedLanguage(language) ? language : DEFAULT_LANGUAGE;
  await instance.changeLanguage(target);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = toBcp47(target);
  }
}
