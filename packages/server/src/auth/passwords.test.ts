import { describe, expect, it } from 'vitest';
import { checkPassword, hashPassword, passwordPolicyViolations, randomAlphanumeric } from './passwords.js';

describe('password policy', () => {
  it('accepts a password meeting every rule', () => {
    const policy = {
      minimumLength: 8,
      minimumUppercaseLetters: 1,
      minimumDigits: 1,
      minimumSpecialCharacters: 1,
    };
    expect(passwordPolicyViolations('Abcdef1!', policy)).toEqual([]);
  });

  it('names each broken rule', () => {
    const policy = {
      minimumLength: 8,
      minimumUppercaseLetters: 2,
      minimumDigits: 1,
      allowWhitespaces: false,
    };
    expect(passwordPolicyViolations('ab c', policy)).toEqual([
      'Password must be 8 or more characters in length.',
      'Password must contain 2 or more uppercase characters.',
      'Password must contain 1 or more digit characters.',
      'Password contains a whitespace character.',
    ]);
  });

  it('treats empty and zero limits as no rule', () => {
    expect(passwordPolicyViolations('a', { minimumLength: 0, minimumDigits: null })).toEqual([]);
  });
});

describe('password hashing and tokens', () => {
  it('verifies a bcrypt hash and rejects another password', async () => {
    const hash = await hashPassword('secret');
    expect(hash).toMatch(/^\$2[aby]\$10\$/);
    expect(await checkPassword('secret', hash)).toBe(true);
    expect(await checkPassword('Secret', hash)).toBe(false);
  });

  it('makes random alphanumeric tokens of the asked length', () => {
    const a = randomAlphanumeric(30);
    expect(a).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(randomAlphanumeric(30)).not.toBe(a);
  });
});
