import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { NULL_UUID } from '@meridian/common';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp, type Services } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { migrate, openStore, type Store } from '../src/db/store.js';
import { DEMO_ACCOUNTS, installDemoData } from '../src/install/demo-data.js';
import { installSystemData, isInstalled, SYSADMIN_EMAIL } from '../src/install/system-data.js';
import { installSystemWidgets } from '../src/install/system-widgets.js';
import type { RuleNodeRegistry } from '../src/rule-engine/registry.js';

/**
 * API test harness: a real Meridian server on a free loopback port, over a store of its own
 * (in-memory PGlite, or a fresh PostgreSQL database when TEST_STORE=postgres), called with fetch.
 * Every test file starts its own server in beforeAll and closes it in afterAll; files run in
 * parallel, so nothing here is shared between them.
 */

export { NULL_UUID };

export const DEMO = {
  sysadmin: { email: SYSADMIN_EMAIL, password: 'sysadmin' },
  tenant: DEMO_ACCOUNTS.tenant,
  customer: DEMO_ACCOUNTS.customer,
} as const;

export const storeKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_STORE === 'postgres' ? 'postgres' : 'pglite';

// ---------------------------------------------------------------------------------------------
// Stores
// ---------------------------------------------------------------------------------------------

/** Where a test server keeps its data; a location outlives the servers started on it. */
export interface StoreLocation {
  kind: 'pglite' | 'postgres';
  /** 'memory://', a PostgreSQL URL, or undefined for PGlite on disk under dataDir. */
  databaseUrl: string | undefined;
  /** Temporary directory (DATA_DIR), removed by drop(). */
  dataDir: string;
  /** Removes the data: drops the PostgreSQL database, deletes the directory. */
  drop(): Promise<void>;
}

const adminPgUrl = () => process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminPgUrl() });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, empty store location for the store under test. On PGlite it is in memory unless
 * `persistent` asks for files under a temporary directory (to restart a server on the same data).
 */
export async function newStoreLocation(options: { persistent?: boolean } = {}): Promise<StoreLocation> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-test-'));
  const removeDir = () => fs.rm(dataDir, { recursive: true, force: true });
  if (storeKind() === 'pglite') {
    return {
      kind: 'pglite',
      databaseUrl: options.persistent ? undefined : 'memory://',
      dataDir,
      drop: removeDir,
    };
  }
  const name = `meridian_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient((client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminPgUrl());
  url.pathname = `/${name}`;
  return {
    kind: 'postgres',
    databaseUrl: url.toString(),
    dataDir,
    drop: async () => {
      await withAdminClient((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
      await removeDir();
    },
  };
}

/**
 * A bare store (nothing migrated) on a fresh location, opened before the file's tests and closed
 * and dropped after them; read `current()` inside the tests.
 */
export function storePerFile(): { current: () => Store } {
  let location: StoreLocation | undefined;
  let store: Store | undefined;
  beforeAll(async () => {
    location = await newStoreLocation();
    store = await openStore(
      loadConfig({ DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? '' }),
    );
  });
  afterAll(async () => {
    await store?.close();
    await location?.drop();
  });
  return {
    current: () => {
      if (!store) throw new Error('the store opens before the tests');
      return store;
    },
  };
}

/** The start-up sequence of main.ts: migrations, the system widgets, then the first-start install on an empty store. */
export async function prepareStore(store: Store, config: Config): Promise<void> {
  await migrate(store.db);
  await installSystemWidgets(store.db);
  if (!(await isInstalled(store.db))) {
    await installSystemData(store.db, { baseUrl: `http://localhost:${config.port}` });
    if (config.demoData) await installDemoData(store.db);
  }
}

// ---------------------------------------------------------------------------------------------
// Server
// ---------------------------------------------------------------------------------------------

export interface ServerOptions {
  /** Install the demo tenant (default true). */
  demo?: boolean;
  /** Extra environment for loadConfig, e.g. HTTP_BODY_LIMIT, WEB_DIR, JWT_TOKEN_EXPIRATION_TIME. */
  env?: Record<string, string>;
  /** Start on an existing location (kept on close); by default a fresh one, dropped on close. */
  location?: StoreLocation;
  /** Told when the embedded store breaks (main.ts stops the process there). */
  onStoreBroken?: (error: Error) => void;
  /** Where the server's log lines go (stdout by default); set LOG_LEVEL in `env` to get any. */
  logDestination?: { write(line: string): unknown };
  /** The rule node types rule chains may use (the built-in nodes by default). */
  ruleNodes?: RuleNodeRegistry;
}

export interface TestServer {
  /** http://127.0.0.1:<port> */
  url: string;
  config: Config;
  store: Store;
  app: FastifyInstance;
  services: Services;
  api: ApiClient;
  close(): Promise<void>;
}

export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const location = options.location ?? (await newStoreLocation());
  const ownsLocation = options.location === undefined;
  const config = loadConfig({
    PORT: '0',
    // Device listeners on ephemeral ports: 1883 and 5683 may be taken on the machine.
    MQTT_PORT: '0',
    COAP_PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: location.dataDir,
    DATABASE_URL: location.databaseUrl ?? '',
    DEMO_DATA: options.demo === false ? 'false' : 'true',
    // No console build unless a test points WEB_DIR at one: the answers for non-API paths must
    // not depend on whether packages/web was built on this machine.
    WEB_DIR: path.join(location.dataDir, 'no-console'),
    ...options.env,
  });
  const store = await openStore({ ...config, onStoreBroken: options.onStoreBroken });
  let app: FastifyInstance | undefined;
  try {
    await prepareStore(store, config);
    const built = await buildApp(config, store, {
      logDestination: options.logDestination,
      ...(options.ruleNodes ? { ruleNodes: options.ruleNodes } : {}),
    });
    app = built.app;
    await app.listen({ port: 0, host: '127.0.0.1' });
    await built.services.startDeviceListeners();
    const { port } = app.server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    const server = app;
    return {
      url,
      config,
      store,
      app: server,
      services: built.services,
      api: new ApiClient(url),
      close: async () => {
        // Requests still running (a hung handler in a failing test) must not keep the file open.
        const closing = server.close();
        server.server.closeAllConnections();
        await closing;
        await store.close();
        if (ownsLocation) await location.drop();
      },
    };
  } catch (error) {
    await app?.close();
    await store.close();
    if (ownsLocation) await location.drop();
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// HTTP client
// ---------------------------------------------------------------------------------------------

export interface ApiResponse<T = unknown> {
  status: number;
  /** Parsed JSON when the response is JSON, otherwise the text. */
  body: T;
  headers: Headers;
  text: string;
}

export interface RequestOptions {
  /** Sent as `X-Authorization: Bearer <token>`. */
  token?: string;
  headers?: Record<string, string>;
}

export interface RawRequest extends RequestOptions {
  /** Serialised as JSON with content-type application/json. */
  json?: unknown;
  /** Sent as it is, with `contentType` when given. */
  raw?: string | Uint8Array;
  contentType?: string;
}

export interface TokenPair {
  token: string;
  refreshToken: string;
}

/** A tiny fetch wrapper. Redirects are never followed, so a 303 is seen as a 303. */
export class ApiClient {
  constructor(readonly baseUrl: string) {}

  async request<T = unknown>(
    method: string,
    urlPath: string,
    options: RawRequest = {},
  ): Promise<ApiResponse<T>> {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token !== undefined) headers['x-authorization'] = `Bearer ${options.token}`;
    let body: string | Uint8Array | undefined;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json';
    } else if (options.raw !== undefined) {
      body = options.raw;
    }
    if (options.contentType !== undefined) headers['content-type'] = options.contentType;
    const response = await fetch(`${this.baseUrl}${urlPath}`, {
      method,
      headers,
      ...(body !== undefined ? { body } : {}),
      redirect: 'manual',
    });
    const text = await response.text();
    const isJson = (response.headers.get('content-type') ?? '').includes('json');
    let parsed: unknown = text;
    if (isJson && text !== '') parsed = JSON.parse(text);
    return { status: response.status, body: parsed as T, headers: response.headers, text };
  }

  get<T = unknown>(urlPath: string, options?: RequestOptions) {
    return this.request<T>('GET', urlPath, options);
  }
  head(urlPath: string, options?: RequestOptions) {
    return this.request<string>('HEAD', urlPath, options);
  }
  delete<T = unknown>(urlPath: string, options?: RequestOptions) {
    return this.request<T>('DELETE', urlPath, options);
  }
  post<T = unknown>(urlPath: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('POST', urlPath, { ...options, json });
  }
  put<T = unknown>(urlPath: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PUT', urlPath, { ...options, json });
  }
  patch<T = unknown>(urlPath: string, json?: unknown, options?: RequestOptions) {
    return this.request<T>('PATCH', urlPath, { ...options, json });
  }

  /** Logs in and returns the token pair; anything but 200 fails with the server's answer. */
  async login(email: string, password: string): Promise<TokenPair> {
    const res = await this.post<TokenPair>('/api/auth/login', { username: email, password });
    if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${res.text}`);
    return res.body;
  }
}

// ---------------------------------------------------------------------------------------------
// Wire shapes and assertions
// ---------------------------------------------------------------------------------------------

export interface ErrorBody {
  status: number;
  message: string;
  errorCode: number;
  timestamp: string;
  resetToken?: string;
}

export interface EntityIdJson {
  entityType: string;
  id: string;
}

export interface UserJson {
  id: EntityIdJson;
  createdTime: number;
  additionalInfo: Record<string, unknown>;
  tenantId: EntityIdJson;
  customerId: EntityIdJson;
  email: string;
  name: string;
  authority: string;
  firstName: string | null;
  lastName: string | null;
}

export interface PageDataJson<T> {
  data: T[];
  totalPages: number;
  totalElements: number;
  hasNext: boolean;
}

/**
 * Asserts the reference error JSON: exactly status, message, errorCode and timestamp (plus
 * resetToken for code 15), with the expected values. `message` may be a pattern.
 */
export function expectError(
  res: ApiResponse<unknown>,
  status: number,
  errorCode: number,
  message?: string | RegExp,
): ErrorBody {
  const context = `${res.status} ${res.text}`;
  expect(res.status, context).toBe(status);
  expect(res.headers.get('content-type') ?? '', context).toContain('application/json');
  const body = res.body as ErrorBody;
  const keys = ['errorCode', 'message', 'status', 'timestamp'];
  if (errorCode === 15) keys.push('resetToken');
  expect(Object.keys(body).sort(), context).toEqual(keys.sort());
  expect(body.status, context).toBe(status);
  expect(body.errorCode, context).toBe(errorCode);
  expect(typeof body.message, context).toBe('string');
  if (typeof message === 'string') expect(body.message, context).toBe(message);
  else if (message) expect(body.message, context).toMatch(message);
  // ISO-8601 with an explicit offset, like the reference's java.util.Date.
  expect(body.timestamp, context).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
  return body;
}

/** Asserts a 200 and returns the body, showing the server's answer when it is not. */
export function expectOk<T>(res: ApiResponse<T>): T {
  expect(res.status, `${res.status} ${res.text}`).toBe(200);
  return res.body;
}

export interface DecodedJwt {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}

/** Decodes (without verifying) a JWT's header and payload. */
export function decodeJwt(token: string): DecodedJwt {
  const [header, payload] = token.split('.');
  const part = (text: string | undefined) =>
    JSON.parse(Buffer.from(text ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: part(header), payload: part(payload) };
}

/** The raw header text of a JWT, to compare it byte for byte. */
export const jwtHeaderText = (token: string) =>
  Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8');

/**
 * Waits until the clock is past the whole second `sec` (epoch seconds), e.g. a token's iat.
 * Needed because token outdating compares whole seconds like the reference: a token issued in
 * the same second as a password change stays valid, so a test that wants the old token rejected
 * must change the password in a later second. This is the one sleep of the suite.
 */
export async function waitForSecondAfter(sec: number): Promise<void> {
  const wait = (sec + 1) * 1000 - Date.now() + 5;
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** Ids of the demo install, read from the store. */
export interface DemoIds {
  tenantId: string;
  customerAId: string;
  customerBId: string;
  sysadminId: string;
  tenantAdminId: string;
  customerUserId: string;
}

export async function demoIds(store: Store): Promise<DemoIds> {
  const { db } = store;
  const tenant = await db
    .selectFrom('tenant')
    .select('id')
    .where('title', '=', 'Demo Tenant')
    .executeTakeFirstOrThrow();
  const customer = async (title: string) =>
    (
      await db
        .selectFrom('customer')
        .select('id')
        .where('tenantId', '=', tenant.id)
        .where('title', '=', title)
        .executeTakeFirstOrThrow()
    ).id;
  const user = async (email: string) =>
    (await db.selectFrom('tbUser').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  return {
    tenantId: tenant.id,
    customerAId: await customer('Customer A'),
    customerBId: await customer('Customer B'),
    sysadminId: await user(DEMO.sysadmin.email),
    tenantAdminId: await user(DEMO.tenant.email),
    customerUserId: await user(DEMO.customer.email),
  };
}

/** A unique, valid email address for users a test creates. */
export const uniqueEmail = (label = 'user') => `${label}-${randomBytes(5).toString('hex')}@example.test`;

// ---------------------------------------------------------------------------------------------
// Waiting for what happens after an answer
// ---------------------------------------------------------------------------------------------

/** Retries `check` until it passes or `timeoutMs` ran out (then its last failure is thrown). */
export async function eventually(check: () => void | Promise<void>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
}

/** Waits until the transport core has a live session of the device (MQTT CONNACK, an HTTP long poll). */
export function deviceSessionOpen(server: TestServer, deviceId: string): Promise<void> {
  return eventually(() => {
    if (server.services.transport.sessions.sessionCount(deviceId) === 0) {
      throw new Error(`no session of device ${deviceId} yet`);
    }
  });
}
