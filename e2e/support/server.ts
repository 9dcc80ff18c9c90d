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
