import type { RuleMsg } from '../../message.js';
import type { NodeOutput } from '../../node.js';

/** The outputs of every filter node. */
export const TRUE_FALSE = ['True', 'False'] as const;

/** The message, unchanged, on True or False. */
export function filterResult(msg: RuleMsg, matches: boolean): NodeOutput {
  return { msg, relations: [matches ? 'True' : 'False'] };
}
