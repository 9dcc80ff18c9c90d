import { isJsonObject, type JsonValue } from '@meridian/common';
import { nodeConfigSchema, script } from '../../config-schema.js';
import { changeMsg, copyAsNew, type RuleMsg } from '../../message.js';
import { defineNode, type NodeOutput } from '../../node.js';
import { configureScript, jsonTypeName, msgScriptNode } from '../../services/script-args.js';

/** Metadata values are strings: scalars are written as text, objects as JSON, nulls dropped. */
function metadataOf(value: JsonValue): Record<string, string> {
  if (!isJsonObject(value)) throw new Error(`Wrong result type: metadata is ${jsonTypeName(value)}`);
  const metadata: Record<string, string> = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === null || item === undefined) continue;
    metadata[key] = typeof item === 'object' ? JSON.stringify(item) : String(item);
  }
  return metadata;
}

/**
 * One message of the script's result (the reference's unbindMsg): each of `msg`, `metadata` and
 * `msgType` that the result leaves out keeps the incoming message's.
 */
function resultMsg(msg: RuleMsg, result: JsonValue, newId: boolean): RuleMsg {
  if (!isJsonObject(result)) throw new Error(`Wrong result type: ${jsonTypeName(result)}`);
  const changes = {
    ...(result.msg !== undefined && { data: JSON.stringify(result.msg) }),
    ...(result.metadata !== undefined && { metadata: metadataOf(result.metadata) }),
    ...(typeof result.msgType === 'string' && result.msgType !== '' && { type: result.msgType }),
  };
  return newId ? copyAsNew(msg, changes) : changeMsg(msg, changes);
}

export const transformMsgNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.transform.TbTransformMsgNode',
  type: 'TRANSFORMATION',
  name: 'script',
  description: 'Change Message payload, Metadata or Message type using JavaScript',
  details:
    'The function gets <code>msg</code>, <code>metadata</code> and <code>msgType</code> and returns ' +
    '<code>{msg: …, metadata: …, msgType: …}</code>; what it leaves out is kept. An array of such ' +
    'objects sends one new message per element. The message goes to <code>Failure</code> when the ' +
    'script fails or returns anything else.',
  relationTypes: ['Success'],
  configDirective: 'tbTransformationNodeScriptConfig',
  defaultConfiguration: { jsScript: 'return {msg: msg, metadata: metadata, msgType: msgType};' },
  configurationSchema: nodeConfigSchema({ jsScript: script('Transform') }, ['jsScript']),
  configure: (raw) => ({ jsScript: configureScript(raw) }),
  create: (config, ctx) =>
    msgScriptNode(ctx, config.jsScript, (msg, result): NodeOutput | NodeOutput[] => {
      if (!Array.isArray(result)) return { msg: resultMsg(msg, result, false), relations: ['Success'] };
      if (result.length === 0) throw new Error('The script returned no messages');
      // Several messages each go on as a message of their own; a single one keeps the id.
      return result.map((item) => ({
        msg: resultMsg(msg, item, result.length > 1),
        relations: ['Success'],
      }));
    }),
});
