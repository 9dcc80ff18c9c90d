// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { configBoolean, configObject, configString } from '../../config.js';
import { choice, flag, nodeConfigSchema, text } from '../../config-schema.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import {
  type SmsProviderConfiguration,
  type SmsSender,
  smsProviderConfiguration,
  smsSender,
  TWILIO_API_ROOT,
  validatePhoneNumber,
} from './sms-senders.js';

export interface SendSmsConfig {
  numbersToTemplate: string;
  smsMessageTemplate: string;
  /** The node's own provider; absent when it uses the system's SMS settings. */
  provider: SmsProviderConfiguration | undefined;
  /** Where Twilio's API is (tests point it at a local endpoint). */
  twilioApiRoot: string;
}

/**
 * Sends an SMS made from the message to each number of a comma-separated list made from the
 * message (reference TbSendSmsNode), through the system's SMS provider or the node's own (AWS SNS
 * or Twilio). The message goes on unchanged once every SMS was accepted.
 */
export const sendSmsNode = defineNode<SendSmsConfig>({
  clazz: 'org.thingsboard.rule.engine.sms.TbSendSmsNode',
  type: 'EXTERNAL',
  name: 'send sms',
  description: 'Sends SMS message via SMS provider.',
  details:
    'Will send SMS message by populating target phone numbers and sms message fields using values derived ' +
    'from message metadata and data: <code>${metadataKey}</code> and <code>$[dataKey]</code>.',
  relationTypes: ['Success'],
  icon: 'sms',
  configDirective: 'tbActionNodeSendSmsConfig',
  defaultConfiguration: {
    numbersToTemplate: '${userPhone}',
    smsMessageTemplate: 'Device ${deviceName} has high temperature ${temp}',
    useSystemSmsSettings: true,
  },
  configurationSchema: nodeConfigSchema(
    {
      numbersToTemplate: text('Phone Numbers To Template', { description: 'Comma separated phone numbers' }),
      smsMessageTemplate: text('SMS message Template'),
      useSystemSmsSettings: flag('Use system SMS provider settings'),
      smsProviderConfiguration: {
        type: ['object', 'null'],
        title: 'SMS provider configuration',
        properties: {
          type: choice('SMS provider type', ['AWS_SNS', 'TWILIO'], ['Amazon SNS', 'Twilio']),
          accessKeyId: text('AWS Access Key ID'),
          secretAccessKey: text('AWS Secret Access Key'),
          region: text('AWS region'),
          numberFrom: text('Phone Number From'),
          accountSid: text('Twilio Account SID'),
          accountToken: text('Twilio Account Token'),
        },
      },
    },
    ['numbersToTemplate', 'smsMessageTemplate'],
  ),
  configure(raw) {
    const numbersToTemplate = configString(raw, 'numbersToTemplate', '').trim();
    const smsMessageTemplate = configString(raw, 'smsMessageTemplate', '');
    if (numbersToTemplate === '') throw new RuleNodeConfigError("'numbersToTemplate' must not be empty");
    if (smsMessageTemplate.trim() === '')
      throw new RuleNodeConfigError("'smsMessageTemplate' must not be empty");
    let provider: SmsProviderConfiguration | undefined;
    if (!configBoolean(raw, 'useSystemSmsSettings', true)) {
      try {
        provider = smsProviderConfiguration(
          configObject(raw, 'smsProviderConfiguration'),
          "'smsProviderConfiguration'",
        );
      } catch (error) {
        throw new RuleNodeConfigError((error as Error).message);
      }
    }
    return { numbersToTemplate, smsMessageTemplate, provider, twilioApiRoot: TWILIO_API_ROOT };
  },
  async create(config, { services, self }) {
    const own: SmsSender | undefined = config.provider
      ? await smsSender(config.provider, config.twilioApiRoot)
      : undefined;
    return {
      async onMsg(msg) {
        if (!services.usage.enabled(self.tenantId, 'SMS'))
          throw new Error('SMS sending is disabled due to API limits!');
        const numbers = processPattern(config.numbersToTemplate, msg)
          .split(',')
          .filter((number) => number.trim() !== '')
          .map(validatePhoneNumber);
        if (numbers.length === 0) throw new Error('No phone numbers to send the SMS to');
        const text = processPattern(config.smsMessageTemplate, msg);
        // The system settings are read per message, so a change applies without restarting chains.
        const sender =
          own ??
          (await smsSender(
            smsProviderConfiguration(await services.sms.smsSettings(), 'The system SMS settings'),
            config.twilioApiRoot,
          ));
        let sent = 0;
        try {
          for (const number of numbers) {
            await sender.send(number, text);
            sent++;
          }
        } finally {
          // Every SMS the provider accepted counts, also when a later one failed.
          if (sent > 0) services.usage.report(self.tenantId, 'SMS_EXEC_COUNT', sent);
          if (sender !== own) sender.destroy();
        }
        return { msg, relations: ['Success'] };
      },
      destroy() {
        own?.destroy();
      },
    };
  },
});
