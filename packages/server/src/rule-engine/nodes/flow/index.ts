import type { RuleNodeDefinition } from '../../node.js';

/** The flow nodes (reference §6.4, type FLOW). */
export const FLOW_NODES: readonly RuleNodeDefinition<unknown>[] = [];
