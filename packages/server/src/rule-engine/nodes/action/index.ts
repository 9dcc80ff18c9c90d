import type { RuleNodeDefinition } from '../../node.js';

/** The action nodes (reference §6.4, type ACTION). */
export const ACTION_NODES: readonly RuleNodeDefinition<unknown>[] = [];
