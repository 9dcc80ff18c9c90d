import type { EntityId, JsonValue } from '@meridian/common';
import { AlarmsRepo } from '../../../modules/alarms/repo.js';
import { type AlarmRow, alarmToWire } from '../../../modules/alarms/wire.js';
import { changeMsg, type RuleMsg } from '../../message.js';
import type { RuleEngineServices } from '../../node.js';
import type { CompiledScript } from '../../script/engine.js';
import { msgScriptArgs } from '../../services/script-args.js';

/** The details script a new create or clear alarm node starts with (reference template). */
export const ALARM_DETAILS_BUILD_JS_TEMPLATE =
  'var details = {};\n' +
  'if (metadata.prevAlarmDetails) {\n' +
  '    details = JSON.parse(metadata.prevAlarmDetails);\n' +
  '    //remove prevAlarmDetails from metadata\n' +
  '    delete metadata.prevAlarmDetails;\n' +
  '    //now metadata is the same as it comes IN this rule node\n' +
  '}\n' +
  '\n' +
  '\n' +
  'return details;';

/** Metadata the alarm nodes set on the ALARM message they send (reference DataConstants). */
export type AlarmOutcome = 'isNewAlarm' | 'isExistingAlarm' | 'isClearedAlarm';

/**
 * Runs the details script. The current alarm's details reach it as the metadata value
 * `prevAlarmDetails` (JSON text), as in the reference; the script's result becomes the details.
 */
export async function buildAlarmDetails(
  script: CompiledScript,
  msg: RuleMsg,
  previousDetails: JsonValue | null | undefined,
): Promise<JsonValue> {
  const metadata =
    previousDetails === undefined || previousDetails === null
      ? msg.metadata
      : { ...msg.metadata, prevAlarmDetails: JSON.stringify(previousDetails) };
  return script.invoke(msgScriptArgs(msg, metadata));
}

/**
 * The active alarm of a type on an originator of the node's tenant. An alarm of another tenant is
 * never returned, whatever the originator id says.
 */
export async function findActiveAlarm(
  services: RuleEngineServices,
  tenantId: string,
  originator: EntityId,
  type: string,
): Promise<AlarmRow | undefined> {
  const alarm = await new AlarmsRepo(services.db).findActive(originator.id, type);
  return alarm && alarm.tenantId === tenantId && alarm.originatorType === originator.entityType
    ? alarm
    : undefined;
}

/**
 * The message an alarm node sends on: type ALARM, the alarm JSON (as the alarm API returns it) as
 * data, and the outcome flag in the metadata; the id stays the incoming message's.
 */
export function toAlarmMsg(msg: RuleMsg, alarm: AlarmRow, outcome: AlarmOutcome): RuleMsg {
  return changeMsg(msg, {
    type: 'ALARM',
    dataType: 'JSON',
    data: JSON.stringify(alarmToWire(alarm)),
    metadata: { ...msg.metadata, [outcome]: 'true' },
  });
}
