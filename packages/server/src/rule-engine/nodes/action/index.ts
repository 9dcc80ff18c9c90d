import type { RuleNodeDefinition } from '../../node.js';
import { clearAlarmNode } from './clear-alarm.js';
import { createAlarmNode } from './create-alarm.js';
import { delayNode } from './delay.js';
import { generatorNode } from './generator.js';
import { gpsGeofencingActionNode } from './gps-geofencing.js';
import { logNode } from './log.js';
import { msgCountNode } from './msg-count.js';
import { synchronizationEndNode, synchronizationStartNode } from './synchronization.js';

/** The action nodes (reference §6.4, type ACTION). */
export const ACTION_NODES: readonly RuleNodeDefinition<unknown>[] = [
  clearAlarmNode,
  createAlarmNode,
  delayNode,
  generatorNode,
  gpsGeofencingActionNode,
  logNode,
  msgCountNode,
  synchronizationEndNode,
  synchronizationStartNode,
];
