import type { JsonObject, JsonValue } from '@meridian/common';
import { configString } from '../config.js';
import type { RuleMsg } from '../message.js';
import { type NodeResult, type RuleNode, RuleNodeConfigError, type RuleNodeContext } from '../node.js';
import type { CompiledScript } from '../script/engine.js';

/** The argument names of every message script (filter, switch, transform): `msg, metadata, msgType`. */
export const MSG_SCRIPT_ARGS = ['msg', 'metadata', 'msgType'] as const;

/**
 * The arguments a message script is called with: the payload parsed (a payload that is not JSON is
 * passed as its text), the metadata as an object and the message type.
 */
export function msgScriptArgs(
  msg: RuleMsg,
  metadataOf: Readonly<Record<string, string>> = msg.metadata,
): JsonValue[] {
  let payload: JsonValue;
  try {
    payload = JSON.parse(msg.data) as JsonValue;
  } catch {
    payload = msg.data;
  }
  const metadata: JsonObject = { ...metadataOf };
  return [payload, metadata, msg.type];
}

/** Compiles a node's message script for the node's tenant. */
export function compileMsgScript(ctx: RuleNodeContext, body: string): Promise<CompiledScript> {
  return ctx.services.scripts.compile(ctx.self.tenantId, body, MSG_SCRIPT_ARGS);
}

/** The JSON type name the reference's error messages use for a script result. */
export function jsonTypeName(value: JsonValue): string {
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return 'ARRAY';
  switch (typeof value) {
    case 'boolean':
      return 'BOOLEAN';
    case 'number':
      return 'NUMBER';
    case 'string':
      return 'STRING';
    default:
      return 'OBJECT';
  }
}

/** A node setting holding a message script (`jsScript`): required. */
export function configureScript(raw: JsonObject, key = 'jsScript'): string {
  const script = configString(raw, key, '');
  if (script.trim() === '') throw new RuleNodeConfigError(`'${key}' must not be empty`);
  return script;
}

/**
 * A node that runs its message script on every message and answers from the result; the script is
 * compiled when the node starts and freed when it stops.
 */
export async function msgScriptNode(
  ctx: RuleNodeContext,
  body: string,
  answer: (msg: RuleMsg, result: JsonValue) => NodeResult,
): Promise<RuleNode> {
  const script = await compileMsgScript(ctx, body);
  return {
    async onMsg(msg) {
      return answer(msg, await script.invoke(msgScriptArgs(msg)));
    },
    destroy: () => script.release(),
  };
}
