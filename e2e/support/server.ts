// Typed access to the shared child-process launcher in scripts/run-server.mjs.
import { startServer as start } from '../../scripts/run-server.mjs';

export interface RunningServer {
  url: string;
  port: number;
  /** The device transports' ports (free ports picked for each server). */
  mqttPort: number;
  coapPort: number;
  pid: number;
  dataDir: string;
  readyMs: number;
  logs: string[];
  stop: () => Promise<void>;
}

export const startServer = (options?: {
  dataDir?: string;
  env?: Record<string, string>;
}): Promise<RunningServer> => start(options) as Promise<RunningServer>;

/** JSON REST call against the running server, returning status and parsed body. */
export async function api<T = unknown>(
  server: RunningServer,
  method: string,
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { 'x-authorization': `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.includes('application/json');
  return { status: response.status, body: (isJson && text ? JSON.parse(text) : text) as T };
}

export async function loginToken(server: RunningServer, username: string, password: string): Promise<string> {
  const res = await api<{ token: string }>(server, 'POST', '/api/auth/login', {
    body: { username, password },
  });
  if (res.status !== 200)
    throw new Error(`login of ${username} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}

/** The id of a tenant device found by its name (the demo devices, or ones a test created). */
export async function deviceIdByName(server: RunningServer, token: string, name: string): Promise<string> {
  const res = await api<{ id: { id: string } }>(
    server,
    'GET',
    `/api/tenant/devices?deviceName=${encodeURIComponent(name)}`,
    { token },
  );
  if (res.status !== 200) throw new Error(`device ${name} not found: ${res.status}`);
  return res.body.id.id;
}

/** Saves a dashboard as the tenant administrator; its id. */
export async function saveDashboard(server: RunningServer, token: string, body: unknown): Promise<string> {
  const res = await api<{ id: { id: string } }>(server, 'POST', '/api/dashboard', { token, body });
  if (res.status !== 200) throw new Error(`dashboard not saved: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id.id;
}

/**
 * Makes a dashboard public, and the devices its widgets show (the public customer sees only public
 * entities); the public customer's id, for `?publicId=`.
 */
export async function shareDashboardPublicly(
  server: RunningServer,
  token: string,
  dashboardId: string,
  deviceIds: readonly string[] = [],
): Promise<string> {
  const shared = await api<{ assignedCustomers: { customerId: { id: string }; public: boolean }[] }>(
    server,
    'POST',
    `/api/customer/public/dashboard/${dashboardId}`,
    { token },
  );
  const publicId = shared.body.assignedCustomers?.find((c) => c.public)?.customerId.id;
  if (shared.status !== 200 || !publicId) throw new Error(`dashboard not made public: ${shared.status}`);
  for (const deviceId of deviceIds) {
    const made = await api(server, 'POST', `/api/customer/public/device/${deviceId}`, { token });
    if (made.status !== 200) throw new Error(`device ${deviceId} not made public: ${made.status}`);
  }
  return publicId;
}
