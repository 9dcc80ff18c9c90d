import type { RuleNodeDefinition } from '../../node.js';
import { messageTypeSwitchNode } from './message-type-switch.js';

/** The filter nodes (reference §6.4, type FILTER). */
export const FILTER_NODES: readonly RuleNodeDefinition<unknown>[] = [messageTypeSwitchNode];
