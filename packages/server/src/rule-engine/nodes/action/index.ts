import type { RuleNodeDefinition } from '../../node.js';
import { deviceProfileNode } from './device-profile.js';
import { rpcCallReplyNode } from './rpc-call-reply.js';
import { rpcCallRequestNode } from './rpc-call-request.js';
import { saveAttributesNode } from './save-attributes.js';
import { saveTimeseriesNode } from './save-timeseries.js';

/** The action nodes (reference §6.4, type ACTION). */
export const ACTION_NODES: readonly RuleNodeDefinition<unknown>[] = [
  saveTimeseriesNode,
  saveAttributesNode,
  deviceProfileNode,
  rpcCallRequestNode,
  rpcCallReplyNode,
];
