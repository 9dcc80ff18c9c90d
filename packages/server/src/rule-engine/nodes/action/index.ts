import type { RuleNodeDefinition } from '../../node.js';
import { assignToCustomerNode } from './assign-to-customer.js';
import { clearAlarmNode } from './clear-alarm.js';
import { copyToViewNode } from './copy-to-view.js';
import { createAlarmNode } from './create-alarm.js';
import { createRelationNode } from './create-relation.js';
import { delayNode } from './delay.js';
import { deleteRelationNode } from './delete-relation.js';
import { deviceProfileNode } from './device-profile.js';
import { generatorNode } from './generator.js';
import { gpsGeofencingActionNode } from './gps-geofencing.js';
import { logNode } from './log.js';
import { msgCountNode } from './msg-count.js';
import { rpcCallReplyNode } from './rpc-call-reply.js';
import { rpcCallRequestNode } from './rpc-call-request.js';
import { saveAttributesNode } from './save-attributes.js';
import { saveTimeseriesNode } from './save-timeseries.js';
import { synchronizationEndNode, synchronizationStartNode } from './synchronization.js';
import { unassignFromCustomerNode } from './unassign-from-customer.js';

/** The action nodes (reference §6.4, type ACTION). */
export const ACTION_NODES: readonly RuleNodeDefinition<unknown>[] = [
  saveTimeseriesNode,
  saveAttributesNode,
  deviceProfileNode,
  rpcCallRequestNode,
  rpcCallReplyNode,
  assignToCustomerNode,
  clearAlarmNode,
  copyToViewNode,
  createAlarmNode,
  createRelationNode,
  delayNode,
  deleteRelationNode,
  generatorNode,
  gpsGeofencingActionNode,
  logNode,
  msgCountNode,
  synchronizationEndNode,
  synchronizationStartNode,
  unassignFromCustomerNode,
];
