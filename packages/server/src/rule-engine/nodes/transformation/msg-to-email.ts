// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { configBoolean, configString } from '../../config.js';
import { flag, nodeConfigSchema, text } from '../../config-schema.js';
import { changeMsg, type RuleMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';

/** The message type the send email node takes. */
export const SEND_EMAIL_TYPE = 'SEND_EMAIL';

interface ToEmailConfig {
  fromTemplate: string;
  toTemplate: string;
  ccTemplate: string;
  bccTemplate: string;
  subjectTemplate: string;
  bodyTemplate: string;
  isHtml: boolean;
}

/** Inline images of the email: metadata `images`, a JSON object of content id → data. */
function imagesOf(msg: RuleMsg): Record<string, string> | null {
  const text = msg.metadata.images;
  if (text === undefined || text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error("Metadata 'images' is not valid JSON");
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error("Metadata 'images' must be a JSON object");
  }
  return Object.fromEntries(Object.entries(parsed).map(([key, value]) => [key, String(value)]));
}

export const msgToEmailNode = defineNode<ToEmailConfig>({
  clazz: 'org.thingsboard.rule.engine.mail.TbMsgToEmailNode',
  type: 'TRANSFORMATION',
  name: 'to email',
  description: 'Transforms message to email message',
  details:
    'Builds an email from the templates: <code>${metadataKey}</code> takes a metadata value and ' +
    '<code>$[dataKey]</code> a value of the message data. The result is a message of type ' +
    '<code>SEND_EMAIL</code> whose data is the email, for the send email node.',
  relationTypes: ['Success'],
  configDirective: 'tbTransformationNodeToEmailConfig',
  defaultConfiguration: {
    fromTemplate: 'info@testmail.org',
    toTemplate: '${userEmail}',
    subjectTemplate: 'Device ${deviceType} temperature high',
    bodyTemplate: 'Device ${deviceName} has high temperature ${temp}',
    isHtml: false,
  },
  configurationSchema: nodeConfigSchema(
    {
      fromTemplate: text('From Template'),
      toTemplate: text('To Template', { description: 'Comma separated address list' }),
      ccTemplate: text('Cc Template'),
      bccTemplate: text('Bcc Template'),
      subjectTemplate: text('Subject Template'),
      bodyTemplate: text('Body Template'),
      isHtml: flag('Is HTML'),
    },
    ['fromTemplate', 'toTemplate', 'subjectTemplate', 'bodyTemplate'],
  ),
  configure(raw) {
    const config = {
      fromTemplate: configString(raw, 'fromTemplate', ''),
      toTemplate: configString(raw, 'toTemplate', ''),
      ccTemplate: configString(raw, 'ccTemplate', ''),
      bccTemplate: configString(raw, 'bccTemplate', ''),
      subjectTemplate: configString(raw, 'subjectTemplate', ''),
      bodyTemplate: configString(raw, 'bodyTemplate', ''),
      // Lombok names the reference's `isHtml` flag `html` when it writes it out: read either.
      isHtml: configBoolean(raw, 'isHtml', configBoolean(raw, 'html', false)),
    };
    for (const key of ['fromTemplate', 'toTemplate', 'subjectTemplate', 'bodyTemplate'] as const) {
      if (config[key].trim() === '') throw new RuleNodeConfigError(`'${key}' must not be empty`);
    }
    return config;
  },
  create: (config) => ({
    onMsg(msg) {
      const optional = (template: string) => (template.trim() === '' ? null : processPattern(template, msg));
      // The reference's TbEmail, in its field order.
      const email = {
        from: processPattern(config.fromTemplate, msg),
        to: processPattern(config.toTemplate, msg),
        cc: optional(config.ccTemplate),
        bcc: optional(config.bccTemplate),
        subject: processPattern(config.subjectTemplate, msg),
        body: processPattern(config.bodyTemplate, msg),
        images: imagesOf(msg),
        html: config.isHtml,
      };
      const emailMsg = changeMsg(msg, {
        type: SEND_EMAIL_TYPE,
        dataType: 'JSON',
        data: JSON.stringify(email),
      });
      return { msg: emailMsg, relations: ['Success'] };
    },
  }),
});
