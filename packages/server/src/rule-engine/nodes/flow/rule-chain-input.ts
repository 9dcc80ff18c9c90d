import { configString } from '../../config.js';
import { nodeConfigSchema, optionalText } from '../../config-schema.js';
import { RULE_CHAIN_INPUT_NODE } from '../../flow-classes.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';

/**
 * Forwards the message to another chain of the tenant (TbRuleChainInputNode). The engine carries
 * it out: it returns through the target chain's output nodes, whose names are this node's outputs.
 */
export const ruleChainInputNode = defineNode<{ ruleChainId: string }>({
  clazz: RULE_CHAIN_INPUT_NODE,
  type: 'FLOW',
  name: 'rule chain',
  description: 'transfers the message to another rule chain',
  details:
    'Allows to nest the rule chain similar to single rule node. The incoming message is forwarded to the input node of the specified target rule chain. The target rule chain may produce multiple labeled outputs. You may use the outputs to forward the results of processing to other rule nodes.',
  relationTypes: [],
  customRelations: true,
  configDirective: 'tbFlowNodeRuleChainInputConfig',
  defaultConfiguration: { ruleChainId: null },
  configurationSchema: nodeConfigSchema({ ruleChainId: optionalText('Rule chain') }, ['ruleChainId']),
  configure: (raw) => {
    const ruleChainId = configString(raw, 'ruleChainId', '');
    if (!ruleChainId) throw new RuleNodeConfigError("'ruleChainId' must name the target rule chain");
    return { ruleChainId };
  },
  create: () => ({
    onMsg() {
      throw new Error('The rule chain node is carried out by the engine');
    },
  }),
});
