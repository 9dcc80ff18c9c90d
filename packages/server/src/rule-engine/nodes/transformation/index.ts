import type { RuleNodeDefinition } from '../../node.js';

/** The transformation nodes (reference §6.4, type TRANSFORMATION). */
export const TRANSFORMATION_NODES: readonly RuleNodeDefinition<unknown>[] = [];
