import type { JsonValue } from '@meridian/common';
import type { RuleMsg } from '../../message.js';

/** The argument names tenant scripts of these nodes see (reference: msg, metadata, msgType). */
export const MSG_SCRIPT_ARGS = ['msg', 'metadata', 'msgType'] as const;

/**
 * The script arguments of a message: its parsed JSON payload (its text when the payload is not
 * JSON), a copy of its metadata and its type. A JSON message whose payload does not parse is an
 * error naming that, and the message goes to Failure.
 */
export function msgScriptArgs(msg: RuleMsg, metadata: Readonly<Record<string, string>> = msg.metadata) {
  let data: JsonValue;
  if (msg.dataType === 'JSON') {
    try {
      data = JSON.parse(msg.data) as JsonValue;
    } catch {
      throw new Error('message data is not valid JSON');
    }
  } else {
    data = msg.data;
  }
  return [data, { ...metadata }, msg.type] as JsonValue[];
}
