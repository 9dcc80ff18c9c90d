import type { MessageAttributeValue, SendMessageCommandOutput, SQSClient } from '@aws-sdk/client-sqs';
import { configEnum, configInteger, configString, configStringMap } from '../../config.js';
import { choice, integer, nodeConfigSchema, stringMap, text } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import {
  AWS_ACCOUNT_PROPERTIES,
  type AwsAccount,
  awsClientConfig,
  awsErrorText,
  configAwsAccount,
} from './aws-config.js';

export interface SqsConfig extends AwsAccount {
  queueType: 'STANDARD' | 'FIFO';
  queueUrlPattern: string;
  delaySeconds: number;
  messageAttributes: Record<string, string>;
}

/**
 * Sends the message data to an AWS SQS queue (reference TbSqsNode). A FIFO queue gets the
 * message id as deduplication id and the originator id as group id (the reference's choice), a
 * standard queue the configured delay. The message goes on with what SQS answered in its metadata.
 */
export const sqsNode = defineNode<SqsConfig>({
  clazz: 'org.thingsboard.rule.engine.aws.sqs.TbSqsNode',
  type: 'EXTERNAL',
  name: 'aws sqs',
  description: 'Publish messages to the AWS SQS',
  details:
    'Will publish message payload and metadata attributes to the AWS SQS queue. Outbound message will contain ' +
    'response fields (<code>messageId</code>, <code>requestId</code>, <code>messageBodyMd5</code>, ' +
    '<code>messageAttributesMd5</code>, <code>sequenceNumber</code>) in the Message Metadata from the AWS SQS. ' +
    'For example <b>requestId</b> field can be accessed with <code>metadata.requestId</code>.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodeSqsConfig',
  defaultConfiguration: {
    queueType: 'STANDARD',
    queueUrlPattern: 'https://sqs.us-east-1.amazonaws.com/123456789012/my-queue-name',
    delaySeconds: 0,
    messageAttributes: {},
    accessKeyId: null,
    secretAccessKey: null,
    region: 'us-east-1',
  },
  configurationSchema: nodeConfigSchema(
    {
      queueType: choice('Queue type', ['STANDARD', 'FIFO'], ['Standard', 'FIFO']),
      queueUrlPattern: text('Queue URL pattern'),
      delaySeconds: integer('Delay (seconds)', { minimum: 0, maximum: 900 }),
      messageAttributes: stringMap('Message attributes'),
      ...AWS_ACCOUNT_PROPERTIES,
    },
    ['queueUrlPattern'],
  ),
  configure(raw) {
    const queueUrlPattern = configString(raw, 'queueUrlPattern', '').trim();
    if (queueUrlPattern === '') throw new RuleNodeConfigError("'queueUrlPattern' must not be empty");
    const delaySeconds = configInteger(raw, 'delaySeconds', 0);
    // SQS's own bounds: up to 15 minutes.
    if (delaySeconds < 0 || delaySeconds > 900) {
      throw new RuleNodeConfigError("'delaySeconds' must be between 0 and 900");
    }
    return {
      queueType: configEnum(raw, 'queueType', ['STANDARD', 'FIFO'], 'STANDARD'),
      queueUrlPattern,
      delaySeconds,
      messageAttributes: configStringMap(raw, 'messageAttributes'),
      ...configAwsAccount(raw),
    };
  },
  async create(config) {
    const { SQSClient, SendMessageCommand } = await import('@aws-sdk/client-sqs');
    let client: SQSClient | undefined;
    return {
      async onMsg(msg) {
        client ??= new SQSClient(awsClientConfig(config));
        const attributes: Record<string, MessageAttributeValue> = {};
        for (const [name, value] of Object.entries(config.messageAttributes)) {
          attributes[processPattern(name, msg)] = {
            DataType: 'String',
            StringValue: processPattern(value, msg),
          };
        }
        let result: SendMessageCommandOutput;
        try {
          result = await client.send(
            new SendMessageCommand({
              QueueUrl: processPattern(config.queueUrlPattern, msg),
              MessageBody: msg.data,
              ...(Object.keys(attributes).length > 0 ? { MessageAttributes: attributes } : {}),
              ...(config.queueType === 'STANDARD'
                ? { DelaySeconds: config.delaySeconds }
                : { MessageDeduplicationId: msg.id, MessageGroupId: msg.originator.id }),
            }),
          );
        } catch (error) {
          throw new Error(awsErrorText(error));
        }
        const metadata: Record<string, string> = { ...msg.metadata, messageId: result.MessageId ?? '' };
        if (result.$metadata.requestId) metadata.requestId = result.$metadata.requestId;
        if (result.MD5OfMessageBody) metadata.messageBodyMd5 = result.MD5OfMessageBody;
        if (result.MD5OfMessageAttributes) metadata.messageAttributesMd5 = result.MD5OfMessageAttributes;
        if (result.SequenceNumber) metadata.sequenceNumber = result.SequenceNumber;
        return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
      },
      destroy() {
        client?.destroy();
      },
    };
  },
});
