import type {
  AdminSettings,
  Authority,
  GeneralSettings,
  MailSettings,
  SecuritySettings,
  User,
} from '@meridian/common';
import { accessToken, refreshToken } from './jwt';

const NULL_ID = '13814000-1dd2-11b2-8080-808080808080';

export interface RecordedCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Record<string, string>;
}

export interface FakeReply {
  status?: number;
  body?: unknown;
}

export type Handler = (call: RecordedCall) => FakeReply | Promise<FakeReply>;

export interface FakeAccount {
  email: string;
  password: string;
  authority: Authority;
  firstName?: string;
  lastName?: string;
  additionalInfo?: User['additionalInfo'];
}

export const ACCOUNTS: FakeAccount[] = [
  {
    email: 'sysadmin@meridian.test',
    password: 'sysadmin',
    authority: 'SYS_ADMIN',
    firstName: 'Sys',
    lastName: 'Admin',
  },
  {
    email: 'tenant@meridian.test',
    password: 'tenant',
    authority: 'TENANT_ADMIN',
    firstName: 'Tina',
    lastName: 'Tenant',
  },
  { email: 'customer@meridian.test', password: 'customer', authority: 'CUSTOMER_USER' },
];

export function userOf(account: FakeAccount): User {
  return {
    id: { entityType: 'USER', id: `id-${account.email}` },
    createdTime: 1_700_000_000_000,
    tenantId: { entityType: 'TENANT', id: account.authority === 'SYS_ADMIN' ? NULL_ID : 'tenant-1' },
    customerId: {
      entityType: 'CUSTOMER',
      id: account.authority === 'CUSTOMER_USER' ? 'customer-1' : NULL_ID,
    },
    email: account.email,
    authority: account.authority as User['authority'],
    firstName: account.firstName ?? null,
    lastName: account.lastName ?? null,
    additionalInfo: account.additionalInfo ?? {},
  };
}

export function pairFor(account: FakeAccount) {
  return {
    token: accessToken({
      sub: account.email,
      scopes: [account.authority],
      userId: `id-${account.email}`,
      firstName: account.firstName ?? null,
      lastName: account.lastName ?? null,
      customerId: account.authority === 'CUSTOMER_USER' ? 'customer-1' : NULL_ID,
    }),
    refreshToken: refreshToken({ sub: account.email, userId: `id-${account.email}` }),
  };
}

function error(
  status: number,
  errorCode: number,
  message: string,
  extra: Record<string, unknown> = {},
): FakeReply {
  return { status, body: { status, errorCode, message, timestamp: 0, ...extra } };
}

/**
 * An in-memory stand-in for the ThingsBoard-compatible REST API, enough for the console's pages.
 * Handlers can be replaced per test; every call is recorded.
 */
export function createFakeBackend(overrides: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const users = new Map(ACCOUNTS.map((account) => [account.email, userOf(account)]));
  let general: AdminSettings<GeneralSettings> = {
    key: 'general',
    jsonValue: { baseUrl: 'http://localhost:8080', prohibitDifferentUrl: false },
  };
  let mail: AdminSettings<MailSettings> = {
    key: 'mail',
    jsonValue: {
      mailFrom: 'Meridian <sysadmin@localhost.localdomain>',
      smtpProtocol: 'smtp',
      smtpHost: 'localhost',
      smtpPort: '25',
      timeout: '10000',
      enableTls: false,
      tlsVersion: 'TLSv1.2',
      username: '',
      enableProxy: false,
    },
  };
  let security: SecuritySettings = {
    passwordPolicy: {
      minimumLength: 6,
      minimumUppercaseLetters: null,
      minimumLowercaseLetters: null,
      minimumDigits: null,
      minimumSpecialCharacters: null,
      allowWhitespaces: true,
      passwordExpirationPeriodDays: null,
      passwordReuseFrequencyDays: null,
    },
    maxFailedLoginAttempts: null,
    userLockoutNotificationEmail: null,
  };
  const emailOfToken = (call: RecordedCall): string | null => {
    const token = call.headers['X-Authorization']?.replace('Bearer ', '');
    if (!token) {
      return null;
    }
    const payload = JSON.parse(atob((token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub: string;
    };
    return payload.sub;
  };

  const routes: Record<string, Handler> = {
    'POST /api/auth/login': (call) => {
      const { username, password } = call.body as { username: string; password: string };
      const account = ACCOUNTS.find((item) => item.email === username);
      return account && account.password === password
        ? { body: pairFor(account) }
        : error(401, 10, 'Invalid username or password');
    },
    'POST /api/auth/logout': () => ({ status: 200 }),
    'GET /api/auth/user': (call) => {
      const user = users.get(emailOfToken(call) ?? '');
      return user ? { body: user } : error(401, 10, 'Authentication failed');
    },
    'POST /api/user': (call) => {
      const user = call.body as User;
      users.set(user.email, user);
      return { body: user };
    },
    'POST /api/noauth/oauth2Clients': () => ({ body: [] }),
    'POST /api/noauth/resetPasswordByEmail': () => ({ status: 200 }),
    'GET /api/user/tokenAccessEnabled': () => ({ body: true }),
    'GET /api/edges/enabled': () => ({ body: false }),
    'GET /api/admin/updates': () => ({ body: { updateAvailable: false, message: '' } }),
    'GET /api/admin/settings/general': () => ({ body: general }),
    'GET /api/admin/settings/mail': () => ({ body: mail }),
    'POST /api/admin/settings': (call) => {
      const settings = call.body as AdminSettings<never>;
      if (settings.key === 'general') {
        general = call.body as AdminSettings<GeneralSettings>;
      } else {
        mail = call.body as AdminSettings<MailSettings>;
      }
      return { body: call.body };
    },
    'POST /api/admin/settings/testMail': () => ({ status: 200 }),
    'GET /api/admin/securitySettings': () => ({ body: security }),
    'POST /api/admin/securitySettings': (call) => {
      security = call.body as SecuritySettings;
      return { body: security };
    },
    'GET /api/tenant/dashboards': () => ({
      body: {
        data: [
          { id: { entityType: 'DASHBOARD', id: 'd-1' }, title: 'Fleet overview' },
          { id: { entityType: 'DASHBOARD', id: 'd-2' }, title: 'Thermostats' },
        ],
        totalPages: 1,
        totalElements: 2,
        hasNext: false,
      },
    }),
    ...overrides,
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init.headers ?? {}) as Record<string, string>,
    };
    calls.push(call);
    const handler = routes[`${method} ${url.pathname}`];
    const reply = handler ? await handler(call) : error(404, 32, 'Not found');
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return new Response(text || null, { status, statusText: status === 404 ? 'Not Found' : '' });
  };

  return {
    fetch,
    calls,
    users,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

export type FakeBackend = ReturnType<typeof createFakeBackend>;
