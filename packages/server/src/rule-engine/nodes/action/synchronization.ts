import { EMPTY_CONFIG_SCHEMA } from '../../config-schema.js';
import { defineNode } from '../../node.js';

/**
 * The deprecated transaction nodes of the reference (TbSynchronizationBeginNode / EndNode). Since
 * the checkpoint node and the SequentialByOriginator queue took over their job, they only pass the
 * message on with Success; chains exported with them keep working.
 */
export const synchronizationStartNode = defineNode<Record<string, never>>({
  clazz: 'org.thingsboard.rule.engine.transaction.TbSynchronizationBeginNode',
  type: 'ACTION',
  name: 'synchronization start',
  description: 'This Node is now deprecated. Use "Checkpoint" instead.',
  details:
    'This node should be used together with "synchronization end" node. \n This node will put messages into queue based on message originator id. \n' +
    'Subsequent messages will not be processed until the previous message processing is completed or timeout event occurs.\n' +
    'Size of the queue per originator and timeout values are configurable on a system level',
  relationTypes: ['Success'],
  configDirective: 'tbNodeEmptyConfig',
  defaultConfiguration: { version: 0 },
  configurationSchema: EMPTY_CONFIG_SCHEMA,
  configure: () => ({}),
  create: () => ({ onMsg: (msg) => ({ msg, relations: ['Success'] }) }),
});

export const synchronizationEndNode = defineNode<Record<string, never>>({
  clazz: 'org.thingsboard.rule.engine.transaction.TbSynchronizationEndNode',
  type: 'ACTION',
  name: 'synchronization end',
  description: 'This Node is now deprecated. Use "Checkpoint" instead.',
  details: '',
  relationTypes: ['Success'],
  // The reference gives this node no configuration form.
  configDirective: '',
  defaultConfiguration: { version: 0 },
  configurationSchema: EMPTY_CONFIG_SCHEMA,
  configure: () => ({}),
  create: () => ({ onMsg: (msg) => ({ msg, relations: ['Success'] }) }),
});
