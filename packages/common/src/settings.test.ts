import { describe, expect, it } from 'vitest';
import { checkPasswordPolicy, DEFAULT_USER_PASSWORD_POLICY, type UserPasswordPolicy } from './settings.js';
import { formatRateLimits, isUnlimited, parseRateLimits } from './tenant-profile.js';

const strict: UserPasswordPolicy = {
  ...DEFAULT_USER_PASSWORD_POLICY,
  minimumLength: 8,
  minimumUppercaseLetters: 1,
  minimumLowercaseLetters: 2,
  minimumDigits: 1,
  minimumSpecialCharacters: 1,
  allowWhitespaces: false,
};

describe('checkPasswordPolicy', () => {
  it('applies the default minimum length of 6', () => {
    expect(checkPasswordPolicy('abcde', DEFAULT_USER_PASSWORD_POLICY)).toEqual([
      { rule: 'length', required: 6 },
    ]);
    expect(checkPasswordPolicy('abcdef', DEFAULT_USER_PASSWORD_POLICY)).toEqual([]);
    expect(checkPasswordPolicy('a b c d', DEFAULT_USER_PASSWORD_POLICY)).toEqual([]);
  });

  it('reports every failed character rule', () => {
    expect(checkPasswordPolicy('Ab1!cd ef', strict)).toEqual([{ rule: 'whitespace', required: 0 }]);
    expect(checkPasswordPolicy('ABCDEFGH', strict).map((v) => v.rule)).toEqual([
      'lowercase',
      'digits',
      'special',
    ]);
    expect(checkPasswordPolicy('aB1!', strict)).toEqual([
      { rule: 'length', required: 8 },
      { rule: 'lowercase', required: 2 },
    ]);
  });

  it('counts characters, not UTF-16 units, for the length', () => {
    expect(checkPasswordPolicy('😀😀😀', { ...DEFAULT_USER_PASSWORD_POLICY, minimumLength: 4 })).toEqual([
      { rule: 'length', required: 4 },
    ]);
  });
});

describe('rate limits', () => {
  it('parse capacity:seconds pairs', () => {
    expect(parseRateLimits('100:1,2000:60')).toEqual([
      { capacity: 100, periodSeconds: 1 },
      { capacity: 2000, periodSeconds: 60 },
    ]);
    expect(parseRateLimits(' 10 : 5 ')).toEqual([{ capacity: 10, periodSeconds: 5 }]);
    expect(parseRateLimits('')).toEqual([]);
    expect(parseRateLimits(null)).toEqual([]);
  });

  it('reject malformed strings', () => {
    expect(parseRateLimits('100')).toBeNull();
    expect(parseRateLimits('100:0')).toBeNull();
    expect(parseRateLimits('100:1,')).toBeNull();
    expect(parseRateLimits('a:b')).toBeNull();
  });

  it('format back and treat 0 or null as unlimited', () => {
    expect(
      formatRateLimits([
        { capacity: 300, periodSeconds: 1 },
        { capacity: 3000, periodSeconds: 60 },
      ]),
    ).toBe('300:1,3000:60');
    expect(isUnlimited(0)).toBe(true);
    expect(isUnlimited(null)).toBe(true);
    expect(isUnlimited(5)).toBe(false);
  });
});
