import { createServer } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import PostalMime, { type Email } from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailSettings } from '../../../mail/mailer.js';
import { changeMsg } from '../../message.js';
import { nodeHarness, TEST_TENANT_ID, testMsg, usageRecorder } from '../../testing/node-harness.js';
import { sendEmailNode } from './send-email.js';

interface Received {
  from: string;
  rcptTo: string[];
  user: string | undefined;
  parsed: Email;
}

/** A real SMTP server on a loopback port that requires AUTH, recording what it accepts. */
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    secure: false,
    logger: false,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(credentials, _session, callback) {
      if (credentials.username === 'mailer' && credentials.password === 'pw')
        callback(null, { user: 'mailer' });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks)).then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            rcptTo: session.envelope.rcptTo.map((a) => a.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            parsed,
          });
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

const systemSettings = (): MailSettings => ({
  mailFrom: 'Meridian <noreply@meridian.test>',
  smtpProtocol: 'smtp',
  smtpHost: '127.0.0.1',
  smtpPort: String(port),
  timeout: '5000',
  enableTls: false,
  username: 'mailer',
  password: 'pw',
});

function emailMsg(email: Record<string, unknown>) {
  return changeMsg(testMsg({}), { type: 'SEND_EMAIL', data: JSON.stringify(email) });
}

describe('send email', () => {
  it('sends through the system mail settings, with cc, bcc and inline images', async () => {
    received.length = 0;
    const node = await nodeHarness(sendEmailNode, sendEmailNode.defaultConfiguration, {
      mail: { mailSettings: async () => systemSettings() },
    });
    const msg = emailMsg({
      from: 'alerts@meridian.test',
      to: 'ops@example.com, oncall@example.com',
      cc: 'boss@example.com',
      bcc: 'audit@example.com',
      subject: 'High temperature',
      body: '<p>42 °C</p><img src="cid:logo">',
      html: true,
      images: { logo: 'data:image/png;base64,iVBORw0KGgo=' },
    });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg).toBe(msg);
    const [mail] = received;
    expect(mail?.user).toBe('mailer');
    expect(mail?.from).toBe('alerts@meridian.test');
    expect(mail?.rcptTo.sort()).toEqual(
      ['audit@example.com', 'boss@example.com', 'ops@example.com', 'oncall@example.com'].sort(),
    );
    expect(mail?.parsed.subject).toBe('High temperature');
    expect(mail?.parsed.html).toContain('<p>42 °C</p>');
    expect(mail?.parsed.cc?.map((a) => a.address)).toEqual(['boss@example.com']);
    expect(mail?.parsed.attachments[0]).toMatchObject({ contentId: '<logo>', mimeType: 'image/png' });
  });

  it("counts each mail as the tenant's usage, and sends none once its monthly emails are spent", async () => {
    received.length = 0;
    const email = emailMsg({ to: 'ops@example.com', subject: 'Counted', body: 'x' });
    const on = usageRecorder(true);
    const node = await nodeHarness(sendEmailNode, sendEmailNode.defaultConfiguration, {
      mail: { mailSettings: async () => systemSettings() },
      usage: on.usage,
    });
    await node.run(email);
    expect(on.reported).toEqual([{ tenantId: TEST_TENANT_ID, record: 'EMAIL_EXEC_COUNT', count: 1 }]);
    const off = usageRecorder(false);
    const refused = await nodeHarness(sendEmailNode, sendEmailNode.defaultConfiguration, {
      mail: { mailSettings: async () => systemSettings() },
      usage: off.usage,
    });
    await expect(refused.run(email)).rejects.toThrow('Email sending is disabled due to API limits!');
    expect(off.reported).toEqual([]);
    expect(received).toHaveLength(1);
  });

  it("sends through the node's own server; the system's sender fills a missing from", async () => {
    received.length = 0;
    const own = await nodeHarness(
      sendEmailNode,
      {
        useSystemSmtpSettings: false,
        smtpHost: '127.0.0.1',
        smtpPort: String(port),
        username: 'mailer',
        password: 'pw',
        timeout: 5000,
      },
      {},
    );
    await own.run(
      emailMsg({ from: 'node@meridian.test', to: 'a@example.com', subject: 's', body: 'plain text' }),
    );
    expect(received[0]).toMatchObject({ from: 'node@meridian.test', rcptTo: ['a@example.com'] });
    expect(received[0]?.parsed.text?.trim()).toBe('plain text');

    const system = await nodeHarness(
      sendEmailNode,
      { useSystemSmtpSettings: true },
      {
        mail: { mailSettings: async () => systemSettings() },
      },
    );
    await system.run(emailMsg({ to: 'b@example.com', subject: 's', body: 'b' }));
    expect(received[1]?.from).toBe('noreply@meridian.test');
  });

  it("reaches the node's own server through an HTTP CONNECT proxy", async () => {
    received.length = 0;
    const tunnels: string[] = [];
    const proxy = createServer();
    proxy.on('connect', (req, client, head) => {
      tunnels.push(`${req.url} ${req.headers['proxy-authorization'] ?? ''}`);
      const [host, targetPort] = (req.url ?? '').split(':');
      const upstream = connect(Number(targetPort), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client).pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    const node = await nodeHarness(
      sendEmailNode,
      {
        useSystemSmtpSettings: false,
        smtpHost: '127.0.0.1',
        smtpPort: port,
        username: 'mailer',
        password: 'pw',
        enableProxy: true,
        proxyHost: '127.0.0.1',
        proxyPort: (proxy.address() as AddressInfo).port,
        proxyUser: 'pu',
        proxyPassword: 'pp',
      },
      {},
    );
    const [out] = await node.run(
      emailMsg({ from: 'a@meridian.test', to: 'via-proxy@example.com', subject: 'p', body: 'b' }),
    );
    expect(out?.relations).toEqual(['Success']);
    expect(received[0]?.rcptTo).toEqual(['via-proxy@example.com']);
    expect(tunnels).toEqual([`127.0.0.1:${port} Basic ${Buffer.from('pu:pp').toString('base64')}`]);
    proxy.closeAllConnections();
    await new Promise((resolve) => proxy.close(resolve));
  });

  it('fails clearly: wrong message type, bad email, refused login, no server, no system settings', async () => {
    const node = await nodeHarness(
      sendEmailNode,
      { useSystemSmtpSettings: true },
      {
        mail: { mailSettings: async () => systemSettings() },
      },
    );
    await expect(node.run(testMsg({ to: 'x@example.com' }))).rejects.toThrow(
      'Not expected msg type POST_TELEMETRY_REQUEST for SendEmail Node',
    );
    await expect(node.run(emailMsg({ subject: 'no recipient' }))).rejects.toThrow("Email 'to' is missing");
    await expect(
      node.run(emailMsg({ to: 'x@example.com', images: { logo: 'not a data uri' } })),
    ).rejects.toThrow("Email image 'logo' must be a base64 data URI");

    const badLogin = await nodeHarness(
      sendEmailNode,
      {
        useSystemSmtpSettings: false,
        smtpHost: '127.0.0.1',
        smtpPort: port,
        username: 'mailer',
        password: 'nope',
      },
      {},
    );
    await expect(badLogin.run(emailMsg({ from: 'a@b.c', to: 'x@example.com' }))).rejects.toThrow(
      /^Unable to send mail: Invalid login/,
    );

    const closed = await nodeHarness(
      sendEmailNode,
      { useSystemSmtpSettings: false, smtpHost: '127.0.0.1', smtpPort: 1, timeout: 2000 },
      {},
    );
    await expect(closed.run(emailMsg({ from: 'a@b.c', to: 'x@example.com' }))).rejects.toThrow(
      /^Unable to send mail: .*ECONNREFUSED/,
    );

    const unconfigured = await nodeHarness(
      sendEmailNode,
      {},
      {
        mail: {
          mailSettings: async () => {
            throw new Error('Outgoing mail is not configured');
          },
        },
      },
    );
    await expect(unconfigured.run(emailMsg({ to: 'x@example.com' }))).rejects.toThrow(
      'Outgoing mail is not configured',
    );
  });

  it('refuses a custom server it cannot use', () => {
    expect(() => sendEmailNode.configure({ useSystemSmtpSettings: false, smtpHost: '' })).toThrow(
      "'smtpHost' must not be empty",
    );
    expect(() => sendEmailNode.configure({ useSystemSmtpSettings: false, smtpProtocol: 'pop3' })).toThrow(
      "'smtpProtocol' must be one of smtp, smtps",
    );
    expect(() => sendEmailNode.configure({ enableProxy: true, proxyHost: 'p', proxyPort: 0 })).toThrow(
      'Proxy port out of range:0',
    );
  });
});
