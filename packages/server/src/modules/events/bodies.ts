import type {
  DebugEventBody,
  DebugMsgDirection,
  ErrorEventBody,
  LifecycleEventBody,
  StatsEventBody,
} from '@meridian/common';
import type { RuleMsg } from '../../rule-engine/message.js';

/** The JSON bodies of each event type, as the reference writes them (§1.5 Event). */

/**
 * Cuts text longer than `max` characters and says how much was cut, as the reference's
 * `event.debug.max-symbols` does; 0 keeps everything. Never splits a surrogate pair.
 */
export function truncateDebugText(text: string, max: number): string {
  if (max <= 0 || text.length <= max) return text;
  let end = max;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return `${text.slice(0, end)}...[truncated ${text.length - end} symbols]`;
}

export interface DebugEventInput {
  direction: DebugMsgDirection;
  msg: RuleMsg;
  relationType?: string | undefined;
  error?: string | undefined;
}

export function debugBody(server: string, input: DebugEventInput, maxSymbols: number): DebugEventBody {
  const { msg } = input;
  const body: DebugEventBody = {
    type: input.direction,
    server,
    entityId: msg.originator.id,
    entityName: msg.originator.entityType,
    msgId: msg.id,
    msgType: msg.type,
    dataType: msg.dataType,
    data: truncateDebugText(msg.data, maxSymbols),
    metadata: truncateDebugText(JSON.stringify(msg.metadata), maxSymbols),
  };
  if (input.relationType !== undefined) body.relationType = input.relationType;
  if (input.error !== undefined) body.error = input.error;
  return body;
}

export const errorBody = (server: string, method: string, error: string): ErrorEventBody => ({
  server,
  method,
  error,
});

export function lifecycleBody(server: string, event: string, error?: string): LifecycleEventBody {
  const body: LifecycleEventBody = { server, event, success: error === undefined };
  if (error !== undefined) body.error = error;
  return body;
}

export const statsBody = (
  server: string,
  messagesProcessed: number,
  errorsOccurred: number,
): StatsEventBody => ({ server, messagesProcessed, errorsOccurred });
