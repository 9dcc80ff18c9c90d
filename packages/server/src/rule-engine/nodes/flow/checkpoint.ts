import { configString } from '../../config.js';
import { nodeConfigSchema, text } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';

export interface CheckpointConfig {
  queueName: string;
}

/**
 * Moves the message to another rule engine queue (reference TbCheckpointNode). The node answers
 * the message changed to the configured queue with Success; the engine sees that the queue
 * changed, enqueues the message there (it continues at this node's Success connections when that
 * queue's consumer takes it) and acknowledges it in the current queue.
 */
export const checkpointNode = defineNode<CheckpointConfig>({
  clazz: 'org.thingsboard.rule.engine.flow.TbCheckpointNode',
  type: 'FLOW',
  name: 'checkpoint',
  description: 'transfers the message to another queue',
  details:
    'After successful transfer incoming message is automatically acknowledged. Queue name is configurable.',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeCheckPointConfig',
  defaultConfiguration: { queueName: 'HighPriority' },
  configurationSchema: nodeConfigSchema({ queueName: text('Queue name') }, ['queueName']),
  configure(raw) {
    const queueName = configString(raw, 'queueName', 'HighPriority').trim();
    if (queueName === '') throw new RuleNodeConfigError("'queueName' must not be empty");
    return { queueName };
  },
  create: (config) => ({
    onMsg: (msg) => ({ msg: changeMsg(msg, { queueName: config.queueName }), relations: ['Success'] }),
  }),
});
