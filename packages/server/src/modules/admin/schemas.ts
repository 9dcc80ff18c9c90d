import { Type } from '@sinclair/typebox';

const nullableInt = Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]);

export const PasswordPolicySchema = Type.Object({
  minimumLength: Type.Optional(nullableInt),
  minimumUppercaseLetters: Type.Optional(nullableInt),
  minimumLowercaseLetters: Type.Optional(nullableInt),
  minimumDigits: Type.Optional(nullableInt),
  minimumSpecialCharacters: Type.Optional(nullableInt),
  allowWhitespaces: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  passwordExpirationPeriodDays: Type.Optional(nullableInt),
  passwordReuseFrequencyDays: Type.Optional(nullableInt),
});

export const SecuritySettingsSchema = Type.Object({
  passwordPolicy: PasswordPolicySchema,
  maxFailedLoginAttempts: Type.Optional(nullableInt),
  userLockoutNotificationEmail: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])),
});

export const AdminSettingsSchema = Type.Object({
  id: Type.Optional(Type.Unknown()),
  createdTime: Type.Optional(Type.Unknown()),
  key: Type.String({ minLength: 1, maxLength: 255 }),
  jsonValue: Type.Record(Type.String(), Type.Unknown()),
});

export const SettingsKeyParams = Type.Object({ key: Type.String({ minLength: 1, maxLength: 255 }) });
