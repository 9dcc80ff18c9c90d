import type { RuleNodeDefinition } from '../../node.js';
import { ackNode } from './ack.js';
import { checkpointNode } from './checkpoint.js';

/** The flow nodes (reference §6.4, type FLOW). */
export const FLOW_NODES: readonly RuleNodeDefinition<unknown>[] = [ackNode, checkpointNode];
