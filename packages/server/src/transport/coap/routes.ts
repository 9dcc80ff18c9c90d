/**
 * Which device API call a CoAP request is (reference §4.4): `/api/v1/{token}/{feature}[/{requestId}]`
 * and `/api/v1/provision`. Pure functions over the Uri-Path segments, so the mapping is tested
 * without a socket.
 */

/** What a request asks for, once its path, method and Observe option were read. */
export type CoapAction =
  | { type: 'postTelemetry'; token: string }
  | { type: 'postAttributes'; token: string }
  | { type: 'getAttributes'; token: string }
  | { type: 'observe'; token: string; feature: ObservableFeature }
  | { type: 'cancelObserve'; token: string; feature: ObservableFeature }
  | { type: 'rpcReply'; token: string; requestId: number }
  | { type: 'clientRpc'; token: string }
  | { type: 'claim'; token: string }
  | { type: 'provision' };

/** The two resources a device can observe: shared attribute updates and server-side RPC. */
export type ObservableFeature = 'attributes' | 'rpc';

/** A request the device API refuses before authentication, with the CoAP code to answer. */
export interface CoapRouteError {
  type: 'error';
  code: '4.00' | '4.05';
  message: string;
}

const FEATURES = ['telemetry', 'attributes', 'rpc', 'claim'] as const;
type Feature = (typeof FEATURES)[number];

/** The reference reads the feature with `FeatureType.valueOf(segment.toUpperCase())`: case does not matter. */
function featureOf(segment: string): Feature | undefined {
  const lower = segment.toLowerCase();
  return FEATURES.find((feature) => feature === lower);
}

/** RPC request ids are the non-negative integers the server handed out. */
function requestIdOf(segment: string): number | undefined {
  if (!/^\d{1,9}$/.test(segment)) return undefined;
  return Number(segment);
}

const badRequest = (message: string): CoapRouteError => ({ type: 'error', code: '4.00', message });

/**
 * Maps method, Uri-Path segments and the Observe option (0 register, 1 deregister, undefined
 * absent) to an action, or to the error the reference answers: a bad path, GET on telemetry, or a
 * GET that is neither an attribute read nor an observation → 4.00; other methods → 4.05.
 */
export function routeCoapRequest(
  method: string,
  segments: readonly string[],
  observe: number | undefined,
): CoapAction | CoapRouteError {
  if (method !== 'GET' && method !== 'POST') {
    return { type: 'error', code: '4.05', message: `Method ${method} is not supported` };
  }
  if (segments[0] !== 'api' || segments[1] !== 'v1') return badRequest('Unknown resource');
  if (segments.length === 3 && segments[2]?.toLowerCase() === 'provision') {
    return method === 'POST' ? { type: 'provision' } : badRequest('Provisioning takes a POST');
  }
  const token = segments[2];
  const feature = segments[3] === undefined ? undefined : featureOf(segments[3]);
  if (token === undefined || token === '' || feature === undefined) {
    return badRequest('Expected /api/v1/{token}/{telemetry|attributes|rpc|claim}');
  }
  const rest = segments.slice(4);
  if (feature === 'rpc' && method === 'POST' && rest.length === 1) {
    const requestId = requestIdOf(rest[0] ?? '');
    if (requestId === undefined) return badRequest(`Invalid RPC request id '${rest[0]}'`);
    return { type: 'rpcReply', token, requestId };
  }
  if (rest.length > 0) return badRequest('Unknown resource');

  if (method === 'GET') {
    if (feature === 'attributes' || feature === 'rpc') {
      if (observe === 0) return { type: 'observe', token, feature };
      if (observe === 1) return { type: 'cancelObserve', token, feature };
      if (feature === 'attributes') return { type: 'getAttributes', token };
      return badRequest('Server-side RPC is received by observing /rpc (GET with Observe=0)');
    }
    return badRequest(`GET is not supported on ${feature}`);
  }
  switch (feature) {
    case 'telemetry':
      return { type: 'postTelemetry', token };
    case 'attributes':
      return { type: 'postAttributes', token };
    case 'rpc':
      return { type: 'clientRpc', token };
    case 'claim':
      return { type: 'claim', token };
  }
}

/**
 * The `clientKeys` / `sharedKeys` of an attribute read from the Uri-Query options (`name=a,b`).
 * A parameter that is absent or lists no key stays undefined (as the HTTP API treats an empty
 * parameter); keys are trimmed and empty ones dropped.
 */
export function attributeKeysOf(queries: readonly string[]): {
  clientKeys: string[] | undefined;
  sharedKeys: string[] | undefined;
} {
  const csv = (name: string): string[] | undefined => {
    const query = queries.find((entry) => entry.startsWith(`${name}=`));
    if (query === undefined) return undefined;
    const keys = query
      .slice(name.length + 1)
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key !== '');
    return keys.length > 0 ? keys : undefined;
  };
  return { clientKeys: csv('clientKeys'), sharedKeys: csv('sharedKeys') };
}
