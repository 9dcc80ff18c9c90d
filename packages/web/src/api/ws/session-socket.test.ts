import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthService } from '../../app/auth/auth-service';
import { FakeSocketServer } from './fake-socket-server';
import { sessionTelemetrySocket } from './session-socket';

/** The part of the auth state machine the session socket uses. */
function fakeAuth(options: { valid: boolean; refresh?: () => Promise<void> }) {
  const listeners = new Set<() => void>();
  let state = { isAuthenticated: true };
  let token = 'old-token';
  let valid = options.valid;
  const auth = {
    getState: () => state,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isAccessTokenValid: () => valid,
    getAccessToken: () => token,
    refreshTokens: vi.fn(
      options.refresh ??
        (async () => {
          token = 'fresh-token';
          valid = true;
        }),
    ),
    handleRefreshFailure: vi.fn(),
    signOut: () => {
      state = { isAuthenticated: false };
      for (const listener of listeners) listener();
    },
  };
  return auth;
}

const asAuth = (auth: ReturnType<typeof fakeAuth>) => auth as unknown as AuthService;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('sessionTelemetrySocket', () => {
  it('is one socket per session, opened on the page origin with a renewed token', async () => {
    const auth = fakeAuth({ valid: false });
    const server = new FakeSocketServer();
    const socket = sessionTelemetrySocket(asAuth(auth), server.connect);
    expect(sessionTelemetrySocket(asAuth(auth), server.connect)).toBe(socket);
    socket.subscribe('attrSubCmds', { entityType: 'DEVICE', entityId: 'd' }, () => undefined);
    await tick();
    expect(auth.refreshTokens).toHaveBeenCalledTimes(1);
    expect(server.last.url).toBe(`ws://${window.location.host}/api/ws/plugins/telemetry?token=fresh-token`);
  });

  it('signs out when the token cannot be renewed, and connects to nothing', async () => {
    const auth = fakeAuth({ valid: false, refresh: () => Promise.reject(new Error('expired')) });
    const server = new FakeSocketServer();
    const socket = sessionTelemetrySocket(asAuth(auth), server.connect);
    socket.subscribe('attrSubCmds', { entityType: 'DEVICE', entityId: 'd' }, () => undefined);
    await tick();
    expect(auth.handleRefreshFailure).toHaveBeenCalledTimes(1);
    expect(server.connections).toHaveLength(0);
  });

  it('is disposed on sign-out; the next session gets a new socket', async () => {
    const auth = fakeAuth({ valid: true });
    const server = new FakeSocketServer();
    const socket = sessionTelemetrySocket(asAuth(auth), server.connect);
    socket.subscribe('attrSubCmds', { entityType: 'DEVICE', entityId: 'd' }, () => undefined);
    await tick();
    server.accept();
    auth.signOut();
    expect(server.last.closedByClient).toEqual({ code: 1000 });
    expect(socket.size).toBe(0);
    expect(sessionTelemetrySocket(asAuth(auth), server.connect)).not.toBe(socket);
  });
});
