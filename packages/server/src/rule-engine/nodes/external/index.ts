import type { RuleNodeDefinition } from '../../node.js';
import { snsNode } from './aws-sns.js';
import { sqsNode } from './aws-sqs.js';
import { azureIotHubNode } from './azure-iot-hub.js';
import { pubSubNode } from './gcp-pubsub.js';
import { kafkaNode } from './kafka.js';
import { mqttNode } from './mqtt.js';
import { rabbitMqNode } from './rabbitmq.js';
import { restApiCallNode } from './rest-api-call.js';
import { sendEmailNode } from './send-email.js';
import { sendSmsNode } from './send-sms.js';

/** The external nodes (reference §6.4, type EXTERNAL). */
export const EXTERNAL_NODES: readonly RuleNodeDefinition<unknown>[] = [
  restApiCallNode,
  mqttNode,
  rabbitMqNode,
  sendEmailNode,
  snsNode,
  sqsNode,
  azureIotHubNode,
  kafkaNode,
  pubSubNode,
  sendSmsNode,
];
