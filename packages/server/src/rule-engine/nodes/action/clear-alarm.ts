import type { JsonValue } from '@meridian/common';
import { configString } from '../../config.js';
import { nodeConfigSchema, script, text } from '../../config-schema.js';
import { defineNode, type NodeOutput } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import { MSG_SCRIPT_ARGS } from '../../services/script-args.js';
import {
  ALARM_DETAILS_BUILD_JS_TEMPLATE,
  buildAlarmDetails,
  findActiveAlarm,
  toAlarmMsg,
} from './alarm-support.js';

export interface ClearAlarmConfig {
  alarmType: string;
  alarmDetailsBuildJs: string;
}

/**
 * Clears the active alarm of a type on the message's originator (reference TbClearAlarmNode): the
 * details script gets the current details as `metadata.prevAlarmDetails` and its result replaces
 * them; Cleared with an ALARM message, or False with the message as it came when there is none.
 */
export const clearAlarmNode = defineNode<ClearAlarmConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbClearAlarmNode',
  type: 'ACTION',
  name: 'clear alarm',
  description: 'Clear Alarm',
  details:
    'Details - JS function that creates JSON object based on incoming message. This object will be added into Alarm.details field.\n' +
    'Node output:\n' +
    "If alarm was not cleared, original message is returned. Otherwise new Message returned with type 'ALARM', Alarm object in 'msg' property and 'metadata' will contains 'isClearedAlarm' property. " +
    "Message payload can be accessed via <code>msg</code> property. For example <code>'temperature = ' + msg.temperature ;</code>. " +
    "Message metadata can be accessed via <code>metadata</code> property. For example <code>'name = ' + metadata.customerName;</code>.",
  relationTypes: ['Cleared', 'False'],
  configDirective: 'tbActionNodeClearAlarmConfig',
  defaultConfiguration: { alarmDetailsBuildJs: ALARM_DETAILS_BUILD_JS_TEMPLATE, alarmType: 'General Alarm' },
  configurationSchema: nodeConfigSchema(
    { alarmDetailsBuildJs: script('Alarm details builder'), alarmType: text('Alarm type') },
    ['alarmType'],
  ),
  configure(raw) {
    return {
      alarmType: configString(raw, 'alarmType', 'General Alarm'),
      alarmDetailsBuildJs: configString(raw, 'alarmDetailsBuildJs', ALARM_DETAILS_BUILD_JS_TEMPLATE),
    };
  },
  async create(config, { services, self }) {
    const script = await services.scripts.compile(self.tenantId, config.alarmDetailsBuildJs, MSG_SCRIPT_ARGS);
    return {
      async onMsg(msg): Promise<NodeOutput> {
        const type = processPattern(config.alarmType, msg);
        const active = await findActiveAlarm(services, self.tenantId, msg.originator, type);
        if (!active) return { msg, relations: ['False'] };
        const details = await buildAlarmDetails(script, msg, active.details as JsonValue | null);
        const result = await services.alarms.clear(active.id, details, services.now());
        // Gone or cleared by someone else meanwhile: this node cleared nothing.
        if (!result?.changed) return { msg, relations: ['False'] };
        return { msg: toAlarmMsg(msg, result.alarm, 'isClearedAlarm'), relations: ['Cleared'] };
      },
      destroy() {
        script.release();
      },
    };
  },
});
