import type { JsonObject } from '@meridian/common';
import { importPKCS8, SignJWT } from 'jose';
import { configString, configStringMap } from '../../config.js';
import { nodeConfigSchema, stringMap, text } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';

const PUBSUB_SCOPE = 'https://www.googleapis.com/auth/pubsub';
const GOOGLE_API_ROOT = 'https://pubsub.googleapis.com';
const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** Each call to Google waits at most this long. */
const CALL_TIMEOUT_MS = 30_000;

/** The fields of a service account key file the node uses. */
interface ServiceAccountKey {
  clientEmail: string;
  privateKey: string;
  privateKeyId: string | undefined;
  tokenUri: string;
}

export interface PubSubConfig {
  projectId: string;
  topicName: string;
  messageAttributes: Record<string, string>;
  key: ServiceAccountKey;
}

function readKey(text: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RuleNodeConfigError("'serviceAccountKey' must be the JSON key file of a service account");
  }
  const key = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<string, unknown>;
  const field = (name: string) => (typeof key[name] === 'string' ? (key[name] as string) : undefined);
  const clientEmail = field('client_email');
  const privateKey = field('private_key');
  if (!clientEmail || !privateKey) {
    throw new RuleNodeConfigError(
      "'serviceAccountKey' must hold the service account's client_email and private_key",
    );
  }
  return {
    clientEmail,
    privateKey,
    privateKeyId: field('private_key_id'),
    tokenUri: field('token_uri') ?? GOOGLE_TOKEN_URI,
  };
}

function configure(raw: JsonObject): PubSubConfig {
  const projectId = configString(raw, 'projectId', '').trim();
  const topicName = configString(raw, 'topicName', '').trim();
  if (projectId === '') throw new RuleNodeConfigError("'projectId' must not be empty");
  if (topicName === '') throw new RuleNodeConfigError("'topicName' must not be empty");
  return {
    projectId,
    topicName,
    messageAttributes: configStringMap(raw, 'messageAttributes'),
    key: readKey(configString(raw, 'serviceAccountKey', '')),
  };
}

async function call(url: string, init: RequestInit, what: string): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(CALL_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new Error(`${what} failed: ${cause ?? (error as Error).message}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let detail = text;
    try {
      const body = JSON.parse(text) as { error?: { message?: string } | string; error_description?: string };
      detail =
        body.error_description ?? (typeof body.error === 'string' ? body.error : body.error?.message) ?? text;
    } catch {}
    throw new Error(`${what} failed: ${response.status} ${detail}`);
  }
  return JSON.parse(text) as unknown;
}

function defaultEndpoint(): { apiRoot: string; authenticate: boolean } {
  const emulator = process.env.PUBSUB_EMULATOR_HOST;
  return emulator
    ? { apiRoot: `http://${emulator}`, authenticate: false }
    : { apiRoot: GOOGLE_API_ROOT, authenticate: true };
}

/**
 * Publishes to one topic over the Pub/Sub REST API. It signs in as the service account with a
 * signed JWT (OAuth 2.0 JWT bearer grant) and keeps the access token until shortly before it
 * expires. With PUBSUB_EMULATOR_HOST set, it talks to the emulator there, unauthenticated, as
 * Google's own clients do.
 */
export class PubSubPublisher {
  private token: { value: string; until: number } | undefined;

  constructor(
    private readonly config: PubSubConfig,
    private readonly endpoint: { apiRoot: string; authenticate: boolean } = defaultEndpoint(),
    private readonly now: () => number = Date.now,
  ) {}

  private async accessToken(): Promise<string> {
    if (this.token && this.token.until > this.now()) return this.token.value;
    const { key } = this.config;
    let signingKey: Awaited<ReturnType<typeof importPKCS8>>;
    try {
      signingKey = await importPKCS8(key.privateKey, 'RS256');
    } catch {
      throw new Error("The service account's private_key is not a PKCS#8 RSA key");
    }
    const issuedAt = Math.floor(this.now() / 1000);
    const assertion = await new SignJWT({ scope: PUBSUB_SCOPE })
      .setProtectedHeader({
        alg: 'RS256',
        typ: 'JWT',
        ...(key.privateKeyId ? { kid: key.privateKeyId } : {}),
      })
      .setIssuer(key.clientEmail)
      .setAudience(key.tokenUri)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(signingKey);
    const answer = (await call(
      key.tokenUri,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
          assertion,
        }).toString(),
      },
      'Google sign-in of the service account',
    )) as { access_token?: string; expires_in?: number };
    if (!answer.access_token) throw new Error('Google sign-in of the service account gave no access token');
    const lifetime = (answer.expires_in ?? 3600) * 1000;
    this.token = { value: answer.access_token, until: this.now() + Math.max(0, lifetime - 60_000) };
    return answer.access_token;
  }

  async publish(data: string, attributes: Record<string, string>): Promise<string> {
    const { projectId, topicName } = this.config;
    const url = `${this.endpoint.apiRoot}/v1/projects/${encodeURIComponent(projectId)}/topics/${encodeURIComponent(topicName)}:publish`;
    const headers: Record<string, string> = { 'Content-Type': 'application/json' };
    if (this.endpoint.authenticate) headers.Authorization = `Bearer ${await this.accessToken()}`;
    const message = {
      data: Buffer.from(data, 'utf8').toString('base64'),
      ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
    };
    const answer = (await call(
      url,
      { method: 'POST', headers, body: JSON.stringify({ messages: [message] }) },
      `Publishing to Pub/Sub topic projects/${projectId}/topics/${topicName}`,
    )) as { messageIds?: string[] };
    const id = answer.messageIds?.[0];
    if (!id) throw new Error('Pub/Sub answered without a message id');
    return id;
  }
}

/**
 * Publishes the message data to a Google Cloud Pub/Sub topic (reference TbPubSubNode), with
 * attributes made from the message; the message goes on with the `messageId` Pub/Sub gave it.
 */
export const pubSubNode = defineNode<PubSubConfig>({
  clazz: 'org.thingsboard.rule.engine.gcp.pubsub.TbPubSubNode',
  type: 'EXTERNAL',
  name: 'gcp pubsub',
  description: 'Publish message to the Google Cloud PubSub',
  details:
    'Will publish message payload to the Google Cloud Platform PubSub topic. Outbound message will contain ' +
    'response fields (<code>messageId</code>) in the Message Metadata from the GCP PubSub. ' +
    '<b>messageId</b> field can be accessed with <code>metadata.messageId</code>.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodePubSubConfig',
  defaultConfiguration: {
    projectId: 'my-google-cloud-project-id',
    topicName: 'my-pubsub-topic-name',
    messageAttributes: {},
  },
  configurationSchema: nodeConfigSchema(
    {
      projectId: text('GCP project ID'),
      topicName: text('Topic name'),
      serviceAccountKey: text('GCP service account key file'),
      serviceAccountKeyFileName: text('Service account key file name'),
      messageAttributes: stringMap('Message attributes'),
    },
    ['projectId', 'topicName'],
  ),
  configure,
  create(config) {
    const publisher = new PubSubPublisher(config);
    return {
      async onMsg(msg) {
        const attributes: Record<string, string> = {};
        for (const [name, value] of Object.entries(config.messageAttributes)) {
          attributes[processPattern(name, msg)] = processPattern(value, msg);
        }
        const messageId = await publisher.publish(msg.data, attributes);
        return { msg: changeMsg(msg, { metadata: { ...msg.metadata, messageId } }), relations: ['Success'] };
      },
    };
  },
});
