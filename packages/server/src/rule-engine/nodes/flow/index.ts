import type { RuleNodeDefinition } from '../../node.js';
import { ackNode } from './ack.js';
import { checkpointNode } from './checkpoint.js';
import { ruleChainInputNode } from './rule-chain-input.js';
import { ruleChainOutputNode } from './rule-chain-output.js';

/** The flow nodes (reference §6.4, type FLOW). */
export const FLOW_NODES: readonly RuleNodeDefinition<unknown>[] = [
  ackNode,
  checkpointNode,
  ruleChainInputNode,
  ruleChainOutputNode,
];
