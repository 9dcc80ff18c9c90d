// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { snsNode } from './aws-sns.js';
import { sqsNode } from './aws-sqs.js';

/**
 * No AWS here: a local HTTP endpoint stands in for SNS and SQS, and the tests check the exact
 * request the AWS SDK sends (signed, with the node's keys and region) and how the node reads the
 * answer.
 */
interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
let server: Server;
let base: string;
const seen: Seen[] = [];
let answer: (seen: Seen, res: ServerResponse) => void = (_s, res) => res.end();

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      seen.push(request);
      answer(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.AWS_ENDPOINT_URL_SNS = base;
});

afterAll(async () => {
  delete process.env.AWS_ENDPOINT_URL_SNS;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const KEYS = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret', region: 'eu-west-1' };

describe('aws sns', () => {
  it('publishes the message data to the patterned topic and returns messageId and requestId', async () => {
    seen.length = 0;
    answer = (_s, res) => {
      res.setHeader('Content-Type', 'text/xml');
      res.setHeader('x-amzn-RequestId', 'req-sns-1');
      res.end(
        '<PublishResponse xmlns="https://sns.amazonaws.com/doc/2010-03-31/"><PublishResult>' +
          '<MessageId>msg-sns-1</MessageId></PublishResult>' +
          '<ResponseMetadata><RequestId>req-sns-1</RequestId></ResponseMetadata></PublishResponse>',
      );
    };
    const node = await nodeHarness(
      snsNode,
      { ...snsNode.defaultConfiguration, ...KEYS, topicArnPattern: 'arn:aws:sns:eu-west-1:1:${deviceType}' },
      {},
    );
    const msg = testMsg({ temperature: 5 });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg.data).toBe(msg.data);
    expect(out?.msg.metadata).toMatchObject({
      deviceName: 'Test device',
      messageId: 'msg-sns-1',
      requestId: 'req-sns-1',
    });
    const request = seen[0];
    expect(request?.method).toBe('POST');
    const form = new URLSearchParams(request?.body);
    expect(form.get('Action')).toBe('Publish');
    expect(form.get('TopicArn')).toBe('arn:aws:sns:eu-west-1:1:default');
    expect(form.get('Message')).toBe('{"temperature":5}');
    expect(request?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sns\/aws4_request/,
    );
    await node.node.destroy?.();
  });

  it('fails with the service error, and without keys', async () => {
    answer = (_s, res) => {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/xml');
      res.end(
        '<ErrorResponse><Error><Type>Sender</Type><Code>NotFound</Code><Message>Topic does not exist</Message></Error>' +
          '<RequestId>r</RequestId></ErrorResponse>',
      );
    };
    const node = await nodeHarness(snsNode, { ...snsNode.defaultConfiguration, ...KEYS }, {});
    await expect(node.run(testMsg({}))).rejects.toThrow('NotFoundException: Topic does not exist');
    const keyless = await nodeHarness(snsNode, snsNode.defaultConfiguration, {});
    await expect(keyless.run(testMsg({}))).rejects.toThrow('AWS credentials are not set');
    await node.node.destroy?.();
  });
});

describe('aws sqs', () => {
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');

  it('sends to the queue URL with attributes and delay, and returns what SQS answered', async () => {
    seen.length = 0;
    answer = (request, res) => {
      const body = JSON.parse(request.body) as { MessageBody: string };
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.setHeader('x-amzn-RequestId', 'req-sqs-1');
      res.end(JSON.stringify({ MessageId: 'msg-sqs-1', MD5OfMessageBody: md5(body.MessageBody) }));
    };
    const node = await nodeHarness(
      sqsNode,
      {
        ...sqsNode.defaultConfiguration,
        ...KEYS,
        // The SDK sends to the queue URL's own host, as it does for real queues.
        queueUrlPattern: `${base}/123456789012/\${deviceType}-queue`,
        delaySeconds: '5',
        messageAttributes: { source: '${deviceName}', room: '$[room]' },
      },
      {},
    );
    const msg = testMsg({ room: 'lab' });
    const [out] = await node.run(msg);
    expect(out?.relations).toEqual(['Success']);
    expect(out?.msg.metadata).toMatchObject({
      messageId: 'msg-sqs-1',
      requestId: 'req-sqs-1',
      messageBodyMd5: md5(msg.data),
    });
    const request = seen[0];
    expect(request?.headers['x-amz-target']).toBe('AmazonSQS.SendMessage');
    expect(JSON.parse(request?.body ?? '')).toEqual({
      QueueUrl: `${base}/123456789012/default-queue`,
      MessageBody: '{"room":"lab"}',
      DelaySeconds: 5,
      MessageAttributes: {
        source: { DataType: 'String', StringValue: 'Test device' },
        room: { DataType: 'String', StringValue: 'lab' },
      },
    });
    await node.node.destroy?.();
  });

  it('gives a FIFO queue the message id for deduplication and the originator as group', async () => {
    seen.length = 0;
    answer = (request, res) => {
      const body = JSON.parse(request.body) as { MessageBody: string };
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.end(
        JSON.stringify({ MessageId: 'm', MD5OfMessageBody: md5(body.MessageBody), SequenceNumber: '1000' }),
      );
    };
    const node = await nodeHarness(
      sqsNode,
      { ...sqsNode.defaultConfiguration, ...KEYS, queueType: 'FIFO', queueUrlPattern: `${base}/1/q.fifo` },
      {},
    );
    const msg = testMsg({});
    const [out] = await node.run(msg);
    expect(out?.msg.metadata.sequenceNumber).toBe('1000');
    const body = JSON.parse(seen[0]?.body ?? '');
    expect(body).toMatchObject({ MessageDeduplicationId: msg.id, MessageGroupId: msg.originator.id });
    expect(body.DelaySeconds).toBeUndefined();
    await node.node.destroy?.();
  });

  it('fails with the service error', async () => {
    answer = (_s, res) => {
      res.statusCode = 400;
      res.setHeader('Content-Type', 'application/x-amz-json-1.0');
      res.end(
        JSON.stringify({
          __type: 'com.amazonaws.sqs#QueueDoesNotExist',
          message: 'The specified queue does not exist.',
        }),
      );
    };
    const node = await nodeHarness(
      sqsNode,
      { ...sqsNode.defaultConfiguration, ...KEYS, queueUrlPattern: `${base}/1/none` },
      {},
    );
    await expect(node.run(testMsg({}))).rejects.toThrow(
      'QueueDoesNotExist: The specified queue does not exist.',
    );
    expect(() => sqsNode.configure({ ...sqsNode.defaultConfiguration, delaySeconds: 901 })).toThrow(
      "'delaySeconds' must be between 0 and 900",
    );
    await node.node.destroy?.();
  });
});
