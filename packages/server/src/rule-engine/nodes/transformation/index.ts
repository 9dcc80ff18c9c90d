import type { RuleNodeDefinition } from '../../node.js';
import { changeOriginatorNode } from './change-originator.js';
import { msgToEmailNode } from './msg-to-email.js';
import { transformMsgNode } from './transform-msg.js';

/** The transformation nodes (reference §6.4, type TRANSFORMATION). */
export const TRANSFORMATION_NODES: readonly RuleNodeDefinition<unknown>[] = [
  changeOriginatorNode,
  transformMsgNode,
  msgToEmailNode,
];
