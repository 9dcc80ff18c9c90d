import type { RuleNodeDefinition } from '../../node.js';
import { clearAlarmNode } from './clear-alarm.js';
import { createAlarmNode } from './create-alarm.js';

/** The action nodes (reference §6.4, type ACTION). */
export const ACTION_NODES: readonly RuleNodeDefinition<unknown>[] = [clearAlarmNode, createAlarmNode];
