// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleNodeDefinition } from '../../node.js';
import { nodeHarness, TEST_TENANT_ID, testMsg, usageRecorder } from '../../testing/node-harness.js';
import { type SendSmsConfig, sendSmsNode } from './send-sms.js';

/** No SMS provider here: a local HTTP endpoint stands in for Twilio's API and AWS SNS. */
let server: Server;
let base: string;
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let answer: (url: string, res: ServerResponse) => void = (_u, res) => res.end('{}');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      answer(req.url ?? '', res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The node with Twilio's API at the local endpoint. */
const localTwilio = () =>
  ({
    ...sendSmsNode,
    configure: (raw) => ({ ...(sendSmsNode.configure(raw) as SendSmsConfig), twilioApiRoot: base }),
  }) as RuleNodeDefinition<unknown>;

const TWILIO = { type: 'TWILIO', numberFrom: '+15005550006', accountSid: 'AC123', accountToken: 'tok' };

describe('send sms', () => {
  it("sends one SMS per number through the node's own Twilio account", async () => {
    seen.length = 0;
    answer = (_u, res) => {
      res.statusCode = 201;
      res.end('{"sid":"SM1","status":"queued"}');
    };
    const node = await nodeHarness(
      localTwilio(),
      {
        numbersToTemplate: '${phones}',
        smsMessageTemplate: '${deviceName}: $[temperature] °C',
        useSystemSmsSettings: false,
        smsProviderConfiguration: TWILIO,
      },
      {},
    );
    const msg = testMsg(
      { temperature: 41 },
      { metadata: { deviceName: 'Boiler', phones: '+15551230001, +15551230002' } },
    );
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg).toBe(msg);
    expect(seen.map((s) => s.url)).toEqual([
      '/2010-04-01/Accounts/AC123/Messages.json',
      '/2010-04-01/Accounts/AC123/Messages.json',
    ]);
    expect(seen[0]?.headers.authorization).toBe(`Basic ${Buffer.from('AC123:tok').toString('base64')}`);
    expect(Object.fromEntries(new URLSearchParams(seen[1]?.body))).toEqual({
      To: '+15551230002',
      From: '+15005550006',
      Body: 'Boiler: 41 °C',
    });
  });

  it("counts every SMS sent as the tenant's usage, and sends none once its monthly SMS are spent", async () => {
    seen.length = 0;
    answer = (_u, res) => {
      res.statusCode = 201;
      res.end('{"sid":"SM1","status":"queued"}');
    };
    const config = {
      numbersToTemplate: '${phones}',
      smsMessageTemplate: 'x',
      useSystemSmsSettings: false,
      smsProviderConfiguration: TWILIO,
    };
    const msg = testMsg({}, { metadata: { phones: '+15551230001,+15551230002' } });
    const on = usageRecorder(true);
    await (await nodeHarness(localTwilio(), config, { usage: on.usage })).run(msg);
    expect(on.reported).toEqual([{ tenantId: TEST_TENANT_ID, record: 'SMS_EXEC_COUNT', count: 2 }]);
    const off = usageRecorder(false);
    const refused = await nodeHarness(localTwilio(), config, { usage: off.usage });
    await expect(refused.run(msg)).rejects.toThrow('SMS sending is disabled due to API limits!');
    expect(seen).toHaveLength(2);
    expect(off.reported).toEqual([]);
  });

  it('uses the system SMS settings (AWS SNS) read at send time', async () => {
    seen.length = 0;
    process.env.AWS_ENDPOINT_URL_SNS = base;
    try {
      answer = (_u, res) => {
        res.setHeader('Content-Type', 'text/xml');
        res.end('<PublishResponse><PublishResult><MessageId>m</MessageId></PublishResult></PublishResponse>');
      };
      const node = await nodeHarness(sendSmsNode, sendSmsNode.defaultConfiguration, {
        sms: {
          smsSettings: async () => ({
            type: 'AWS_SNS',
            accessKeyId: 'AKID',
            secretAccessKey: 's',
            region: 'eu-west-1',
          }),
        },
      });
      const [out] = await node.run(
        testMsg({}, { metadata: { userPhone: '+447700900123', deviceName: 'D', temp: '50' } }),
      );
      expect(out?.relations).toEqual(['Success']);
      const form = new URLSearchParams(seen[0]?.body);
      expect(form.get('Action')).toBe('Publish');
      expect(form.get('PhoneNumber')).toBe('+447700900123');
      expect(form.get('Message')).toBe('Device D has high temperature 50');
      expect(form.get('MessageAttributes.entry.1.Name')).toBe('AWS.SNS.SMS.SMSType');
      expect(form.get('MessageAttributes.entry.1.Value.StringValue')).toBe('Transactional');
    } finally {
      delete process.env.AWS_ENDPOINT_URL_SNS;
    }
  });

  it('fails clearly: a bad number, a refusing provider, no system settings', async () => {
    answer = (_u, res) => {
      res.statusCode = 401;
      res.end('{"code":20003,"message":"Authenticate","status":401}');
    };
    const node = await nodeHarness(
      localTwilio(),
      {
        numbersToTemplate: '${userPhone}',
        smsMessageTemplate: 'x',
        useSystemSmsSettings: false,
        smsProviderConfiguration: TWILIO,
      },
      {},
    );
    await expect(node.run(testMsg({}, { metadata: { userPhone: '0777' } }))).rejects.toThrow(
      "Invalid phone number format '0777'. Phone number must be in E.164 format.",
    );
    await expect(node.run(testMsg({}, { metadata: { userPhone: '+15551230001' } }))).rejects.toThrow(
      'Failed to send SMS to +15551230001: Twilio answered 401: Authenticate',
    );
    const unconfigured = await nodeHarness(sendSmsNode, sendSmsNode.defaultConfiguration, {
      sms: {
        smsSettings: async () => {
          throw new Error('SMS provider is not configured');
        },
      },
    });
    await expect(unconfigured.run(testMsg({}, { metadata: { userPhone: '+15551230001' } }))).rejects.toThrow(
      'SMS provider is not configured',
    );
    expect(() =>
      sendSmsNode.configure({
        ...sendSmsNode.defaultConfiguration,
        useSystemSmsSettings: false,
        smsProviderConfiguration: { type: 'TWILIO' },
      }),
    ).toThrow("'smsProviderConfiguration': 'numberFrom' must not be empty");
  });
});
