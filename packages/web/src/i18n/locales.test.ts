import { type MessageFormatElement, parse, TYPE } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { isSupportedLanguage, matchLanguage, OFFERED_LANGUAGES } from './languages';
import deDEConsole from './locales/console/de_DE.json';
import enUSConsole from './locales/console/en_US.json';
import deDE from './locales/de_DE.json';
import enUS from './locales/en_US.json';

type Tree = { [key: string]: string | Tree };

/** The message's arguments as sorted `name:type` text; throws on invalid ICU syntax. */
function placeholdersOf(message: string): string {
  const found = new Set<string>();
  const walk = (elements: MessageFormatElement[]) => {
    for (const element of elements) {
      if (element.type !== TYPE.literal && element.type !== TYPE.pound)
        found.add(`${element.value}:${element.type}`);
      if ('options' in element) for (const option of Object.values(element.options)) walk(option.value);
      if ('children' in element) walk(element.children);
    }
  };
  walk(parse(message, { ignoreTag: true }));
  return [...found].sort().join(',');
}

function messagesOf(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : messagesOf(value, `${prefix}${key}.`),
  );
}

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
  );
}

const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Namespaces of the locale files; a quoted 'namespace.key' string in the source is a message key. */
const namespaces = [...Object.keys(enUS), ...Object.keys(enUSConsole)];
const KEY = new RegExp(
  `['\`](?:${namespaces.map((ns) => ns.replace(/[-]/g, '\\-')).join('|')})\\.[a-z0-9.-]+['\`]`,
  'g',
);

describe('locales', () => {
  const english = new Set([...flatten(enUS as Tree), ...flatten(enUSConsole as Tree)]);

  it('keeps each namespace in one file: the login bundle or the console bundle', () => {
    const shared = Object.keys(enUS).filter((ns) => ns in enUSConsole);
    expect(shared).toEqual([]);
    expect(Object.keys(deDE).filter((ns) => ns in enUSConsole)).toEqual([]);
    expect(Object.keys(deDEConsole).filter((ns) => ns in enUS)).toEqual([]);
  });

  it('en_US has every message key the source refers to', () => {
    const missing = new Set<string>();
    for (const [file, text] of Object.entries(sources)) {
      for (const match of text.matchAll(KEY)) {
        const key = match[0].slice(1, -1);
        if (!english.has(key) && !key.endsWith('.')) {
          missing.add(`${key} (${file})`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });

  it('en_US names every supported language', async () => {
    const { SUPPORTED_LANGUAGES } = await import('@meridian/common');
    for (const code of SUPPORTED_LANGUAGES) {
      expect(english.has(`language.locales.${code}`)).toBe(true);
    }
  });

  it('every language has only keys that exist in en_US', () => {
    const extra = Object.entries(bundles).flatMap(([file, bundle]) =>
      flatten(bundle)
        .filter((key) => !english.has(key))
        .map((key) => `${file}: ${key}`),
    );
    expect(extra).toEqual([]);
  });

  it('every translation is a valid ICU message with the placeholders of its English original', () => {
    const englishMessages = new Map([...messagesOf(enUS as Tree), ...messagesOf(enUSConsole as Tree)]);
    const wrong: string[] = [];
    for (const [file, bundle] of Object.entries(bundles)) {
      for (const [key, message] of messagesOf(bundle)) {
        const original = englishMessages.get(key);
        if (original === undefined) continue;
        try {
          if (placeholdersOf(message) !== placeholdersOf(original))
            wrong.push(`${file}: ${key}: placeholders differ`);
        } catch (error) {
          wrong.push(`${file}: ${key}: ${(error as Error).message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('every offered language has every en_US key, in its login and its console bundle', () => {
    const incomplete: string[] = [];
    for (const language of OFFERED_LANGUAGES) {
      const loginBundle = bundles[`./locales/${language}.json`];
      const consoleBundle = bundles[`./locales/console/${language}.json`];
      const keys = new Set([
        ...(loginBundle ? flatten(loginBundle) : []),
        ...(consoleBundle ? flatten(consoleBundle) : []),
      ]);
      const missing = [...english].filter((key) => !keys.has(key));
      if (missing.length > 0) {
        incomplete.push(`${language}: ${missing.length} of ${english.size} keys missing, e.g. ${missing[0]}`);
      }
    }
    expect(incomplete).toEqual([]);
  });

  it('offers no language the browser asks for unless it is complete', () => {
    expect(matchLanguage(['de-DE', 'en-US'])).toBe(OFFERED_LANGUAGES.includes('de_DE') ? 'de_DE' : 'en_US');
    expect(matchLanguage(['fr'])).toBe(OFFERED_LANGUAGES.includes('fr_FR') ? 'fr_FR' : 'en_US');
    expect(isSupportedLanguage('en_US')).toBe(true);
    expect(isSupportedLanguage('xx_XX')).toBe(false);
  });
});

/** Every locale file, login and console bundles, by path. */
const bundles = import.meta.glob<Tree>('./locales/**/*.json', { import: 'default', eager: true });
