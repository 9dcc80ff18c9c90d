import { describe, expect, it } from 'vitest';
import { builtInNodes } from '../../registry.js';

/** Class, name and config directive of the external nodes (reference §6.4); all leave by Success. */
const EXTERNAL: [string, string, string][] = [
  ['aws.sns.TbSnsNode', 'aws sns', 'tbActionNodeSnsConfig'],
  ['aws.sqs.TbSqsNode', 'aws sqs', 'tbActionNodeSqsConfig'],
  ['mqtt.azure.TbAzureIotHubNode', 'azure iot hub', 'tbActionNodeAzureIotHubConfig'],
  ['gcp.pubsub.TbPubSubNode', 'gcp pubsub', 'tbActionNodePubSubConfig'],
  ['kafka.TbKafkaNode', 'kafka', 'tbActionNodeKafkaConfig'],
  ['mqtt.TbMqttNode', 'mqtt', 'tbActionNodeMqttConfig'],
  ['rabbitmq.TbRabbitMqNode', 'rabbitmq', 'tbActionNodeRabbitMqConfig'],
  ['rest.TbRestApiCallNode', 'rest api call', 'tbActionNodeRestApiCallConfig'],
  ['mail.TbSendEmailNode', 'send email', 'tbActionNodeSendEmailConfig'],
  ['sms.TbSendSmsNode', 'send sms', 'tbActionNodeSendSmsConfig'],
];

describe('external node catalogue', () => {
  const registry = builtInNodes();

  it.each(EXTERNAL)('%s is registered as the reference describes it', (clazz, name, directive) => {
    const definition = registry.get(`org.thingsboard.rule.engine.${clazz}`);
    expect(definition).toMatchObject({
      type: 'EXTERNAL',
      name,
      configDirective: directive,
      relationTypes: ['Success'],
    });
    expect(definition?.description).not.toBe('');
    expect(definition?.details).not.toBe('');
  });

  it('holds exactly these nodes', () => {
    expect(
      registry
        .ofType('EXTERNAL')
        .map((definition) => definition.name)
        .sort(),
    ).toEqual(EXTERNAL.map(([, name]) => name).sort());
  });
});
