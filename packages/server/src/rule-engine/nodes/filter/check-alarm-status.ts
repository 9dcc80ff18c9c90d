import { ALARM_STATUSES, type AlarmStatus, isJsonObject } from '@meridian/common';
import { configStringList } from '../../config.js';
import { alarmStatus, nodeConfigSchema, stringList } from '../../config-schema.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import { filterResult, TRUE_FALSE } from './filter-result.js';

/** The alarm id of an alarm message's payload (the reference's Alarm JSON: `{"id":{"id":…}}`). */
function alarmIdOf(data: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    throw new Error('Message data is not an alarm: it is not JSON');
  }
  const id = isJsonObject(parsed) && isJsonObject(parsed.id) ? parsed.id.id : undefined;
  if (typeof id !== 'string' || id === '') throw new Error('Message data is not an alarm: it has no id');
  return id;
}

export const checkAlarmStatusNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.filter.TbCheckAlarmStatusNode',
  type: 'FILTER',
  name: 'check alarm status',
  description: 'Checks alarm status.',
  details:
    'Looks up the alarm the message carries (message data is an alarm) and routes the message to ' +
    '<code>True</code> when the alarm currently has one of the selected statuses, otherwise to ' +
    '<code>False</code>. Fails when the alarm does not exist.',
  relationTypes: TRUE_FALSE,
  configDirective: 'tbFilterNodeCheckAlarmStatusConfig',
  defaultConfiguration: { alarmStatusList: ['ACTIVE_ACK', 'ACTIVE_UNACK'] },
  configurationSchema: nodeConfigSchema({
    alarmStatusList: stringList('Alarm status filter', alarmStatus('Alarm status')),
  }),
  configure(raw) {
    const statuses = configStringList(raw, 'alarmStatusList', ['ACTIVE_ACK', 'ACTIVE_UNACK']);
    for (const status of statuses) {
      if (!(ALARM_STATUSES as readonly string[]).includes(status)) {
        throw new RuleNodeConfigError(`'alarmStatusList' has an unknown alarm status '${status}'`);
      }
    }
    return { alarmStatusList: new Set(statuses as AlarmStatus[]) };
  },
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        const alarm = await entities.alarm(alarmIdOf(msg.data));
        if (!alarm) throw new Error('No such alarm found.');
        return filterResult(msg, config.alarmStatusList.has(alarm.status as AlarmStatus));
      },
    };
  },
});
