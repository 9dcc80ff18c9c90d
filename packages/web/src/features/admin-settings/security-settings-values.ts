import type { SecuritySettings } from '@meridian/common';

/** The security settings form's fields. */
export interface SecurityValues {
  maxFailedLoginAttempts: number | null;
  userLockoutNotificationEmail: string;
  minimumLength: number | null;
  minimumUppercaseLetters: number | null;
  minimumLowercaseLetters: number | null;
  minimumDigits: number | null;
  minimumSpecialCharacters: number | null;
  allowWhitespaces: boolean;
  passwordExpirationPeriodDays: number | null;
  passwordReuseFrequencyDays: number | null;
}

/** Bounds of the minimum password length. */
export const MIN_PASSWORD_LENGTH = 5;
export const MAX_PASSWORD_LENGTH = 50;

export function securityValuesOf(settings: SecuritySettings): SecurityValues {
  const policy = settings.passwordPolicy ?? {};
  return {
    maxFailedLoginAttempts: settings.maxFailedLoginAttempts ?? null,
    userLockoutNotificationEmail: settings.userLockoutNotificationEmail ?? '',
    minimumLength: policy.minimumLength ?? null,
    minimumUppercaseLetters: policy.minimumUppercaseLetters ?? null,
    minimumLowercaseLetters: policy.minimumLowercaseLetters ?? null,
    minimumDigits: policy.minimumDigits ?? null,
    minimumSpecialCharacters: policy.minimumSpecialCharacters ?? null,
    allowWhitespaces: policy.allowWhitespaces !== false,
    passwordExpirationPeriodDays: policy.passwordExpirationPeriodDays ?? null,
    passwordReuseFrequencyDays: policy.passwordReuseFrequencyDays ?? null,
  };
}

export function securitySettingsWith(settings: SecuritySettings, values: SecurityValues): SecuritySettings {
  const email = values.userLockoutNotificationEmail.trim();
  return {
    ...settings,
    maxFailedLoginAttempts: values.maxFailedLoginAttempts,
    userLockoutNotificationEmail: email.length > 0 ? email : null,
    passwordPolicy: {
      ...settings.passwordPolicy,
      minimumLength: values.minimumLength,
      minimumUppercaseLetters: values.minimumUppercaseLetters,
      minimumLowercaseLetters: values.minimumLowercaseLetters,
      minimumDigits: values.minimumDigits,
      minimumSpecialCharacters: values.minimumSpecialCharacters,
      allowWhitespaces: values.allowWhitespaces,
      passwordExpirationPeriodDays: values.passwordExpirationPeriodDays,
      passwordReuseFrequencyDays: values.passwordReuseFrequencyDays,
    },
  };
}
