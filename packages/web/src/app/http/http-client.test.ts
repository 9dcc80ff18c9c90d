import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n/i18n';
import { type ErrorPresenter, HttpClient, type SessionPort } from './http-client';
import { HttpError } from './http-error';
import { LoadingTracker } from './loading-tracker';

/** The client's own error texts come from the English catalogue. */
const english = createI18n('en_US');
const catalogueText: ErrorPresenter['text'] = (key, values) => english.t(key, values);

type Reply = { status: number; body?: unknown; statusText?: string } | Error | DOMException;

function json(status: number, body?: unknown, statusText = ''): Reply {
  return { status, body, statusText };
}

function setup(replies: Reply[], sessionOverrides: Partial<SessionPort> = {}) {
  const queue = [...replies];
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const reply = queue.shift() ?? json(200, {});
    if (reply instanceof Error || reply instanceof DOMException) {
      throw reply;
    }
    const text =
      reply.body === undefined
        ? ''
        : typeof reply.body === 'string'
          ? reply.body
          : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      statusText: reply.statusText,
    });
  });
  let token: string | null = 'jwt-1';
  const session: SessionPort = {
    getAccessToken: () => token,
    isAccessTokenValid: () => token !== null,
    isRefreshPending: () => false,
    refreshTokens: vi.fn(async () => {
      token = 'jwt-2';
    }),
    handleRefreshFailure: vi.fn(),
    ...sessionOverrides,
  };
  const errors = { showError: vi.fn(), showForbidden: vi.fn(), text: catalogueText };
  const loading = new LoadingTracker();
  const sleep = vi.fn(async () => undefined);
  const http = new HttpClient({ fetch: fetchFn, session, errors, loading, random: () => 0.5, sleep });
  return { http, calls, session, errors, loading, sleep, fetchFn };
}

const header = (init: RequestInit, name: string) => (init.headers as Record<string, string>)[name];

describe('HttpClient requests', () => {
  it('attaches the JWT as X-Authorization Bearer and parses JSON', async () => {
    const { http, calls } = setup([json(200, { ok: true })]);
    await expect(http.get('/api/auth/user')).resolves.toEqual({ ok: true });
    expect(header(calls[0]?.init ?? {}, 'X-Authorization')).toBe('Bearer jwt-1');
  });

  it.each(['/api/auth/login', '/api/auth/login/public', '/api/auth/token', '/api/noauth/resetPassword'])(
    'sends %s without the JWT',
    async (path) => {
      const { http, calls } = setup([json(200, {})]);
      await http.post(path, {});
      expect(header(calls[0]?.init ?? {}, 'X-Authorization')).toBeUndefined();
    },
  );

  it('builds query strings and sends JSON bodies', async () => {
    const { http, calls } = setup([json(200, [])]);
    await http.post(
      '/api/noauth/oauth2Clients',
      { a: 1 },
      { query: { platform: 'WEB', skip: undefined, q: 'a b' } },
    );
    expect(calls[0]?.url).toBe('/api/noauth/oauth2Clients?platform=WEB&q=a%20b');
    expect(calls[0]?.init.body).toBe('{"a":1}');
  });

  it('treats a path with an inline query like the bare path', async () => {
    const { http, calls } = setup([json(200, {}), json(200, {})]);
    await http.post('/api/auth/login?x=1', {});
    expect(header(calls[0]?.init ?? {}, 'X-Authorization')).toBeUndefined();
    await http.get('/api/tenant/dashboards?pageSize=10&page=0', { query: { textSearch: 'a' } });
    expect(calls[1]?.url).toBe('/api/tenant/dashboards?pageSize=10&page=0&textSearch=a');
    expect(header(calls[1]?.init ?? {}, 'X-Authorization')).toBe('Bearer jwt-1');
  });

  it('returns null for empty bodies and text for text responses', async () => {
    const { http } = setup([json(200), json(200, 'plain')]);
    await expect(http.post('/api/auth/logout')).resolves.toBeNull();
    await expect(http.get('/api/x', { responseType: 'text' })).resolves.toBe('plain');
  });

  it('passes the AbortSignal to fetch and rethrows aborts without a toast', async () => {
    const controller = new AbortController();
    const abort = new DOMException('aborted', 'AbortError');
    const { http, calls, errors } = setup([abort]);
    controller.abort();
    await expect(http.get('/api/x', { signal: controller.signal })).rejects.toBe(abort);
    expect(calls[0]?.init.signal).toBe(controller.signal);
    expect(errors.showError).not.toHaveBeenCalled();
  });
});

describe('HttpClient error table (spec 1 §8)', () => {
  it('401 code 11: refreshes the token and retries once with the new token', async () => {
    const { http, calls, session, errors } = setup([
      json(401, { status: 401, errorCode: 11, message: 'Token has expired' }),
      json(200, 'ok'),
    ]);
    await expect(http.get('/api/tenant/devices')).resolves.toBe('ok');
    expect(session.refreshTokens).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    expect(header(calls[1]?.init ?? {}, 'X-Authorization')).toBe('Bearer jwt-2');
    expect(errors.showError).not.toHaveBeenCalled();
  });

  it('401 code 11 with a failing refresh: logs out, remembers the URL and shows the message after 200 ms', async () => {
    const { http, session, errors } = setup([json(401, { errorCode: 11, message: 'Token has expired' })], {
      refreshTokens: vi.fn(async () => Promise.reject(new Error('Session has expired'))),
    });
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(session.handleRefreshFailure).toHaveBeenCalledTimes(1);
    expect(errors.showError).toHaveBeenCalledWith('Session has expired', 200);
  });

  it("401 code 11 with a refresh failing without a message shows 'Unauthorized!'", async () => {
    const { http, errors } = setup([json(401, { errorCode: 11 })], {
      refreshTokens: vi.fn(async () => Promise.reject(new Error(''))),
    });
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(errors.showError).toHaveBeenCalledWith('Unauthorized!', 200);
  });

  it('401 code 11 again after the retry ends the session instead of looping', async () => {
    const expired = json(401, { errorCode: 11, message: 'Token has expired' });
    const { http, session, calls } = setup([expired, expired, json(200, 'never')]);
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(calls).toHaveLength(2);
    expect(session.refreshTokens).toHaveBeenCalledTimes(1);
    expect(session.handleRefreshFailure).toHaveBeenCalledTimes(1);
  });

  it('refreshes before sending when the stored access token has expired', async () => {
    let valid = false;
    const { http, session, calls } = setup([json(200, 1)], {
      isAccessTokenValid: () => valid,
      refreshTokens: vi.fn(async () => {
        valid = true;
      }),
    });
    await expect(http.get('/api/x')).resolves.toBe(1);
    expect(session.refreshTokens).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it("a guarded call without any JWT fails as 401 'Unauthorized!'", async () => {
    const { http, calls, errors } = setup([], { getAccessToken: () => null });
    const failure = http.get('/api/x');
    await expect(failure).rejects.toMatchObject({ status: 401, message: 'Unauthorized!' });
    expect(calls).toHaveLength(0);
    expect(errors.showError).toHaveBeenCalledWith('Unauthorized!', 0);
  });

  it('401 code 15 (credentials expired): no generic toast, error carries the resetToken', async () => {
    const { http, errors } = setup([
      json(401, { errorCode: 15, message: 'User password expired!', resetToken: 'rt-1' }),
    ]);
    await expect(http.post('/api/auth/login', {})).rejects.toMatchObject({
      errorCode: 15,
      resetToken: 'rt-1',
    });
    expect(errors.showError).not.toHaveBeenCalled();
  });

  it('other 401: error toast with the server message', async () => {
    const { http, errors } = setup([json(401, { errorCode: 10, message: 'Invalid username or password' })]);
    await expect(http.post('/api/auth/login', {})).rejects.toMatchObject({ status: 401, errorCode: 10 });
    expect(errors.showError).toHaveBeenCalledWith('Invalid username or password', 0);
  });

  it('403: access-forbidden dialog, unless errors are ignored', async () => {
    const { http, errors } = setup([json(403, { errorCode: 20 }), json(403, { errorCode: 20 })]);
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 403 });
    expect(errors.showForbidden).toHaveBeenCalledTimes(1);
    await expect(http.get('/api/x', { ignoreErrors: true })).rejects.toMatchObject({ status: 403 });
    expect(errors.showForbidden).toHaveBeenCalledTimes(1);
    expect(errors.showError).not.toHaveBeenCalled();
  });

  it('429 with resendRequest: retries after 1000 ms plus up to 3000 ms', async () => {
    const { http, sleep, calls, errors } = setup([json(429, { errorCode: 33 }), json(200, 'done')]);
    await expect(http.get('/api/x', { resendRequest: true })).resolves.toBe('done');
    expect(sleep).toHaveBeenCalledWith(2500, undefined);
    expect(calls).toHaveLength(2);
    expect(errors.showError).not.toHaveBeenCalled();
  });

  it('429 without resendRequest: rejects without a retry', async () => {
    const { http, sleep, calls } = setup([json(429, { errorCode: 33, message: 'Too many requests' })]);
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 429 });
    expect(sleep).not.toHaveBeenCalled();
    expect(calls).toHaveLength(1);
  });

  it("status 0 (network failure): toast 'Unable to connect'", async () => {
    const { http, errors } = setup([new TypeError('Failed to fetch')]);
    await expect(http.get('/api/x')).rejects.toMatchObject({ status: 0 });
    expect(errors.showError).toHaveBeenCalledWith('Unable to connect', 0);
  });

  it('404 (non-RPC): toast with method, url, status and status text', async () => {
    const { http, errors } = setup([json(404, { errorCode: 32, message: 'Not here' }, 'Not Found')]);
    await expect(http.get('/api/unknown', { query: { a: 1 } })).rejects.toMatchObject({ status: 404 });
    expect(errors.showError).toHaveBeenCalledWith('GET: /api/unknown?a=1\n404: Not Found', 0);
  });

  it('other errors: the server message first', async () => {
    const { http, errors } = setup([
      json(400, { errorCode: 31, message: "Current password doesn't match!" }),
    ]);
    await expect(http.post('/api/auth/changePassword', {})).rejects.toMatchObject({ status: 400 });
    expect(errors.showError).toHaveBeenCalledWith("Current password doesn't match!", 0);
  });

  it('other errors: the body when it has no message', async () => {
    const { http, errors } = setup([json(500, 'Internal failure'), json(500, { detail: 'x' })]);
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(errors.showError).toHaveBeenLastCalledWith('Internal failure', 0);
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(errors.showError).toHaveBeenLastCalledWith('{"detail":"x"}', 0);
  });

  it("other errors: 'Unhandled error code' when there is no body", async () => {
    const { http, errors } = setup([json(502)]);
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(errors.showError).toHaveBeenCalledWith('Unhandled error code 502', 0);
  });

  it('RPC urls are never toasted', async () => {
    const { http, errors } = setup([
      json(404, {}, 'Not Found'),
      json(500, { message: 'x' }),
      new TypeError('down'),
    ]);
    await expect(http.post('/api/rpc/twoway/d1', {})).rejects.toBeInstanceOf(HttpError);
    await expect(http.post('/api/rpc/oneway/d1', {})).rejects.toBeInstanceOf(HttpError);
    await expect(http.post('/api/rpc/oneway/d1', {})).rejects.toBeInstanceOf(HttpError);
    expect(errors.showError).not.toHaveBeenCalled();
  });

  it('ignoreErrors skips every toast', async () => {
    const { http, errors } = setup([
      json(404, {}, 'Not Found'),
      json(500, { message: 'x' }),
      json(401, { errorCode: 10, message: 'y' }),
    ]);
    for (let index = 0; index < 3; index++) {
      await expect(http.get('/api/x', { ignoreErrors: true })).rejects.toBeInstanceOf(HttpError);
    }
    expect(errors.showError).not.toHaveBeenCalled();
  });
});

describe('HttpClient loading flag', () => {
  it('turns on with the first tracked request and off when all are done', async () => {
    const gates: Array<() => void> = [];
    const loading = new LoadingTracker();
    const http = new HttpClient({
      fetch: () => new Promise<Response>((resolve) => gates.push(() => resolve(new Response('1')))),
      session: {
        getAccessToken: () => 't',
        isAccessTokenValid: () => true,
        isRefreshPending: () => false,
        refreshTokens: async () => undefined,
        handleRefreshFailure: () => undefined,
      },
      errors: { showError: vi.fn(), showForbidden: vi.fn(), text: catalogueText },
      loading,
    });
    const first = http.get('/api/a');
    const second = http.get('/api/b');
    const quiet = http.get('/api/c', { ignoreLoading: true });
    expect(loading.isLoading()).toBe(true);
    expect(loading.activeCount()).toBe(2);
    gates[0]?.();
    await first;
    expect(loading.isLoading()).toBe(true);
    gates[1]?.();
    gates[2]?.();
    await Promise.all([second, quiet]);
    expect(loading.isLoading()).toBe(false);
  });

  it('excludes ignoreLoading requests, /api/rpc and /api/auth/token', async () => {
    const { http, loading } = setup([json(200, {}), json(200, {}), json(200, {}), json(200, {})]);
    const seen: boolean[] = [];
    loading.subscribe(() => seen.push(loading.isLoading()));
    await http.post('/api/auth/token', {});
    await http.post('/api/rpc/oneway/d1', {});
    await http.get('/api/x', { ignoreLoading: true });
    expect(seen).toEqual([]);
    await http.post('/api/auth/login', {});
    expect(seen).toEqual([true, false]);
  });

  it('stops loading when a request fails', async () => {
    const { http, loading } = setup([json(500, { message: 'x' })]);
    await expect(http.get('/api/x')).rejects.toBeInstanceOf(HttpError);
    expect(loading.isLoading()).toBe(false);
    expect(loading.activeCount()).toBe(0);
  });
});
