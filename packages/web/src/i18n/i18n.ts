import { DEFAULT_LANGUAGE } from '@meridian/common';
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import ICU from 'i18next-icu';
import { initReactI18next } from 'react-i18next';
import { isSupportedLanguage, toBcp47 } from './languages';
import enUS from './locales/en_US.json';

type LocaleModule = { default: Record<string, unknown> };

/** Every locale except the bundled default is its own chunk, loaded on first use. */
const lazyLocales = import.meta.glob<LocaleModule>(['./locales/*.json', '!./locales/en_US.json']);

/**
 * Messages of the signed-in console (entity pages and their dialogs), per language. They are not
 * bundled with the login route: the home shell loads them before it shows a page.
 */
const consoleLocales = import.meta.glob<LocaleModule>('./locales/console/*.json');
const consoleLoaded = new WeakMap<I18n, Set<string>>();

/** Adds the console messages of the default and the current language; resolves when they are in. */
export async function loadConsoleMessages(instance: I18n): Promise<void> {
  const loaded = consoleLoaded.get(instance) ?? new Set<string>();
  consoleLoaded.set(instance, loaded);
  const languages = [...new Set([DEFAULT_LANGUAGE, instance.language])].filter((lng) => !loaded.has(lng));
  await Promise.all(
    languages.map(async (language) => {
      const load = consoleLocales[`./locales/console/${language}.json`];
      loaded.add(language);
      if (load) instance.addResourceBundle(language, 'translation', (await load()).default, true, false);
    }),
  );
}

/** True once the console messages of the current language are in (see loadConsoleMessages). */
export function hasConsoleMessages(instance: I18n): boolean {
  const loaded = consoleLoaded.get(instance);
  return !!loaded && loaded.has(DEFAULT_LANGUAGE) && loaded.has(instance.language);
}

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
    // Re-render translated components when a lazily loaded bundle (console messages) arrives.
    react: { bindI18nStore: 'added' },
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
  if (consoleLoaded.has(instance)) await loadConsoleMessages(instance);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = toBcp47(target);
  }
}
