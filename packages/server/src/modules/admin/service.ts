import { createDefaultSecuritySettings, DEFAULT_GENERAL_SETTINGS } from '@meridian/common';
import type { FastifyRequest } from 'fastify';
import type { PasswordPolicy } from '../../auth/passwords.js';
import { badRequest, notFound } from '../../http/api-error.js';
import { type MailMessage, type MailSettings, sendMail } from '../../mail/mailer.js';
import { testMail } from '../../mail/templates.js';
import { mailLinkBase } from './mail-link-base.js';
import type { AdminSettingsRepo, AdminSettingsRow } from './repo.js';

export interface SecuritySettings {
  passwordPolicy: PasswordPolicy;
  maxFailedLoginAttempts: number | null;
  userLockoutNotificationEmail: string | null;
}

export interface GeneralSettings {
  baseUrl: string;
  prohibitDifferentUrl: boolean;
}

/** Keys an administrator may read and write through /api/admin/settings. */
const PUBLIC_KEYS = new Set(['general', 'mail', 'sms']);

/** No stored policy means the reference's default: at least 6 characters, no lockout. */
const defaultSecuritySettings = (): SecuritySettings => createDefaultSecuritySettings();

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function requireString(value: Record<string, unknown>, field: string): void {
  const v = value[field];
  if (typeof v !== 'string' && typeof v !== 'number')
    throw badRequest(`Invalid request: field 'jsonValue.${field}' is required`);
  if (String(v).trim() === '') throw badRequest(`Invalid request: field 'jsonValue.${field}' can't be empty`);
}

export function wireAdminSettings(row: AdminSettingsRow) {
  const jsonValue = isRecord(row.jsonValue) ? { ...row.jsonValue } : row.jsonValue;
  // The mail password never leaves the server.
  if (row.key === 'mail' && isRecord(jsonValue)) delete jsonValue.password;
  return { id: { id: row.id }, createdTime: row.createdTime, key: row.key, jsonValue };
}

export class AdminService {
  constructor(private readonly repo: AdminSettingsRepo) {}

  async getSettings(key: string) {
    const row = PUBLIC_KEYS.has(key) ? await this.repo.find(key) : undefined;
    if (!row) throw notFound();
    return wireAdminSettings(row);
  }

  async saveSettings(key: string, jsonValue: Record<string, unknown>) {
    if (!PUBLIC_KEYS.has(key)) throw badRequest(`Invalid request: unknown settings key '${key}'`);
    const value = { ...jsonValue };
    if (key === 'general') {
      requireString(value, 'baseUrl');
      try {
        new URL(String(value.baseUrl));
      } catch {
        throw badRequest(`Invalid request: field 'jsonValue.baseUrl' must be an absolute URL`);
      }
    }
    if (key === 'mail') {
      for (const field of ['mailFrom', 'smtpHost', 'smtpPort']) requireString(value, field);
      if (!('password' in value)) {
        // The console never sees the stored password; saving without one keeps it.
        const stored = await this.repo.find('mail');
        if (isRecord(stored?.jsonValue) && typeof stored.jsonValue.password === 'string') {
          value.password = stored.jsonValue.password;
        }
      }
    }
    return wireAdminSettings(await this.repo.save(key, value));
  }

  async securitySettings(): Promise<SecuritySettings> {
    const row = await this.repo.find('securitySettings');
    if (!isRecord(row?.jsonValue)) return defaultSecuritySettings();
    return { ...defaultSecuritySettings(), ...(row.jsonValue as Partial<SecuritySettings>) };
  }

  async saveSecuritySettings(settings: SecuritySettings): Promise<SecuritySettings> {
    const value: SecuritySettings = {
      passwordPolicy: settings.passwordPolicy,
      maxFailedLoginAttempts: settings.maxFailedLoginAttempts ?? null,
      userLockoutNotificationEmail: settings.userLockoutNotificationEmail || null,
    };
    await this.repo.save('securitySettings', value);
    return value;
  }

  async mailSettings(): Promise<MailSettings> {
    const row = await this.repo.find('mail');
    if (!isRecord(row?.jsonValue)) throw badRequest('Outgoing mail is not configured');
    return row.jsonValue as unknown as MailSettings;
  }

  /** The system SMS provider settings (`sms` key), for the send sms rule node. */
  async smsSettings(): Promise<Record<string, unknown>> {
    const row = await this.repo.find('sms');
    if (!isRecord(row?.jsonValue)) throw badRequest('SMS provider is not configured');
    return row.jsonValue;
  }

  async sendMail(message: MailMessage): Promise<void> {
    await sendMail(await this.mailSettings(), message);
  }

  /**
   * Reads the outgoing-mail settings now and returns a sender that only talks SMTP, for mail sent
   * inside a transaction: on the embedded store the transaction holds the only connection, so a
   * settings query made from inside it would wait forever.
   */
  async mailSender(): Promise<(message: MailMessage) => Promise<void>> {
    const settings = await this.mailSettings();
    return (message) => sendMail(settings, message);
  }

  /** Sends a test mail with the given (unsaved) settings to the administrator who asked. */
  async sendTestMail(jsonValue: Record<string, unknown>, to: string): Promise<void> {
    for (const field of ['mailFrom', 'smtpHost', 'smtpPort']) requireString(jsonValue, field);
    const settings = { ...jsonValue } as unknown as MailSettings;
    if (settings.password === undefined)
      settings.password = (await this.mailSettings().catch(() => undefined))?.password;
    await sendMail(settings, testMail(to));
  }

  async general(): Promise<GeneralSettings> {
    const row = await this.repo.find('general');
    const value = isRecord(row?.jsonValue) ? row.jsonValue : {};
    return {
      baseUrl: typeof value.baseUrl === 'string' ? value.baseUrl : DEFAULT_GENERAL_SETTINGS.baseUrl,
      // Only an explicit false lets the request's host into links (decision 0019).
      prohibitDifferentUrl: value.prohibitDifferentUrl !== false,
    };
  }

  /** The base URL for links in mails and the activation link (see mailLinkBase). */
  async baseUrl(request: FastifyRequest): Promise<string> {
    return mailLinkBase(await this.general(), request);
  }

  /** The internal JWT signing key, created on first use when none is configured. */
  async jwtSigningKey(generate: () => string): Promise<string> {
    const row = await this.repo.find('jwt');
    if (isRecord(row?.jsonValue) && typeof row.jsonValue.signingKey === 'string')
      return row.jsonValue.signingKey;
    const signingKey = generate();
    await this.repo.save('jwt', { signingKey });
    return signingKey;
  }
}
