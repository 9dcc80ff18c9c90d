import net, { type AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import type { ApiClient } from './helper.js';

/** One message as the receiver got it: envelope recipients plus the parsed MIME content. */
export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower case. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The SMTP user that authenticated, when the receiver requires authentication. */
  user: string | undefined;
}

interface Waiter {
  to: string;
  resolve(mail: ReceivedMail): void;
}

/**
 * A real SMTP server in the test process on a free loopback port. The server under test sends
 * its mail here over SMTP; tests wait for a message by recipient. A message is recorded before
 * the receiver acknowledges it, so once the server has answered the request that sent a mail,
 * the mail is already in `mails`.
 */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  private readonly consumed = new Set<ReceivedMail>();
  private waiters: Waiter[] = [];

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly auth: { username: string; password: string } | undefined,
  ) {}

  /** Starts a receiver; with `auth` it only accepts mail after AUTH with these credentials. */
  static async start(options: { auth?: { username: string; password: string } } = {}) {
    const { auth } = options;
    let receiver: SmtpReceiver | undefined;
    const server = new SMTPServer({
      secure: false,
      logger: false,
      disableReverseLookup: true,
      disabledCommands: auth ? ['STARTTLS'] : ['AUTH', 'STARTTLS'],
      authOptional: !auth,
      allowInsecureAuth: true,
      closeTimeout: 1000,
      onAuth(credentials, _session, callback) {
        if (auth && credentials.username === auth.username && credentials.password === auth.password) {
          callback(null, { user: credentials.username });
        } else {
          callback(new Error('Invalid username or password'));
        }
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('error', callback);
        stream.on('end', () => {
          PostalMime.parse(Buffer.concat(chunks))
            .then((email) => {
              receiver?.record({
                to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
                from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                subject: email.subject ?? '',
                text: email.text ?? '',
                html: email.html ?? '',
                user: typeof session.user === 'string' ? session.user : undefined,
              });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.server.address() as AddressInfo;
    receiver = new SmtpReceiver(server, port, auth);
    return receiver;
  }

  private record(mail: ReceivedMail): void {
    this.mails.push(mail);
    const waiter = this.waiters.find((w) => mail.to.includes(w.to));
    if (waiter) {
      this.waiters = this.waiters.filter((w) => w !== waiter);
      this.consumed.add(mail);
      waiter.resolve(mail);
    }
  }

  /** Every mail received for the address so far, consumed or not. */
  mailsTo(address: string): ReceivedMail[] {
    const to = address.toLowerCase();
    return this.mails.filter((m) => m.to.includes(to));
  }

  /**
   * Resolves with the oldest mail to `address` not yet returned by an earlier call, waiting for
   * it to arrive when there is none; rejects after `timeoutMs`.
   */
  waitForMail(address: string, timeoutMs = 5000): Promise<ReceivedMail> {
    const to = address.toLowerCase();
    const ready = this.mails.find((m) => !this.consumed.has(m) && m.to.includes(to));
    if (ready) {
      this.consumed.add(ready);
      return Promise.resolve(ready);
    }
    return new Promise<ReceivedMail>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        const seen = this.mails.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'none';
        reject(new Error(`no mail to ${address} within ${timeoutMs} ms (received: ${seen})`));
      }, timeoutMs);
      const waiter: Waiter = {
        to,
        resolve: (mail) => {
          clearTimeout(timer);
          resolve(mail);
        },
      };
      this.waiters.push(waiter);
    });
  }

  /** The `mail` admin settings that make the server send through this receiver. */
  mailSettings(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      mailFrom: 'Meridian <noreply@meridian.test>',
      smtpProtocol: 'smtp',
      smtpHost: '127.0.0.1',
      smtpPort: String(this.port),
      timeout: '10000',
      enableTls: false,
      ...(this.auth ? { username: this.auth.username, password: this.auth.password } : {}),
      ...overrides,
    };
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Points the server's outgoing mail at `settings` through the admin API, as the system administrator. */
export async function configureMail(
  api: ApiClient,
  sysadminToken: string,
  settings: Record<string, unknown>,
): Promise<void> {
  const res = await api.post(
    '/api/admin/settings',
    { key: 'mail', jsonValue: settings },
    { token: sysadminToken },
  );
  if (res.status !== 200) throw new Error(`saving mail settings failed: ${res.status} ${res.text}`);
}

/** A loopback port with nothing listening on it (taken from the OS, then released). */
export async function unusedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
