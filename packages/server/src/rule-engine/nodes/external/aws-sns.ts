import type { PublishCommandOutput, SNSClient } from '@aws-sdk/client-sns';
import { configString } from '../../config.js';
import { nodeConfigSchema, text } from '../../config-schema.js';
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

export interface SnsConfig extends AwsAccount {
  topicArnPattern: string;
}

/**
 * Publishes the message data to an AWS SNS topic (reference TbSnsNode); the message goes on with
 * the topic's `messageId` and the call's `requestId` in its metadata.
 */
export const snsNode = defineNode<SnsConfig>({
  clazz: 'org.thingsboard.rule.engine.aws.sns.TbSnsNode',
  type: 'EXTERNAL',
  name: 'aws sns',
  description: 'Publish messages to the AWS SNS',
  details:
    'Will publish message payload and metadata attributes to the AWS SNS topic. Outbound message will contain ' +
    'response fields (<code>messageId</code>, <code>requestId</code>) in the Message Metadata from the AWS SNS. ' +
    'For example <b>requestId</b> field can be accessed with <code>metadata.requestId</code>.',
  relationTypes: ['Success'],
  icon: 'call_split',
  configDirective: 'tbActionNodeSnsConfig',
  defaultConfiguration: {
    topicArnPattern: 'arn:aws:sns:us-east-1:123456789012:MyNewTopic',
    accessKeyId: null,
    secretAccessKey: null,
    region: 'us-east-1',
  },
  configurationSchema: nodeConfigSchema(
    { topicArnPattern: text('Topic ARN pattern'), ...AWS_ACCOUNT_PROPERTIES },
    ['topicArnPattern'],
  ),
  configure(raw) {
    const topicArnPattern = configString(raw, 'topicArnPattern', '').trim();
    if (topicArnPattern === '') throw new RuleNodeConfigError("'topicArnPattern' must not be empty");
    return { topicArnPattern, ...configAwsAccount(raw) };
  },
  async create(config) {
    const { SNSClient, PublishCommand } = await import('@aws-sdk/client-sns');
    let client: SNSClient | undefined;
    return {
      async onMsg(msg) {
        client ??= new SNSClient(awsClientConfig(config));
        let result: PublishCommandOutput;
        try {
          result = await client.send(
            new PublishCommand({ TopicArn: processPattern(config.topicArnPattern, msg), Message: msg.data }),
          );
        } catch (error) {
          throw new Error(awsErrorText(error));
        }
        const metadata: Record<string, string> = { ...msg.metadata, messageId: result.MessageId ?? '' };
        if (result.$metadata.requestId) metadata.requestId = result.$metadata.requestId;
        return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
      },
      destroy() {
        client?.destroy();
      },
    };
  },
});
