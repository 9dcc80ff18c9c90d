import type { KvEntry, TsEntries } from '@meridian/common';
import { newMsg, type RuleMsg, withParsedData, withTelemetryValues } from '../../rule-engine/message.js';
import type { JsonObjectNode, LosslessJson } from '../../telemetry/json-lossless.js';
import { valueAsJson } from '../../telemetry/values.js';
import type { DeviceIdentity } from './types.js';

/** Where device messages go: the rule engine. `push` resolves once the engine is done with one. */
export interface RuleEngineInput {
  push(tenantId: string, msg: RuleMsg): Promise<void>;
  /** For messages nobody waits for (connectivity events). */
  tell(tenantId: string, msg: RuleMsg): void;
}

/** JSON text of key-value entries, numbers as they were written. */
export function entriesJson(entries: readonly KvEntry[]): string {
  return `{${entries.map((entry) => `${JSON.stringify(entry.key)}:${valueAsJson(entry.value)}`).join(',')}}`;
}

/** A message of a device, to its profile's chain and queue, with the reference's device metadata. */
export function deviceMsg(
  device: DeviceIdentity,
  type: string,
  data: string,
  metadata: Record<string, string> = {},
  ts?: number,
): RuleMsg {
  return newMsg({
    type,
    originator: { entityType: 'DEVICE', id: device.deviceId },
    customerId: device.customerId,
    metadata: { deviceName: device.deviceName, deviceType: device.deviceType, ...metadata },
    data,
    queueName: device.queueName ?? 'Main',
    ruleChainId: device.ruleChainId,
    ...(ts === undefined ? {} : { ts }),
  });
}

/**
 * The POST_TELEMETRY_REQUEST messages of a payload: one per timestamp, its values as a flat object
 * and the timestamp in the `ts` metadata, as the reference's transport splits them.
 */
export function telemetryMessages(
  device: DeviceIdentity,
  payload: LosslessJson,
  groups: readonly TsEntries[],
): RuleMsg[] {
  return groups.map((group) => {
    const msg = deviceMsg(
      device,
      'POST_TELEMETRY_REQUEST',
      entriesJson(group.values),
      { ts: String(group.ts) },
      group.ts,
    );
    // A plain object of values is already the message's data: it need not be parsed again.
    if (groups.length === 1 && isPlainValues(payload)) withParsedData(msg, payload);
    return withTelemetryValues(msg, group.values);
  });
}

function isPlainValues(payload: LosslessJson): payload is JsonObjectNode {
  return (
    typeof payload === 'object' &&
    payload !== null &&
    !Array.isArray(payload) &&
    'members' in payload &&
    !(payload.members.has('ts') && payload.members.has('values'))
  );
}
