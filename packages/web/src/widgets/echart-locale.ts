import type * as echarts from 'echarts/core';

/**
 * ECharts' own translations (month and day names on time axes, its toolbox texts) for the
 * console's languages, loaded when a chart first draws in that language. English is built in;
 * a language ECharts does not translate (Greek, Georgian, Latvian) draws in English.
 */
const LOADERS: Record<string, () => Promise<{ default: object }>> = {
  cs_CZ: () => import('echarts/lib/i18n/langCS.js'),
  de_DE: () => import('echarts/lib/i18n/langDE.js'),
  es_ES: () => import('echarts/lib/i18n/langES.js'),
  fa_IR: () => import('echarts/lib/i18n/langFA.js'),
  fr_FR: () => import('echarts/lib/i18n/langFR.js'),
  it_IT: () => import('echarts/lib/i18n/langIT.js'),
  ja_JA: () => import('echarts/lib/i18n/langJA.js'),
  ko_KR: () => import('echarts/lib/i18n/langKO.js'),
  pt_BR: () => import('echarts/lib/i18n/langPT-br.js'),
  ro_RO: () => import('echarts/lib/i18n/langRO.js'),
  ru_RU: () => import('echarts/lib/i18n/langRU.js'),
  sl_SI: () => import('echarts/lib/i18n/langSI.js'),
  tr_TR: () => import('echarts/lib/i18n/langTR.js'),
  uk_UA: () => import('echarts/lib/i18n/langUK.js'),
  zh_CN: () => import('echarts/lib/i18n/langZH.js'),
  zh_TW: () => import('echarts/lib/i18n/langZH.js'),
};

const DEFAULT_LOCALE = 'EN';
const registered = new Set<string>();

/**
 * The ECharts locale name of a console language: at once when it is ready (English, or loaded
 * before), else a promise that registers it first.
 */
export function echartsLocaleOf(core: typeof echarts, language: string): string | Promise<string> {
  const load = LOADERS[language];
  if (!load || registered.has(language)) return load ? language : DEFAULT_LOCALE;
  return load().then(
    (module) => {
      core.registerLocale(language, module.default as Parameters<typeof core.registerLocale>[1]);
      registered.add(language);
      return language;
    },
    () => DEFAULT_LOCALE,
  );
}
