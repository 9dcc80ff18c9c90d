import type { FakeReply, RecordedCall } from './fake-backend';

/**
 * Test-only: how the fake backends answer a call — recording it, dispatching it to a table of
 * routes with path parameters, and turning the reply into a response.
 */

export type FakeFetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/** Path parameters: the named groups of the route's pattern. */
export type Params = Record<string, string>;

export type Route = [
  method: string,
  pattern: RegExp,
  handler: (call: RecordedCall, params: Params) => FakeReply,
];

export function recordedCall(input: RequestInfo | URL, init: RequestInit): RecordedCall {
  const url = new URL(String(input), 'http://console.test');
  return {
    method: (init.method ?? 'GET').toUpperCase(),
    path: url.pathname,
    query: url.searchParams,
    body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    headers: (init.headers ?? {}) as Record<string, string>,
  };
}

/** The HTTP response of a reply: JSON unless the reply is plain text. */
export function responseOf(reply: FakeReply): Response {
  const status = reply.status ?? 200;
  const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body));
  return new Response(text || null, {
    status,
    statusText: status === 404 ? 'Not Found' : '',
    headers: { 'content-type': reply.text === undefined ? 'application/json' : 'text/plain' },
  });
}

/** The decoded path parameters of a match; an optional group that matched nothing is left out. */
function paramsOf(match: RegExpExecArray): Params {
  const params: Params = {};
  for (const [key, value] of Object.entries(match.groups ?? {})) {
    if (value !== undefined) {
      params[key] = decodeURIComponent(value);
    }
  }
  return params;
}

/**
 * A fetch answering from `routes` (first match of method and path wins, the call recorded in
 * `base.calls`) and handing every other call, and those `passOn` names, to `base.fetch`.
 */
export function routedFetch(
  routes: readonly Route[],
  base: { fetch: FakeFetch; calls: RecordedCall[] },
  passOn: (method: string, path: string) => boolean = () => false,
): FakeFetch {
  return async (input, init = {}) => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init.method ?? 'GET').toUpperCase();
    if (!passOn(method, url.pathname)) {
      for (const [routeMethod, pattern, handler] of routes) {
        const match = routeMethod === method ? pattern.exec(url.pathname) : null;
        if (match) {
          const call = recordedCall(input, init);
          base.calls.push(call);
          return responseOf(handler(call, paramsOf(match)));
        }
      }
    }
    return base.fetch(input, init);
  };
}
