// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, expectOk, startServer, type TestServer } from './helper.js';
import { configureMail, SmtpReceiver } from './smtp.js';

/**
 * The external nodes inside the running server: a device's telemetry goes through a root chain
 * of rest api call → to email → send email, so the node registry, the engine and the app's
 * services (the system mail and SMS settings) are all the real ones.
 */
let server: TestServer;
let smtp: SmtpReceiver;
let hook: Server;
let hookUrl: string;
const hookRequests: { url: string; body: string }[] = [];
let tenantToken: string;

beforeAll(async () => {
  server = await startServer();
  smtp = await SmtpReceiver.start();
  hook = createServer((req: IncomingMessage, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      hookRequests.push({ url: req.url ?? '', body });
      if (req.url?.startsWith('/hook/')) {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ ...JSON.parse(body), checked: 'yes' }));
      } else {
        // Standing in for AWS SNS.
        res.setHeader('Content-Type', 'text/xml');
        res.end(
          '<PublishResponse><PublishResult><MessageId>sms-1</MessageId></PublishResult></PublishResponse>',
        );
      }
    });
  });
  await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}`;
  const sysadmin = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
  await configureMail(server.api, sysadmin, smtp.mailSettings());
  tenantToken = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
  await smtp?.close();
  hook?.closeAllConnections();
  await new Promise((resolve) => hook?.close(resolve));
});

const ENGINE = 'org.thingsboard.rule.engine';

async function waitFor<T>(find: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    const found = find();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Saves a chain of nodes linked in a line by Success and makes it the tenant's root chain. */
async function rootChainOf(nodes: { type: string; name: string; configuration: Record<string, unknown> }[]) {
  const token = { token: tenantToken };
  const chain = expectOk(
    await server.api.post<{ id: { id: string } }>(
      '/api/ruleChain',
      { name: `external-${Date.now()}` },
      token,
    ),
  );
  expectOk(
    await server.api.post(
      '/api/ruleChain/metadata',
      {
        ruleChainId: { entityType: 'RULE_CHAIN', id: chain.id.id },
        firstNodeIndex: 0,
        nodes,
        connections: nodes
          .slice(1)
          .map((_, index) => ({ fromIndex: index, toIndex: index + 1, type: 'Success' })),
        ruleChainConnections: null,
      },
      token,
    ),
  );
  expectOk(await server.api.post(`/api/ruleChain/${chain.id.id}/root`, {}, token));
}

async function deviceSends(telemetry: Record<string, unknown>): Promise<string> {
  const name = `ext-${randomBytes(3).toString('hex')}`;
  const accessToken = `tok-${randomBytes(6).toString('hex')}`;
  expectOk(await server.api.post(`/api/device?accessToken=${accessToken}`, { name }, { token: tenantToken }));
  expectOk(await server.api.post(`/api/v1/${accessToken}/telemetry`, telemetry));
  return name;
}

describe('external nodes in a root chain', () => {
  it('calls the REST endpoint and mails its answer through the system mail settings', async () => {
    await rootChainOf([
      {
        type: `${ENGINE}.rest.TbRestApiCallNode`,
        name: 'check',
        configuration: {
          restEndpointUrlPattern: `${hookUrl}/hook/\${deviceName}`,
          requestMethod: 'POST',
          headers: { 'Content-Type': 'application/json' },
          readTimeoutMs: 5000,
        },
      },
      {
        type: `${ENGINE}.mail.TbMsgToEmailNode`,
        name: 'to email',
        configuration: {
          fromTemplate: 'alerts@meridian.test',
          toTemplate: 'ops@example.com',
          subjectTemplate: 'Reading of ${deviceName}',
          bodyTemplate: 'temperature $[temperature], checked $[checked]',
          isHtml: false,
        },
      },
      {
        type: `${ENGINE}.mail.TbSendEmailNode`,
        name: 'send',
        configuration: { useSystemSmtpSettings: true },
      },
    ]);
    const name = await deviceSends({ temperature: 33 });

    const call = await waitFor(() => hookRequests.find((r) => r.url === `/hook/${name}`), 'the REST call');
    expect(JSON.parse(call.body)).toEqual({ temperature: 33 });
    // The chain also sees the device's creation event; the telemetry's mail is the one named after it.
    const mail = await waitFor(
      () => smtp.mailsTo('ops@example.com').find((m) => m.subject === `Reading of ${name}`),
      'the mail',
    );
    expect(mail.from).toBe('alerts@meridian.test');
    expect(mail.text.trim()).toBe('temperature 33, checked yes');
  });

  it('sends an SMS through the system SMS settings (AWS SNS at a local endpoint)', async () => {
    const sysadmin = (await server.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password)).token;
    expectOk(
      await server.api.post(
        '/api/admin/settings',
        {
          key: 'sms',
          jsonValue: { type: 'AWS_SNS', accessKeyId: 'AKID', secretAccessKey: 'secret', region: 'eu-west-1' },
        },
        { token: sysadmin },
      ),
    );
    // The server runs in this process: the SDK reads the endpoint override from its environment.
    process.env.AWS_ENDPOINT_URL_SNS = hookUrl;
    try {
      await rootChainOf([
        {
          type: `${ENGINE}.sms.TbSendSmsNode`,
          name: 'sms',
          configuration: {
            numbersToTemplate: '+15551230001',
            smsMessageTemplate: '${deviceName} reads $[temperature]',
            useSystemSmsSettings: true,
          },
        },
      ]);
      const name = await deviceSends({ temperature: 7 });
      const sms = await waitFor(
        () =>
          hookRequests
            .map((r) => new URLSearchParams(r.body))
            .find((form) => form.get('Action') === 'Publish' && form.get('Message') === `${name} reads 7`),
        'the SMS publish',
      );
      expect(sms.get('PhoneNumber')).toBe('+15551230001');
    } finally {
      delete process.env.AWS_ENDPOINT_URL_SNS;
    }
  });
});
