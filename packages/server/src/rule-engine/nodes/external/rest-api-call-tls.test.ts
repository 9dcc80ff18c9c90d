import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { restApiCallNode } from './rest-api-call.js';

/**
 * The rest api call node with cert.PEM credentials against a real HTTPS server that requires a
 * client certificate; certificates are made with the openssl binary at test time.
 */
const run = promisify(execFile);
let dir: string;
let server: Server;
let url: string;
const pairs: Record<'server' | 'client' | 'stranger', { cert: string; key: string }> = {} as never;

async function selfSigned(name: string, extra: string[] = []) {
  const key = path.join(dir, `${name}.key`);
  const cert = path.join(dir, `${name}.pem`);
  await run('/usr/bin/openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    `/CN=${name}`,
    ...extra,
  ]);
  return { cert: await readFile(cert, 'utf8'), key: await readFile(key, 'utf8') };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'meridian-rest-tls-'));
  pairs.server = await selfSigned('server', ['-addext', 'subjectAltName=IP:127.0.0.1']);
  pairs.client = await selfSigned('client');
  pairs.stranger = await selfSigned('stranger');
  server = createServer(
    { ...pairs.server, ca: pairs.client.cert, requestCert: true, rejectUnauthorized: true },
    (req, res) => {
      const peer = (req.socket as TLSSocket).getPeerCertificate();
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ client: peer.subject?.CN }));
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/secure`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

const credentials = (pair: { cert: string; key: string }) => ({
  type: 'cert.PEM',
  caCert: pairs.server.cert,
  cert: pair.cert,
  privateKey: pair.key,
});

describe('rest api call over TLS with a client certificate', () => {
  it('trusts the given CA and presents the certificate', async () => {
    const node = await nodeHarness(
      restApiCallNode,
      { restEndpointUrlPattern: url, credentials: credentials(pairs.client) },
      {},
    );
    const [out] = await node.run(testMsg({ a: 1 }));
    expect(out?.relations).toEqual(['Success']);
    expect(JSON.parse(out?.msg.data ?? '')).toEqual({ client: 'client' });
    await node.node.destroy?.();
  });

  it('fails when the server refuses the certificate or is not trusted', async () => {
    const stranger = await nodeHarness(
      restApiCallNode,
      { restEndpointUrlPattern: url, credentials: credentials(pairs.stranger) },
      {},
    );
    const [refused] = await stranger.run(testMsg({}));
    expect(refused?.relations).toEqual(['Failure']);
    expect(refused?.msg.metadata.error).toBe(
      `The server at ${new URL(url).origin} closed the connection (it may have refused the client certificate): other side closed`,
    );
    const anonymous = await nodeHarness(restApiCallNode, { restEndpointUrlPattern: url }, {});
    const [untrusted] = await anonymous.run(testMsg({}));
    expect(untrusted?.relations).toEqual(['Failure']);
    expect(untrusted?.msg.metadata.error).toMatch(/self[- ]signed certificate/);
    await stranger.node.destroy?.();
    await anonymous.node.destroy?.();
  });
});
