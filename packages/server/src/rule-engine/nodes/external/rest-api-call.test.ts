// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleNodeConfigError } from '../../node.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { restApiCallNode } from './rest-api-call.js';

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP server; each test sets how it answers and reads what it got. */
let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end('{}');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function harness(config: Record<string, unknown>) {
  return nodeHarness(restApiCallNode, { ...restApiCallNode.defaultConfiguration, ...config } as never, {});
}

describe('rest api call', () => {
  it('posts the message data to the patterned URL and returns the response as the message', async () => {
    seen.length = 0;
    answer = (_req, res) => {
      res.setHeader('X-Answer', 'yes');
      res.setHeader('Content-Type', 'application/json');
      res.setHeader('Set-Cookie', ['a=1', 'b=2']);
      res.end('{"result":42}');
    };
    const node = await harness({
      restEndpointUrlPattern: `${base}/api/\${deviceName}/$[room]`,
      headers: { 'Content-Type': 'application/json', 'X-Device': '${deviceType}' },
    });
    const msg = testMsg({ room: 'kitchen', temperature: 21 });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(seen[0]).toMatchObject({
      method: 'POST',
      url: '/api/Test%20device/kitchen',
      body: '{"room":"kitchen","temperature":21}',
    });
    expect(seen[0]?.headers['x-device']).toBe('default');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
    expect(out?.msg.data).toBe('{"result":42}');
    // Several values of one header become a JSON list.
    expect(out?.msg.metadata['Set-Cookie']).toBe('["a=1","b=2"]');
    expect(out?.msg.id).toBe(msg.id);
    expect(out?.msg.metadata).toMatchObject({
      deviceName: 'Test device',
      status: 'OK',
      statusCode: '200',
      statusReason: 'OK',
      'X-Answer': 'yes',
      'Content-Type': 'application/json',
    });
    await node.node.destroy?.();
  });

  it('sends no body for GET or with ignoreRequestBody, and basic credentials', async () => {
    seen.length = 0;
    answer = (_req, res) => {
      res.statusCode = 204;
      res.end();
    };
    const get = await harness({ restEndpointUrlPattern: `${base}/get`, requestMethod: 'GET' });
    const [out] = await get.run(testMsg({ a: 1 }));
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg.data).toBe('{}');
    expect(out?.msg.metadata).toMatchObject({
      status: 'NO_CONTENT',
      statusCode: '204',
      statusReason: 'No Content',
    });
    const put = await harness({
      restEndpointUrlPattern: `${base}/put`,
      requestMethod: 'PUT',
      ignoreRequestBody: 'true',
      credentials: { type: 'basic', username: 'alice', password: 's3cret' },
    });
    await put.run(testMsg({ a: 1 }));
    expect(seen.map((s) => [s.method, s.body])).toEqual([
      ['GET', ''],
      ['PUT', ''],
    ]);
    expect(seen[1]?.headers.authorization).toBe(`Basic ${Buffer.from('alice:s3cret').toString('base64')}`);
    await get.node.destroy?.();
    await put.node.destroy?.();
  });

  it('sends an error answer to Failure with the status and body', async () => {
    answer = (_req, res) => {
      res.statusCode = 404;
      res.end('no such thing');
    };
    const node = await harness({ restEndpointUrlPattern: `${base}/missing` });
    const msg = testMsg({ a: 1 });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Failure']);
    expect(out?.msg.data).toBe(msg.data);
    expect(out?.msg.metadata).toMatchObject({
      status: 'NOT_FOUND',
      statusCode: '404',
      statusReason: 'Not Found',
      error: '404: Not Found',
      error_body: 'no such thing',
    });
    await node.node.destroy?.();
  });

  it('fails clearly when nothing listens, the URL is bad, or the answer is late', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await harness({ restEndpointUrlPattern: `http://127.0.0.1:${port}/x` });
    const [r] = await refused.run(testMsg({}));
    expect(r?.relations).toEqual(['Failure']);
    expect(r?.msg.metadata.error).toBe(`Connection refused: http://127.0.0.1:${port}`);

    const bad = await harness({ restEndpointUrlPattern: '${target}' });
    const [b] = await bad.run(testMsg({}, { metadata: { target: 'ftp://example.com/x' } }));
    expect(b?.msg.metadata.error).toBe(
      "Unsupported URL scheme 'ftp' in ftp://example.com/x: use http or https",
    );

    answer = (_req, res) => {
      setTimeout(() => res.end('{}'), 1000);
    };
    const slow = await harness({ restEndpointUrlPattern: `${base}/slow`, readTimeoutMs: '100' });
    const started = Date.now();
    const [s] = await slow.run(testMsg({}));
    expect(Date.now() - started).toBeLessThan(900);
    expect(s?.relations).toEqual(['Failure']);
    expect(s?.msg.metadata.error).toBe(`Read timed out after 100 ms waiting for ${base}`);
    for (const h of [refused, bad, slow]) await h.node.destroy?.();
  });

  it('limits parallel requests and fails a message that waits longer than the read timeout', async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    answer = (_req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      setTimeout(() => {
        inFlight--;
        res.end('{}');
      }, 50);
    };
    const node = await harness({
      restEndpointUrlPattern: `${base}/limited`,
      maxParallelRequestsCount: 2,
      readTimeoutMs: 1000,
    });
    const outs = await Promise.all([1, 2, 3, 4, 5].map(() => node.run(testMsg({}))));
    expect(outs.map((o) => o[0]?.relations[0])).toEqual([
      'Success',
      'Success',
      'Success',
      'Success',
      'Success',
    ]);
    expect(maxInFlight).toBe(2);

    answer = (_req, res) => {
      setTimeout(() => res.end('{}'), 250);
    };
    const tight = await harness({
      restEndpointUrlPattern: `${base}/tight`,
      maxParallelRequestsCount: 1,
      readTimeoutMs: 400,
    });
    // One slot: the first holds it to ~250 ms, the second to ~500 ms; the third gives up at 400 ms.
    const results = await Promise.all([1, 2, 3].map(() => tight.run(testMsg({}))));
    expect(results.map((r) => r[0]?.relations[0])).toEqual(['Success', 'Success', 'Failure']);
    expect(results[2]?.[0]?.msg.metadata.error).toBe('Timeout during waiting for reply!');
    await node.node.destroy?.();
    await tight.node.destroy?.();
  });

  it('sends requests through an explicit HTTP proxy', async () => {
    seen.length = 0;
    answer = (_req, res) => res.end('{"via":"proxy"}');
    // The test server stands in for the proxy: a plain-http request through a proxy carries the
    // absolute URL as its target.
    const node = await harness({
      restEndpointUrlPattern: 'http://upstream.invalid/path',
      enableProxy: true,
      proxyHost: '127.0.0.1',
      proxyPort: new URL(base).port,
      proxyUser: 'p',
      proxyPassword: 'q',
    });
    const [out] = await node.run(testMsg({}));
    expect(out?.relations).toEqual(['Success']);
    expect(seen[0]?.url).toBe('http://upstream.invalid/path');
    expect(seen[0]?.headers['proxy-authorization']).toBe(`Basic ${Buffer.from('p:q').toString('base64')}`);
    await node.node.destroy?.();
  });

  it('refuses what it cannot honour, naming the setting', () => {
    const base = restApiCallNode.defaultConfiguration;
    const refused = (config: Record<string, unknown>) => () =>
      restApiCallNode.configure({ ...base, ...config } as never);
    expect(refused({ useRedisQueueForMsgPersistence: true })).toThrow(RuleNodeConfigError);
    expect(refused({ requestMethod: 'FETCH' })).toThrow("'requestMethod' must be one of");
    expect(refused({ credentials: { type: 'sas' } })).toThrow(`'credentials.type' "sas" is not supported`);
    expect(refused({ enableProxy: true, proxyHost: '' })).toThrow("Proxy host can't be empty");
    expect(refused({ enableProxy: true, proxyHost: 'p', proxyPort: 70000 })).toThrow(
      'Proxy port out of range:70000',
    );
    expect(refused({ enableProxy: true, proxyHost: 'p', proxyPort: 1, proxyScheme: 'socks5' })).toThrow(
      "'proxyScheme' must be http or https",
    );
    expect(refused({ readTimeoutMs: 'soon' })).toThrow("'readTimeoutMs' must be a number");
  });
});
