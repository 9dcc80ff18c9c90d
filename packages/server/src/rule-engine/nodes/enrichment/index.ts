import type { RuleNodeDefinition } from '../../node.js';

/** The enrichment nodes (reference §6.4, type ENRICHMENT). */
export const ENRICHMENT_NODES: readonly RuleNodeDefinition<unknown>[] = [];
