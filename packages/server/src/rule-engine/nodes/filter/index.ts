import type { RuleNodeDefinition } from '../../node.js';
import { checkAlarmStatusNode } from './check-alarm-status.js';
import { checkMessageNode } from './check-message.js';
import { checkRelationNode } from './check-relation.js';
import { gpsGeofencingFilterNode } from './gps-geofencing-filter.js';
import { jsFilterNode } from './js-filter.js';
import { jsSwitchNode } from './js-switch.js';
import { messageTypeSwitchNode } from './message-type-switch.js';
import { msgTypeFilterNode } from './msg-type-filter.js';
import { originatorTypeFilterNode } from './originator-type-filter.js';
import { originatorTypeSwitchNode } from './originator-type-switch.js';

/** The filter nodes (reference §6.4, type FILTER). */
export const FILTER_NODES: readonly RuleNodeDefinition<unknown>[] = [
  checkAlarmStatusNode,
  checkMessageNode,
  checkRelationNode,
  gpsGeofencingFilterNode,
  msgTypeFilterNode,
  originatorTypeFilterNode,
  originatorTypeSwitchNode,
  jsFilterNode,
  jsSwitchNode,
  messageTypeSwitchNode,
];
