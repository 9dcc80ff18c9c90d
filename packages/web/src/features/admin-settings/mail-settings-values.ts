import type { AdminSettings, MailSettings } from '@meridian/common';

export const SMTP_PROTOCOLS = ['smtp', 'smtps'] as const;
export const TLS_VERSIONS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'] as const;

/** The outgoing-mail form's fields (numbers as numbers; the wire keeps its own types). */
export interface MailValues {
  mailFrom: string;
  smtpProtocol: string;
  smtpHost: string;
  smtpPort: number | null;
  timeout: number | null;
  enableTls: boolean;
  tlsVersion: string;
  enableProxy: boolean;
  proxyHost: string;
  proxyPort: number | null;
  proxyUser: string;
  proxyPassword: string;
  username: string;
  /** Only when the server withholds the stored password: send a new one? */
  changePassword: boolean;
  password: string;
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

function numberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') {
    return null;
  }
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
}

/** The reference stores booleans as booleans, older data as the strings 'true'/'false'. */
function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

/** Whether the server sent the stored password (otherwise it keeps it unless a new one is sent). */
export function serverSendsPassword(settings: AdminSettings<MailSettings>): boolean {
  return Object.hasOwn(settings.jsonValue, 'password');
}

export function mailValuesOf(settings: AdminSettings<MailSettings>): MailValues {
  const json = settings.jsonValue;
  return {
    mailFrom: text(json.mailFrom),
    smtpProtocol: json.smtpProtocol === 'smtps' ? 'smtps' : 'smtp',
    smtpHost: text(json.smtpHost),
    smtpPort: numberOrNull(json.smtpPort),
    timeout: numberOrNull(json.timeout),
    enableTls: flag(json.enableTls),
    tlsVersion: text(json.tlsVersion) || 'TLSv1.2',
    enableProxy: flag(json.enableProxy),
    proxyHost: text(json.proxyHost),
    proxyPort: numberOrNull(json.proxyPort),
    proxyUser: text(json.proxyUser),
    proxyPassword: text(json.proxyPassword),
    username: text(json.username),
    changePassword: false,
    password: text(json.password),
  };
}

/** Keeps the wire type of numeric settings: the reference stores "25" and "10000" as strings. */
function sameKind(original: unknown, value: number | null): string | number | null {
  if (value === null) {
    return null;
  }
  return typeof original === 'number' ? value : String(value);
}

/** The settings object to send, with the form's values applied to what the server gave. */
export function mailSettingsWith(
  settings: AdminSettings<MailSettings>,
  values: MailValues,
): AdminSettings<MailSettings> {
  const json = settings.jsonValue;
  const next: MailSettings = {
    ...json,
    mailFrom: values.mailFrom.trim(),
    smtpProtocol: values.smtpProtocol,
    smtpHost: values.smtpHost.trim(),
    smtpPort: sameKind(json.smtpPort, values.smtpPort) ?? '',
    timeout: sameKind(json.timeout, values.timeout) ?? '',
    enableTls: values.enableTls,
    tlsVersion: values.enableTls ? values.tlsVersion : (json.tlsVersion ?? values.tlsVersion),
    enableProxy: values.enableProxy,
    proxyHost: values.enableProxy ? values.proxyHost.trim() : (json.proxyHost ?? null),
    proxyPort: values.enableProxy ? sameKind(json.proxyPort, values.proxyPort) : (json.proxyPort ?? null),
    proxyUser: values.enableProxy ? values.proxyUser : (json.proxyUser ?? null),
    proxyPassword: values.enableProxy ? values.proxyPassword : (json.proxyPassword ?? null),
    username: values.username,
  };
  delete next.showChangePassword;
  if (serverSendsPassword(settings) || values.changePassword) {
    next.password = values.password;
  } else {
    delete next.password;
  }
  return { ...settings, key: 'mail', jsonValue: next };
}

export function isPort(value: number | null): boolean {
  return value !== null && Number.isInteger(value) && value >= 1 && value <= 65535;
}
