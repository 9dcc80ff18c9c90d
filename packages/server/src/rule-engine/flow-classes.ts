/** Node classes the engine itself carries out: they move messages between chains and queues. */
export const RULE_CHAIN_INPUT_NODE = 'org.thingsboard.rule.engine.flow.TbRuleChainInputNode';
export const RULE_CHAIN_OUTPUT_NODE = 'org.thingsboard.rule.engine.flow.TbRuleChainOutputNode';
export const ACK_NODE = 'org.thingsboard.rule.engine.flow.TbAckNode';
