import type { JsonObject } from '@meridian/common';
import type { SendMailOptions } from 'nodemailer';
import type { MailSettings } from '../../../mail/mailer.js';
import { smtpTransportOptions } from '../../../mail/mailer.js';
import { configBoolean, configEnum, configInteger, configString } from '../../config.js';
import { choice, flag, integer, nodeConfigSchema, PROXY_PROPERTIES, text } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { SEND_EMAIL_TYPE } from '../transformation/msg-to-email.js';

export interface SendEmailConfig {
  useSystemSmtpSettings: boolean;
  /** The node's own server, when it does not use the system's. */
  smtp: MailSettings & { proxy?: string };
}

/** The email the "to email" node builds (the reference's TbEmail). */
interface Email {
  from: string | null;
  to: string;
  cc: string | null;
  bcc: string | null;
  subject: string;
  body: string;
  html: boolean;
  /** Inline images: content id → data URI (`data:image/png;base64,...`). */
  images: Record<string, string> | null;
}

function optionalText(email: Record<string, unknown>, key: string): string | null {
  const value = email[key];
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string') throw new Error(`Email '${key}' must be a string`);
  return value;
}

function emailOf(msg: RuleMsg): Email {
  if (msg.type !== SEND_EMAIL_TYPE) {
    throw new Error(`Not expected msg type ${msg.type} for SendEmail Node`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(msg.data);
  } catch {
    throw new Error('Email message data is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('Email message data must be a JSON object');
  }
  const email = parsed as Record<string, unknown>;
  const to = optionalText(email, 'to');
  if (to === null) throw new Error("Email 'to' is missing");
  const images = email.images;
  if (images !== undefined && images !== null && (typeof images !== 'object' || Array.isArray(images))) {
    throw new Error("Email 'images' must be an object of content id to data URI");
  }
  return {
    from: optionalText(email, 'from'),
    to,
    cc: optionalText(email, 'cc'),
    bcc: optionalText(email, 'bcc'),
    subject: optionalText(email, 'subject') ?? '',
    body: optionalText(email, 'body') ?? '',
    html: email.html === true || email.html === 'true',
    images: (images as Record<string, string> | null | undefined) ?? null,
  };
}

/** Recipients as the reference splits them: a comma-separated list. */
const addresses = (list: string) =>
  list
    .split(',')
    .map((address) => address.trim())
    .filter((address) => address !== '');

const DATA_URI = /^data:([^;,]+);base64,(.*)$/s;

function mailOptions(email: Email, defaultFrom: string | undefined): SendMailOptions {
  const from = email.from ?? defaultFrom;
  if (!from) throw new Error("Email 'from' is missing");
  const attachments = Object.entries(email.images ?? {}).map(([cid, uri]) => {
    const match = typeof uri === 'string' ? DATA_URI.exec(uri) : null;
    if (!match) throw new Error(`Email image '${cid}' must be a base64 data URI`);
    return { cid, filename: cid, contentType: match[1], content: Buffer.from(match[2] ?? '', 'base64') };
  });
  return {
    from,
    to: addresses(email.to),
    ...(email.cc ? { cc: addresses(email.cc) } : {}),
    ...(email.bcc ? { bcc: addresses(email.bcc) } : {}),
    subject: email.subject,
    ...(email.html ? { html: email.body } : { text: email.body }),
    ...(attachments.length > 0 ? { attachments } : {}),
  };
}

const TLS_VERSIONS = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];

function proxyOf(raw: JsonObject): string | undefined {
  if (!configBoolean(raw, 'enableProxy', false)) return undefined;
  const host = configString(raw, 'proxyHost', '').trim();
  if (host === '') throw new RuleNodeConfigError("Proxy host can't be empty");
  const port = configInteger(raw, 'proxyPort', 0);
  if (port <= 0 || port > 65535) throw new RuleNodeConfigError(`Proxy port out of range:${port}`);
  const user = configString(raw, 'proxyUser', '');
  const password = configString(raw, 'proxyPassword', '');
  const auth = user !== '' ? `${encodeURIComponent(user)}:${encodeURIComponent(password)}@` : '';
  return `http://${auth}${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/**
 * Sends the email the "to email" node built (message type SEND_EMAIL) over SMTP, through the
 * system's outgoing-mail settings or the node's own server (reference TbSendEmailNode). The
 * message goes on unchanged with Success once the server accepted the mail.
 */
export const sendEmailNode = defineNode<SendEmailConfig>({
  clazz: 'org.thingsboard.rule.engine.mail.TbSendEmailNode',
  type: 'EXTERNAL',
  name: 'send email',
  description: 'Sends email message via SMTP server.',
  details:
    'Expects messages with <b>SEND_EMAIL</b> type. Node works only with messages that were transformed ' +
    'by the <code>to email</code> transformation node; it connects to the configured SMTP server and sends the email.',
  relationTypes: ['Success'],
  icon: 'send',
  configDirective: 'tbActionNodeSendEmailConfig',
  defaultConfiguration: {
    useSystemSmtpSettings: true,
    smtpHost: 'localhost',
    smtpPort: 25,
    smtpProtocol: 'smtp',
    timeout: 10000,
    enableTls: false,
    tlsVersion: 'TLSv1.2',
    enableProxy: false,
  },
  configurationSchema: nodeConfigSchema({
    useSystemSmtpSettings: flag('Use system SMTP settings'),
    smtpProtocol: choice('Protocol', ['smtp', 'smtps'], ['SMTP', 'SMTPS']),
    smtpHost: text('SMTP host'),
    smtpPort: integer('SMTP port', { minimum: 1, maximum: 65535 }),
    timeout: integer('Timeout ms', { minimum: 0 }),
    enableTls: flag('Enable TLS'),
    tlsVersion: choice('TLS version', TLS_VERSIONS, TLS_VERSIONS),
    username: text('Username'),
    password: text('Password'),
    ...PROXY_PROPERTIES,
  }),
  configure(raw) {
    const useSystemSmtpSettings = configBoolean(raw, 'useSystemSmtpSettings', true);
    const smtpHost = configString(raw, 'smtpHost', 'localhost').trim();
    const smtpPort = configInteger(raw, 'smtpPort', 25);
    const timeout = configInteger(raw, 'timeout', 10000);
    if (!useSystemSmtpSettings) {
      if (smtpHost === '') throw new RuleNodeConfigError("'smtpHost' must not be empty");
      if (smtpPort < 1 || smtpPort > 65535)
        throw new RuleNodeConfigError("'smtpPort' must be between 1 and 65535");
      if (timeout < 1) throw new RuleNodeConfigError("'timeout' must be greater than 0");
    }
    const proxy = proxyOf(raw);
    return {
      useSystemSmtpSettings,
      smtp: {
        // The node's own server has no sender address: the email names it.
        mailFrom: '',
        smtpHost,
        smtpPort,
        smtpProtocol: configEnum(raw, 'smtpProtocol', ['smtp', 'smtps'], 'smtp'),
        timeout,
        enableTls: configBoolean(raw, 'enableTls', false),
        tlsVersion: configEnum(raw, 'tlsVersion', TLS_VERSIONS, 'TLSv1.2'),
        username: configString(raw, 'username', ''),
        password: configString(raw, 'password', ''),
        ...(proxy ? { proxy } : {}),
      },
    };
  },
  create(config, { services, self }) {
    return {
      async onMsg(msg) {
        if (!services.usage.enabled(self.tenantId, 'EMAIL'))
          throw new Error('Email sending is disabled due to API limits!');
        const email = emailOf(msg);
        // The system settings are read per mail, so a change applies without restarting chains.
        const settings = config.useSystemSmtpSettings ? await services.mail.mailSettings() : config.smtp;
        const options = mailOptions(email, settings.mailFrom || undefined);
        const { default: nodemailer } = await import('nodemailer');
        const proxy = config.useSystemSmtpSettings ? undefined : config.smtp.proxy;
        const transport = nodemailer.createTransport({
          ...smtpTransportOptions(settings),
          ...(proxy ? { proxy } : {}),
        });
        try {
          await transport.sendMail(options);
          services.usage.report(self.tenantId, 'EMAIL_EXEC_COUNT');
        } catch (error) {
          throw new Error(`Unable to send mail: ${error instanceof Error ? error.message : String(error)}`);
        } finally {
          transport.close();
        }
        return { msg, relations: ['Success'] };
      },
    };
  },
});
