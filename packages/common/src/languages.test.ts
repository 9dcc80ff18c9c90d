import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, breakpointForWidth, minWidthMediaQuery } from './breakpoints.js';
import {
  DEFAULT_LANGUAGE,
  helpPageUrl,
  localeFileUrl,
  resolveLanguage,
  SUPPORTED_LANGUAGES,
} from './languages.js';

describe('languages', () => {
  it('support 20 languages with en_US as default', () => {
    expect(SUPPORTED_LANGUAGES).toHaveLength(20);
    expect(DEFAULT_LANGUAGE).toBe('en_US');
  });

  it('resolve exact, browser-style and partial requests', () => {
    expect(resolveLanguage('de_DE')).toBe('de_DE');
    expect(resolveLanguage('pt-br')).toBe('pt_BR');
    expect(resolveLanguage('fr')).toBe('fr_FR');
    expect(resolveLanguage('zh-HK')).toBe('zh_CN');
    expect(resolveLanguage('nl_NL')).toBe('en_US');
    expect(resolveLanguage(null)).toBe('en_US');
  });

  it('build locale and help URLs', () => {
    expect(localeFileUrl('uk_UA')).toBe('./assets/locale/locale.constant-uk_UA.json');
    expect(helpPageUrl('https://help.example/', 'en_US', 'devices')).toBe(
      'https://help.example/help/en_US/devices.md',
    );
  });
});

describe('breakpoints', () => {
  it('put widths in the spec ranges', () => {
    expect(BREAKPOINTS).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 });
    expect(breakpointForWidth(0)).toBe('xs');
    expect(breakpointForWidth(599)).toBe('xs');
    expect(breakpointForWidth(600)).toBe('sm');
    expect(breakpointForWidth(959)).toBe('sm');
    expect(breakpointForWidth(960)).toBe('md');
    expect(breakpointForWidth(1279)).toBe('md');
    expect(breakpointForWidth(1280)).toBe('lg');
    expect(breakpointForWidth(1919)).toBe('lg');
    expect(breakpointForWidth(1920)).toBe('xl');
    expect(minWidthMediaQuery('md')).toBe('(min-width: 960px)');
  });
});
