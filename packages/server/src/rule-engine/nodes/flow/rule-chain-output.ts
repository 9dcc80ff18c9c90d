import { EMPTY_CONFIG_SCHEMA } from '../../config-schema.js';
import { RULE_CHAIN_OUTPUT_NODE } from '../../flow-classes.js';
import { defineNode } from '../../node.js';

/** Returns the message to the calling chain, leaving there by this node's name (TbRuleChainOutputNode). */
export const ruleChainOutputNode = defineNode<Record<string, never>>({
  clazz: RULE_CHAIN_OUTPUT_NODE,
  type: 'FLOW',
  name: 'output',
  description: 'transfers the message to the caller rule chain',
  details:
    'Produces output of the rule chain processing. The output is forwarded to the caller rule chain, as an output of the corresponding "input" rule node. The output rule node name corresponds to the relation type of the output message, and it is used to forward messages to other rule nodes in the caller rule chain.',
  relationTypes: [],
  outEnabled: false,
  configDirective: 'tbFlowNodeRuleChainOutputConfig',
  defaultConfiguration: { version: 0 },
  configurationSchema: EMPTY_CONFIG_SCHEMA,
  configure: () => ({}),
  create: () => ({
    onMsg() {
      throw new Error('The output node is carried out by the engine');
    },
  }),
});
