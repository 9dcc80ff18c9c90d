import type { JsonObject } from '@meridian/common';
import type { Dispatcher } from 'undici';

/**
 * undici is loaded by the first REST call, not at start-up: most servers never run this node, and
 * the module holds a few megabytes of the idle process (issue 14's idle-memory budget).
 */
type Undici = typeof import('undici');
let undiciModule: Promise<Undici> | undefined;
const loadUndici = () => {
  undiciModule ??= import('undici');
  return undiciModule;
};

import { configBoolean, configEnum, configInteger, configString, configStringMap } from '../../config.js';
import {
  choice,
  clientCredentials,
  flag,
  integer,
  nodeConfigSchema,
  PROXY_PROPERTIES,
  stringMap,
  text,
} from '../../config-schema.js';
import { changeMsg, type RuleMsg } from '../../message.js';
import { defineNode, type NodeOutput, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import { type ClientCredentials, configCredentials, pemTlsOptions } from './credentials.js';
import { statusName, statusReason } from './http-status.js';
import { Semaphore } from './semaphore.js';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];
/** Methods whose request carries the message data as its body (the reference's list). */
const BODY_METHODS: readonly Method[] = ['POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The reference waits forever when `readTimeoutMs` is 0. Here a message waits in its node until it
 * is answered, so an endpoint that never answers would hold the queue: 0 means this bound instead.
 */
export const UNBOUNDED_READ_TIMEOUT_MS = 60_000;

export interface RestApiCallConfig {
  restEndpointUrlPattern: string;
  requestMethod: Method;
  headers: Record<string, string>;
  readTimeoutMs: number;
  maxParallelRequestsCount: number;
  ignoreRequestBody: boolean;
  proxy: { kind: 'none' } | { kind: 'system' } | { kind: 'explicit'; uri: string; token?: string };
  credentials: ClientCredentials;
}

function proxyOf(raw: JsonObject): RestApiCallConfig['proxy'] {
  if (!configBoolean(raw, 'enableProxy', false)) return { kind: 'none' };
  if (configBoolean(raw, 'useSystemProxyProperties', false)) {
    // Java's http(s).proxyHost system properties are the environment's HTTP(S)_PROXY here.
    const env = process.env;
    if (!(env.HTTPS_PROXY || env.https_proxy || env.HTTP_PROXY || env.http_proxy)) {
      throw new RuleNodeConfigError(
        "'useSystemProxyProperties' is set but the server has no HTTP_PROXY or HTTPS_PROXY environment variable",
      );
    }
    return { kind: 'system' };
  }
  const host = configString(raw, 'proxyHost', '').trim();
  if (host === '') throw new RuleNodeConfigError("Proxy host can't be empty");
  const port = configInteger(raw, 'proxyPort', 0);
  if (port <= 0 || port > 65535) throw new RuleNodeConfigError(`Proxy port out of range:${port}`);
  const scheme = configString(raw, 'proxyScheme', 'http').trim().toLowerCase() || 'http';
  if (scheme !== 'http' && scheme !== 'https') {
    throw new RuleNodeConfigError(`'proxyScheme' must be http or https (got ${JSON.stringify(scheme)})`);
  }
  const user = configString(raw, 'proxyUser', '');
  const password = configString(raw, 'proxyPassword', '');
  return {
    kind: 'explicit',
    uri: `${scheme}://${host.includes(':') ? `[${host}]` : host}:${port}`,
    ...(user !== '' && password !== ''
      ? { token: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` }
      : {}),
  };
}

function dispatcherOf(
  { Agent, EnvHttpProxyAgent, ProxyAgent }: Undici,
  config: RestApiCallConfig,
): Dispatcher {
  const connect = pemTlsOptions(config.credentials);
  const timeouts = { headersTimeout: config.readTimeoutMs, bodyTimeout: config.readTimeoutMs };
  switch (config.proxy.kind) {
    case 'none':
      return new Agent({ connect, ...timeouts });
    case 'system':
      return new EnvHttpProxyAgent({ connect, ...timeouts });
    case 'explicit':
      return new ProxyAgent({
        uri: config.proxy.uri,
        ...(config.proxy.token ? { token: config.proxy.token } : {}),
        requestTls: connect,
        // Plain-http targets go as absolute-URI requests, as curl and most clients send them;
        // https targets are tunnelled with CONNECT.
        proxyTunnel: false,
        ...timeouts,
      });
  }
}

/** The endpoint of one message; a clear error for what is not an absolute http(s) URL. */
function endpointOf(pattern: string, msg: RuleMsg): URL {
  const text = processPattern(pattern, msg).trim();
  if (text === '') throw new Error('Url string cannot be empty!');
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`Url string is invalid: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Unsupported URL scheme '${url.protocol.slice(0, -1)}' in ${text}: use http or https`);
  }
  return url;
}

/**
 * Response headers as metadata, named as the server wrote them (names are matched without regard
 * to case, the first spelling kept): one value as it is, several as a JSON list (the reference's
 * rule).
 */
function headersMetadata(raw: readonly (Buffer | string)[]): Record<string, string> {
  const byName = new Map<string, { name: string; values: string[] }>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = String(raw[i]);
    const value = String(raw[i + 1]);
    const entry = byName.get(name.toLowerCase());
    if (entry) entry.values.push(value);
    else byName.set(name.toLowerCase(), { name, values: [value] });
  }
  const out: Record<string, string> = {};
  for (const { name, values } of byName.values()) {
    out[name] = values.length === 1 ? (values[0] as string) : JSON.stringify(values);
  }
  return out;
}

function failure(msg: RuleMsg, metadata: Record<string, string>): NodeOutput {
  return { msg: changeMsg(msg, { metadata: { ...msg.metadata, ...metadata } }), relations: ['Failure'] };
}

/** A transport error (refused, reset, timed out, bad TLS) in words an operator can act on. */
function transportError(
  { errors }: Undici,
  error: unknown,
  url: URL,
  timeoutMs: number,
  withClientCertificate: boolean,
): string {
  const timedOut =
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    (error instanceof DOMException && error.name === 'TimeoutError');
  if (timedOut) {
    return `Read timed out after ${timeoutMs} ms waiting for ${url.origin}`;
  }
  if (error instanceof errors.ConnectTimeoutError) return `Connect timed out to ${url.origin}`;
  if (error instanceof errors.SocketError) {
    // Over TLS 1.3 a server that refuses the client certificate just closes the connection.
    const hint = withClientCertificate ? ' (it may have refused the client certificate)' : '';
    return `The server at ${url.origin} closed the connection${hint}: ${error.message}`;
  }
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ECONNREFUSED') return `Connection refused: ${url.origin}`;
    if (code === 'ENOTFOUND') return `Unknown host: ${url.hostname}`;
    return error.message || error.name;
  }
  return String(error);
}

/**
 * Calls an HTTP endpoint with the message data as the request body (reference TbRestApiCallNode).
 * On a 2xx answer the response body becomes the message data and the status and response headers
 * are added to the metadata; any other answer, or no answer, goes to Failure with the error.
 */
export const restApiCallNode = defineNode<RestApiCallConfig>({
  clazz: 'org.thingsboard.rule.engine.rest.TbRestApiCallNode',
  type: 'EXTERNAL',
  name: 'rest api call',
  description: 'Invoke REST API calls to external REST server',
  details:
    'Will invoke REST API call <code>GET | POST | PUT | DELETE</code> to external REST server. ' +
    'Message payload added into Request body. Configured attributes can be added into Headers from Message Metadata. ' +
    'Outbound message will contain response fields (<code>status</code>, <code>statusCode</code>, <code>statusReason</code> ' +
    'and response <code>headers</code>) in the Message Metadata. Response body saved in outbound Message payload. ' +
    'For example <b>statusCode</b> field can be accessed with <code>metadata.statusCode</code>.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodeRestApiCallConfig',
  defaultConfiguration: {
    restEndpointUrlPattern: 'http://localhost/api',
    requestMethod: 'POST',
    headers: { 'Content-Type': 'application/json' },
    useSimpleClientHttpFactory: false,
    readTimeoutMs: 0,
    maxParallelRequestsCount: 0,
    useRedisQueueForMsgPersistence: false,
    trimQueue: false,
    enableProxy: false,
    credentials: { type: 'anonymous' },
    ignoreRequestBody: false,
  },
  configurationSchema: nodeConfigSchema(
    {
      restEndpointUrlPattern: text('Endpoint URL pattern'),
      requestMethod: choice('Request method', METHODS, METHODS),
      headers: stringMap('Headers'),
      useSimpleClientHttpFactory: flag('Use simple client HTTP factory'),
      ignoreRequestBody: flag('Without request body'),
      readTimeoutMs: integer('Read timeout in millis', { minimum: 0 }),
      maxParallelRequestsCount: integer('Max number of parallel requests', { minimum: 0 }),
      useRedisQueueForMsgPersistence: flag('Use redis queue for message persistence'),
      trimQueue: flag('Trim redis queue'),
      maxQueueSize: integer('Redis queue max size', { minimum: 0 }),
      ...PROXY_PROPERTIES,
      useSystemProxyProperties: flag('Use system proxy properties'),
      proxyScheme: choice('Proxy scheme', ['http', 'https'], ['http', 'https']),
      credentials: clientCredentials(['anonymous', 'basic', 'cert.PEM'], ['Anonymous', 'Basic', 'PEM']),
    },
    ['restEndpointUrlPattern'],
  ),
  configure(raw) {
    if (configBoolean(raw, 'useRedisQueueForMsgPersistence', false)) {
      throw new RuleNodeConfigError(
        "'useRedisQueueForMsgPersistence' is not supported: messages already wait in the rule engine queue; turn it off",
      );
    }
    const readTimeoutMs = configInteger(raw, 'readTimeoutMs', 0);
    if (readTimeoutMs < 0) throw new RuleNodeConfigError("'readTimeoutMs' must not be negative");
    const maxParallelRequestsCount = configInteger(raw, 'maxParallelRequestsCount', 0);
    if (maxParallelRequestsCount < 0) {
      throw new RuleNodeConfigError("'maxParallelRequestsCount' must not be negative");
    }
    const restEndpointUrlPattern = configString(raw, 'restEndpointUrlPattern', '').trim();
    if (restEndpointUrlPattern === '')
      throw new RuleNodeConfigError("'restEndpointUrlPattern' must not be empty");
    return {
      restEndpointUrlPattern,
      requestMethod: configEnum(raw, 'requestMethod', METHODS, 'POST'),
      headers: configStringMap(raw, 'headers'),
      readTimeoutMs: readTimeoutMs === 0 ? UNBOUNDED_READ_TIMEOUT_MS : readTimeoutMs,
      maxParallelRequestsCount,
      ignoreRequestBody: configBoolean(raw, 'ignoreRequestBody', false),
      proxy: proxyOf(raw),
      credentials: configCredentials(raw, ['anonymous', 'basic', 'cert.PEM']),
    };
  },
  create(config) {
    let dispatcher: Dispatcher | undefined;
    const slots = config.maxParallelRequestsCount > 0 ? new Semaphore(config.maxParallelRequestsCount) : null;

    async function call(msg: RuleMsg): Promise<NodeOutput> {
      let url: URL;
      try {
        url = endpointOf(config.restEndpointUrlPattern, msg);
      } catch (error) {
        return failure(msg, { error: (error as Error).message });
      }
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(config.headers)) {
        headers[processPattern(name, msg)] = processPattern(value, msg);
      }
      if (config.credentials.type === 'basic') {
        const { username, password } = config.credentials;
        headers.Authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
      }
      const withBody = BODY_METHODS.includes(config.requestMethod) && !config.ignoreRequestBody;
      const undici = await loadUndici();
      dispatcher ??= dispatcherOf(undici, config);
      let response: Dispatcher.ResponseData;
      let body: string;
      try {
        response = await undici.request(url, {
          method: config.requestMethod,
          headers,
          dispatcher,
          // Raw headers keep the server's spelling of their names, as the reference's metadata does.
          responseHeaders: 'raw',
          // undici's own timeouts are coarse (about a second); this bounds the whole exchange.
          signal: AbortSignal.timeout(config.readTimeoutMs),
          ...(withBody ? { body: msg.data } : {}),
        });
        body = await response.body.text();
      } catch (error) {
        return failure(msg, {
          error: transportError(
            undici,
            error,
            url,
            config.readTimeoutMs,
            config.credentials.type === 'cert.PEM',
          ),
        });
      }
      const code = response.statusCode;
      const status = { status: statusName(code), statusCode: String(code), statusReason: statusReason(code) };
      const responseHeaders = headersMetadata(response.headers as unknown as (Buffer | string)[]);
      if (code >= 200 && code < 300) {
        return {
          msg: changeMsg(msg, {
            metadata: { ...msg.metadata, ...status, ...responseHeaders },
            // An empty answer (204) leaves an empty JSON object, as the reference does.
            data: body === '' ? '{}' : body,
          }),
          relations: ['Success'],
        };
      }
      return failure(msg, {
        ...status,
        ...responseHeaders,
        error: `${code}: ${status.statusReason}`,
        error_body: body,
      });
    }

    return {
      async onMsg(msg) {
        if (slots === null) return call(msg);
        if (!(await slots.acquire(config.readTimeoutMs))) {
          return failure(msg, { error: 'Timeout during waiting for reply!' });
        }
        try {
          return await call(msg);
        } finally {
          slots.release();
        }
      },
      async destroy() {
        slots?.cancelAll();
        await dispatcher?.destroy();
      },
    };
  },
});
