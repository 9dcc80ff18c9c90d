import { isJsonObject, type JsonObject } from '@meridian/common';
import { configEnum, configString } from '../../config.js';
import { awsClientConfig, awsErrorText } from './aws-config.js';

/** One way of sending an SMS; `destroy` frees its client. */
export interface SmsSender {
  send(numberTo: string, message: string): Promise<void>;
  destroy(): void;
}

export type SmsProviderConfiguration =
  | { type: 'AWS_SNS'; accessKeyId: string; secretAccessKey: string; region: string }
  | { type: 'TWILIO'; numberFrom: string; accountSid: string; accountToken: string };

/** Reads an SMS provider configuration (the node's own, or the system `sms` settings). */
export function smsProviderConfiguration(raw: unknown, where: string): SmsProviderConfiguration {
  if (!isJsonObject(raw)) throw new Error(`${where} must be an object`);
  const value = raw as JsonObject;
  const type = configEnum(value, 'type', ['AWS_SNS', 'TWILIO'], 'AWS_SNS');
  const text = (key: string) => {
    const found = configString(value, key, '').trim();
    if (found === '') throw new Error(`${where}: '${key}' must not be empty`);
    return found;
  };
  return type === 'AWS_SNS'
    ? {
        type,
        accessKeyId: text('accessKeyId'),
        secretAccessKey: text('secretAccessKey'),
        region: text('region'),
      }
    : {
        type,
        numberFrom: text('numberFrom'),
        accountSid: text('accountSid'),
        accountToken: text('accountToken'),
      };
}

const E164 = /^\+[1-9]\d{1,14}$/;

/** The reference's check of a destination number. */
export function validatePhoneNumber(number: string): string {
  const trimmed = number.trim();
  if (!E164.test(trimmed)) {
    throw new Error(`Invalid phone number format '${trimmed}'. Phone number must be in E.164 format.`);
  }
  return trimmed;
}

export const TWILIO_API_ROOT = 'https://api.twilio.com';

export async function smsSender(
  provider: SmsProviderConfiguration,
  twilioApiRoot: string = TWILIO_API_ROOT,
): Promise<SmsSender> {
  if (provider.type === 'AWS_SNS') {
    const { SNSClient, PublishCommand } = await import('@aws-sdk/client-sns');
    const client = new SNSClient(awsClientConfig(provider));
    return {
      async send(numberTo, message) {
        try {
          await client.send(
            new PublishCommand({
              PhoneNumber: numberTo,
              Message: message,
              MessageAttributes: {
                'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
              },
            }),
          );
        } catch (error) {
          throw new Error(`Failed to send SMS to ${numberTo}: ${awsErrorText(error)}`);
        }
      },
      destroy: () => client.destroy(),
    };
  }
  const { accountSid, accountToken, numberFrom } = provider;
  const url = `${twilioApiRoot}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${accountToken}`).toString('base64')}`;
  return {
    async send(numberTo, message) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ To: numberTo, From: numberFrom, Body: message }).toString(),
          signal: AbortSignal.timeout(30_000),
        });
      } catch (error) {
        const cause = (error as { cause?: { message?: string } }).cause?.message;
        throw new Error(`Failed to send SMS to ${numberTo}: ${cause ?? (error as Error).message}`);
      }
      if (!response.ok) {
        const text = await response.text();
        let detail = text;
        try {
          detail = (JSON.parse(text) as { message?: string }).message ?? text;
        } catch {}
        throw new Error(`Failed to send SMS to ${numberTo}: Twilio answered ${response.status}: ${detail}`);
      }
      await response.body?.cancel();
    },
    destroy() {},
  };
}
