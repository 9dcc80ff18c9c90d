import { randomInt } from 'node:crypto';
import {
  checkPasswordPolicy,
  DEFAULT_USER_PASSWORD_POLICY,
  type PasswordPolicyRule,
  randomAlphanumeric as sharedRandomAlphanumeric,
  type UserPasswordPolicy,
} from '@meridian/common';
import bcrypt from 'bcryptjs';

/** Cost 10 matches the reference's BCryptPasswordEncoder default, so hashes are interchangeable. */
export const hashPassword = (password: string) => bcrypt.hash(password, 10);
export const checkPassword = (password: string, hash: string) => bcrypt.compare(password, hash);

/** Random alphanumerics from a CSPRNG: activation/reset tokens (30) and device access tokens (20). */
export const randomAlphanumeric = (length: number): string => sharedRandomAlphanumeric(length, randomInt);

export type PasswordPolicy = Partial<UserPasswordPolicy>;

const RULE_MESSAGES: Record<PasswordPolicyRule, (n: number) => string> = {
  length: (n) => `Password must be ${n} or more characters in length.`,
  uppercase: (n) => `Password must contain ${n} or more uppercase characters.`,
  lowercase: (n) => `Password must contain ${n} or more lowercase characters.`,
  digits: (n) => `Password must contain ${n} or more digit characters.`,
  special: (n) => `Password must contain ${n} or more special characters.`,
  whitespace: () => 'Password contains a whitespace character.',
};

/**
 * Checks a new password against the policy (the shared rule in common) and returns every broken
 * rule's message, empty when acceptable. The reference joins them with newlines into one 400.
 */
export function passwordPolicyViolations(password: string, policy: PasswordPolicy): string[] {
  return checkPasswordPolicy(password, {
    ...DEFAULT_USER_PASSWORD_POLICY,
    minimumLength: null,
    ...policy,
  }).map((v) => RULE_MESSAGES[v.rule](v.required));
}
