import { EMPTY_CONFIG_SCHEMA } from '../../config-schema.js';
import { defineNode } from '../../node.js';

/**
 * Acknowledges the message early (reference TbAckNode). The acknowledgement itself is the
 * engine's: it sees this node's class and marks the message processed in its queue pack before
 * following the Success connections, so whatever happens downstream no longer holds the pack back
 * or gets retried. The node only passes the message on.
 */
export const ackNode = defineNode<Record<string, never>>({
  clazz: 'org.thingsboard.rule.engine.flow.TbAckNode',
  type: 'FLOW',
  name: 'acknowledge',
  description: 'Acknowledges the incoming message',
  details:
    "After acknowledgement, the message is pushed to related rule nodes. Useful if you don't care what happens to this message next.",
  relationTypes: ['Success'],
  configDirective: 'tbNodeEmptyConfig',
  defaultConfiguration: { version: 0 },
  configurationSchema: EMPTY_CONFIG_SCHEMA,
  configure: () => ({}),
  create: () => ({ onMsg: (msg) => ({ msg, relations: ['Success'] }) }),
});
