import type { SecureVersion } from 'node:tls';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { ApiError } from '../http/api-error.js';

/** The outgoing-mail admin settings as the reference stores them (numbers as strings included). */
export interface MailSettings {
  mailFrom: string;
  smtpProtocol?: 'smtp' | 'smtps' | string;
  smtpHost: string;
  smtpPort: string | number;
  timeout?: string | number;
  enableTls?: boolean;
  tlsVersion?: string;
  username?: string;
  password?: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Sends mail over SMTP with the settings given at send time, so a change of the outgoing-mail
 * settings applies to the next mail without a restart. Failures become the reference's
 * "Unable to send mail" error (code 2).
 */
export async function sendMail(settings: MailSettings, message: MailMessage): Promise<void> {
  // Loaded on the first mail: most servers send mail rarely, and the module holds ~3 MB of heap.
  const { default: nodemailer } = await import('nodemailer');
  const transport = nodemailer.createTransport(smtpTransportOptions(settings));
  try {
    await transport.sendMail({ from: settings.mailFrom, ...message });
  } catch (error) {
    throw new ApiError(
      2,
      `Unable to send mail: ${error instanceof Error ? error.message : String(error)}`,
      500,
    );
  } finally {
    transport.close();
  }
}

/** nodemailer SMTP options of mail settings (also used by the send email rule node). */
export function smtpTransportOptions(settings: MailSettings): SMTPTransport.Options {
  const timeout = Number(settings.timeout ?? 10000) || 10000;
  return {
    host: settings.smtpHost,
    port: Number(settings.smtpPort),
    secure: settings.smtpProtocol === 'smtps',
    requireTLS: settings.enableTls === true,
    ignoreTLS: settings.enableTls !== true && settings.smtpProtocol !== 'smtps',
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    // The settings name the lowest TLS version to accept (the reference's `tlsVersion`).
    ...(settings.tlsVersion ? { tls: { minVersion: settings.tlsVersion as SecureVersion } } : {}),
    ...(settings.username ? { auth: { user: settings.username, pass: settings.password ?? '' } } : {}),
  };
}
