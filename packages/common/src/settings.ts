import type { AdminSettingsId } from './entity-ids.js';
import type { JsonObject } from './json.js';

/**
 * System settings (reference §1.5 AdminSettings, SecuritySettings, UserPasswordPolicy; §2.4; §7.2).
 */

/** Keys of the stored admin settings records. */
export const ADMIN_SETTINGS_KEYS = ['general', 'mail', 'sms', 'securitySettings'] as const;
export type AdminSettingsKey = (typeof ADMIN_SETTINGS_KEYS)[number];

/** A stored settings record; its id travels as `{"id"}`. */
export interface AdminSettings<V extends object = JsonObject> {
  id?: AdminSettingsId;
  createdTime?: number;
  key: AdminSettingsKey | string;
  jsonValue: V;
}

export interface GeneralSettings {
  baseUrl: string;
  prohibitDifferentUrl: boolean;
  [key: string]: unknown;
}

/**
 * Install default of the `general` settings. Unlike the reference (false), links in mails use the
 * configured base URL until an administrator allows the request's host (decision 0019).
 */
export const DEFAULT_GENERAL_SETTINGS: Readonly<GeneralSettings> = {
  baseUrl: 'http://localhost:8080',
  prohibitDifferentUrl: true,
};

/**
 * `mail` settings. The reference installs port and timeout as strings; older records may hold numbers,
 * and `enableTls` as the string "true"/"false".
 */
export interface MailSettings {
  mailFrom: string;
  smtpProtocol: string;
  smtpHost: string;
  smtpPort: string | number;
  timeout: string | number;
  enableTls: boolean | string;
  username?: string;
  password?: string;
  tlsVersion?: string | null;
  enableProxy?: boolean;
  proxyHost?: string | null;
  proxyPort?: string | number | null;
  proxyUser?: string | null;
  proxyPassword?: string | null;
  showChangePassword?: boolean;
  [key: string]: unknown;
}

/** Install default of the `mail` settings (reference §7.2). */
export const DEFAULT_MAIL_SETTINGS: Readonly<MailSettings> = {
  mailFrom: 'ThingsBoard <sysadmin@localhost.localdomain>',
  smtpProtocol: 'smtp',
  smtpHost: 'localhost',
  smtpPort: '25',
  timeout: '10000',
  enableTls: false,
  username: '',
  password: '',
  tlsVersion: 'TLSv1.2',
  enableProxy: false,
  showChangePassword: false,
};

/** Password rules; null means "no requirement". */
export interface UserPasswordPolicy {
  minimumLength: number | null;
  minimumUppercaseLetters: number | null;
  minimumLowercaseLetters: number | null;
  minimumDigits: number | null;
  minimumSpecialCharacters: number | null;
  /** Whitespace is forbidden only when this is explicitly false. */
  allowWhitespaces?: boolean | null;
  passwordExpirationPeriodDays: number | null;
  passwordReuseFrequencyDays: number | null;
}

/** The `securitySettings` record (`/api/admin/securitySettings`). */
export interface SecuritySettings {
  passwordPolicy: UserPasswordPolicy;
  /** Lockout after this many failed logins (> 0); null disables lockout. */
  maxFailedLoginAttempts: number | null;
  userLockoutNotificationEmail: string | null;
}

/** Policy in effect when no security settings are stored: minimum length 6, nothing else. */
export const DEFAULT_USER_PASSWORD_POLICY: Readonly<UserPasswordPolicy> = {
  minimumLength: 6,
  minimumUppercaseLetters: null,
  minimumLowercaseLetters: null,
  minimumDigits: null,
  minimumSpecialCharacters: null,
  allowWhitespaces: true,
  passwordExpirationPeriodDays: null,
  passwordReuseFrequencyDays: null,
};

/** Security settings in effect when none are stored: the default password policy and no lockout. */
export function createDefaultSecuritySettings(): SecuritySettings {
  return {
    passwordPolicy: { ...DEFAULT_USER_PASSWORD_POLICY },
    maxFailedLoginAttempts: null,
    userLockoutNotificationEmail: null,
  };
}

export type PasswordPolicyRule = 'length' | 'uppercase' | 'lowercase' | 'digits' | 'special' | 'whitespace';

/** One failed password rule; `required` is the configured minimum (0 for whitespace). */
export interface PasswordPolicyViolation {
  rule: PasswordPolicyRule;
  required: number;
}

function count(password: string, pattern: RegExp): number {
  return password.match(pattern)?.length ?? 0;
}

/**
 * Checks a password against a policy's character rules (reference §2.4). Letters and digits are
 * counted as ASCII, special characters as ASCII punctuation and symbols. Reuse checks need stored
 * hashes and are left to the server.
 */
export function checkPasswordPolicy(password: string, policy: UserPasswordPolicy): PasswordPolicyViolation[] {
  const violations: PasswordPolicyViolation[] = [];
  const minimums: [PasswordPolicyRule, number | null, number][] = [
    ['length', policy.minimumLength, [...password].length],
    ['uppercase', policy.minimumUppercaseLetters, count(password, /[A-Z]/g)],
    ['lowercase', policy.minimumLowercaseLetters, count(password, /[a-z]/g)],
    ['digits', policy.minimumDigits, count(password, /[0-9]/g)],
    ['special', policy.minimumSpecialCharacters, count(password, /[!-/:-@[-`{-~]/g)],
  ];
  for (const [rule, required, actual] of minimums) {
    if (required !== null && required > 0 && actual < required) {
      violations.push({ rule, required });
    }
  }
  if (policy.allowWhitespaces === false && /\s/.test(password)) {
    violations.push({ rule: 'whitespace', required: 0 });
  }
  return violations;
}

/** `GET /api/admin/updates`. */
export interface UpdateMessage {
  message: string;
  updateAvailable: boolean;
}

/** `GET /api/system/info`. */
export interface SystemInfo {
  version: string;
  artifact: string;
  name: string;
}
