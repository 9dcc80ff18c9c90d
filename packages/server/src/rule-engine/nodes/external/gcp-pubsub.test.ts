// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalJWKSet, exportJWK, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { type PubSubConfig, PubSubPublisher, pubSubNode } from './gcp-pubsub.js';

/**
 * No Google here: one local HTTP server stands in for both the OAuth token endpoint (named by the
 * key file's token_uri) and the Pub/Sub API, and the tests check the requests the node makes.
 */
const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
let server: Server;
let base: string;
const seen: { url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let answer: (url: string, body: string, res: ServerResponse) => void = (_u, _b, res) => res.end('{}');

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      seen.push({ url: req.url ?? '', headers: req.headers, body });
      answer(req.url ?? '', body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const keyFile = () =>
  JSON.stringify({
    type: 'service_account',
    project_id: 'demo-project',
    private_key_id: 'key-1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: 'meridian@demo-project.iam.gserviceaccount.com',
    token_uri: `${base}/token`,
  });

describe('gcp pubsub', () => {
  it('signs in as the service account and publishes the data with attributes', async () => {
    seen.length = 0;
    answer = (url, _body, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (url === '/token')
        res.end(JSON.stringify({ access_token: 'ya29.token', expires_in: 3600, token_type: 'Bearer' }));
      else res.end(JSON.stringify({ messageIds: [`id-${seen.length}`] }));
    };
    const config = pubSubNode.configure({
      projectId: 'demo-project',
      topicName: 'readings',
      messageAttributes: { device: '${deviceName}', room: '$[room]' },
      serviceAccountKey: keyFile(),
    }) as PubSubConfig;
    const publisher = new PubSubPublisher(config, { apiRoot: base, authenticate: true });
    expect(await publisher.publish('{"room":"lab"}', { device: 'Test device' })).toBe('id-2');
    expect(await publisher.publish('{}', {})).toBe('id-3');

    // One sign-in for both: a JWT bearer grant signed with the key, for the Pub/Sub scope.
    expect(seen.map((s) => s.url)).toEqual([
      '/token',
      '/v1/projects/demo-project/topics/readings:publish',
      '/v1/projects/demo-project/topics/readings:publish',
    ]);
    const grant = new URLSearchParams(seen[0]?.body);
    expect(grant.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const jwk = { ...(await exportJWK(publicKey)), kid: 'key-1', alg: 'RS256' };
    const { payload } = await jwtVerify(grant.get('assertion') ?? '', createLocalJWKSet({ keys: [jwk] }), {
      issuer: 'meridian@demo-project.iam.gserviceaccount.com',
      audience: `${base}/token`,
    });
    expect(payload.scope).toBe('https://www.googleapis.com/auth/pubsub');
    expect(seen[1]?.headers.authorization).toBe('Bearer ya29.token');
    expect(JSON.parse(seen[1]?.body ?? '')).toEqual({
      messages: [
        { data: Buffer.from('{"room":"lab"}').toString('base64'), attributes: { device: 'Test device' } },
      ],
    });
  });

  it('runs as a node against an emulator and reports Google errors clearly', async () => {
    seen.length = 0;
    process.env.PUBSUB_EMULATOR_HOST = new URL(base).host;
    try {
      answer = (_url, _body, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.end(JSON.stringify({ messageIds: ['emulated-1'] }));
      };
      const node = await nodeHarness(
        pubSubNode,
        {
          ...pubSubNode.defaultConfiguration,
          serviceAccountKey: keyFile(),
          messageAttributes: { room: '$[room]' },
        },
        {},
      );
      const [out] = await node.run(testMsg({ room: 'hall' }));
      expect(out?.relations).toEqual(['Success']);
      expect(out?.msg.metadata.messageId).toBe('emulated-1');
      expect(seen[0]?.url).toBe(
        '/v1/projects/my-google-cloud-project-id/topics/my-pubsub-topic-name:publish',
      );
      expect(seen[0]?.headers.authorization).toBeUndefined();

      answer = (_url, _body, res) => {
        res.statusCode = 404;
        res.setHeader('Content-Type', 'application/json');
        res.end(
          JSON.stringify({
            error: { code: 404, message: 'Resource not found (resource=my-pubsub-topic-name).' },
          }),
        );
      };
      await expect(node.run(testMsg({}))).rejects.toThrow(
        'Publishing to Pub/Sub topic projects/my-google-cloud-project-id/topics/my-pubsub-topic-name failed: 404 Resource not found (resource=my-pubsub-topic-name).',
      );
    } finally {
      delete process.env.PUBSUB_EMULATOR_HOST;
    }
  });

  it('refuses a missing or broken service account key', () => {
    expect(() => pubSubNode.configure(pubSubNode.defaultConfiguration)).toThrow(
      "'serviceAccountKey' must be the JSON key file of a service account",
    );
    expect(() =>
      pubSubNode.configure({ ...pubSubNode.defaultConfiguration, serviceAccountKey: '{"client_email":"x"}' }),
    ).toThrow("'serviceAccountKey' must hold the service account's client_email and private_key");
  });
});
