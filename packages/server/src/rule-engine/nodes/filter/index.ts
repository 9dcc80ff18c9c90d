import type { RuleNodeDefinition } from '../../node.js';

/** The filter nodes (reference §6.4, type FILTER). */
export const FILTER_NODES: readonly RuleNodeDefinition<unknown>[] = [];
