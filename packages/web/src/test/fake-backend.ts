import type {
  AdminSettings,
  Authority,
  GeneralSettings,
  MailSettings,
  SecuritySettings,
  User,
} from '@meridian/common';
import * as reply from './fake-replies';
import { recordedCall, responseOf } from './fake-routes';
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
  /** A plain-text body instead of the JSON of `body`. */
  text?: string;
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

/** The one page of dashboards a tenant (and a customer's users) can be given. */
export const DASHBOARDS_PAGE = {
  data: [
    { id: { entityType: 'DASHBOARD', id: 'd-1' }, title: 'Fleet overview' },
    { id: { entityType: 'DASHBOARD', id: 'd-2' }, title: 'Thermostats' },
  ],
  totalPages: 1,
  totalElements: 2,
  hasNext: false,
};

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

/**
 * An in-memory stand-in for the ThingsBoard-compatible REST API, enough for the console's pages.
 * Handlers can be replaced per test; every call is recorded.
 */
export function createFakeBackend(overrides: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const users = new Map(ACCOUNTS.map((account) => [account.email, userOf(account)]));
  let general: AdminSettings<GeneralSettings> = {
    key: 'general',
    jsonValue: { baseUrl: 'http://localhost:8080', prohibitDifferentUrl: true },
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
        : reply.error(401, 10, 'Invalid username or password');
    },
    'POST /api/auth/logout': () => ({ status: 200 }),
    'GET /api/auth/user': (call) => {
      const user = users.get(emailOfToken(call) ?? '');
      return user ? { body: user } : reply.error(401, 10, 'Authentication failed');
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
    'GET /api/tenant/dashboards': () => ({ body: DASHBOARDS_PAGE }),
    // No home dashboard: the server answers 200 with an empty body.
    'GET /api/dashboard/home': () => ({}),
    ...overrides,
  };

  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const call = recordedCall(input, init);
    calls.push(call);
    const handler = routes[`${call.method} ${call.path}`];
    return responseOf(handler ? await handler(call) : reply.error(404, 32, 'Not found'));
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
