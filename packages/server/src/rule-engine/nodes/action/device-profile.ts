import type { AttributeKvEntry, AttributeScope, TsKvEntry } from '@meridian/common';
import type { AlarmOutcome, DeviceDataChange } from '../../../modules/alarm-rules/processor.js';
import { alarmToWire } from '../../../modules/alarms/wire.js';
import {
  JsonObjectNode,
  type JsonObjectNode as JsonObjectNodeType,
} from '../../../telemetry/json-lossless.js';
import { deviceAttributeEntries, telemetryEntries } from '../../../telemetry/values.js';
import { configBoolean } from '../../config.js';
import { flag, nodeConfigSchema } from '../../config-schema.js';
import { copyAsNew, msgJson, msgTelemetry, type RuleMsg } from '../../message.js';
import { defineNode, type NodeOutput } from '../../node.js';

const ALARM_RELATIONS: Record<AlarmOutcome['kind'], [relation: string, flag: string]> = {
  CREATED: ['Alarm Created', 'isNewAlarm'],
  UPDATED: ['Alarm Updated', 'isExistingAlarm'],
  SEVERITY_UPDATED: ['Alarm Severity Updated', 'isSeverityUpdated'],
  CLEARED: ['Alarm Cleared', 'isClearedAlarm'],
};

const SCOPES: readonly string[] = ['CLIENT_SCOPE', 'SERVER_SCOPE', 'SHARED_SCOPE'];

/** The points a REST write announces as {"timeseries": [...]}. */
function restTimeseries(msg: RuleMsg, ts: number) {
  let data = msgJson(msg);
  if (data instanceof JsonObjectNode && data.members.has('timeseries'))
    data = data.members.get('timeseries') ?? null;
  return telemetryEntries(data, ts);
}

/** The device data a message carries, as the alarm rules read it; undefined for other messages. */
function dataChange(msg: RuleMsg): DeviceDataChange | undefined {
  switch (msg.type) {
    case 'POST_TELEMETRY_REQUEST':
    case 'TIMESERIES_UPDATED': {
      const metaTs = Number(msg.metadata.ts);
      const ts = msg.metadata.ts && Number.isSafeInteger(metaTs) ? metaTs : msg.ts;
      const groups = msg.type === 'POST_TELEMETRY_REQUEST' ? msgTelemetry(msg, ts) : restTimeseries(msg, ts);
      const entries: TsKvEntry[] = groups.flatMap((group) =>
        group.values.map((entry) => ({ ...entry, ts: group.ts })),
      );
      return { type: 'TIMESERIES', entries };
    }
    case 'POST_ATTRIBUTES_REQUEST':
    case 'ATTRIBUTES_UPDATED': {
      const scope =
        (msg.type === 'POST_ATTRIBUTES_REQUEST' ? 'CLIENT_SCOPE' : msg.metadata.scope) ?? 'SERVER_SCOPE';
      const entries: AttributeKvEntry[] = deviceAttributeEntries(msgJson(msg)).map((entry) => ({
        ...entry,
        scope: (SCOPES.includes(scope) ? scope : 'SERVER_SCOPE') as AttributeScope,
        lastUpdateTs: msg.ts,
      }));
      return { type: 'ATTRIBUTES', entries };
    }
    case 'ATTRIBUTES_DELETED': {
      const data = msgJson(msg);
      const list =
        data instanceof JsonObjectNode ? (data as JsonObjectNodeType).members.get('attributes') : undefined;
      const keys = Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : [];
      return { type: 'ATTRIBUTES_DELETED', keys };
    }
    default:
      return undefined;
  }
}

/**
 * Evaluates the alarm rules of the originator device's profile (TbDeviceProfileNode): each alarm
 * raised, updated or cleared leaves as an ALARM message by its relation; the message itself goes on
 * by Success.
 */
export const deviceProfileNode = defineNode<{
  persistAlarmRulesState: boolean;
  fetchAlarmRulesStateOnStart: boolean;
}>({
  clazz: 'org.thingsboard.rule.engine.profile.TbDeviceProfileNode',
  type: 'ACTION',
  name: 'device profile',
  description: 'Process device messages based on device profile settings',
  details:
    'Create and clear alarms based on alarm rules defined in device profile. Generates the following relation types: Alarm Created, Alarm Updated, Alarm Severity Updated, Alarm Cleared, Success and Failure.',
  relationTypes: ['Alarm Created', 'Alarm Updated', 'Alarm Severity Updated', 'Alarm Cleared', 'Success'],
  customRelations: true,
  configDirective: 'tbDeviceProfileConfig',
  defaultConfiguration: { persistAlarmRulesState: false, fetchAlarmRulesStateOnStart: false },
  configurationSchema: nodeConfigSchema({
    persistAlarmRulesState: flag('Persist state of alarm rules'),
    fetchAlarmRulesStateOnStart: flag('Fetch state of alarm rules'),
  }),
  configure: (raw) => ({
    persistAlarmRulesState: configBoolean(raw, 'persistAlarmRulesState', false),
    fetchAlarmRulesStateOnStart: configBoolean(raw, 'fetchAlarmRulesStateOnStart', false),
  }),
  create: (config, ctx) => {
    if (config.persistAlarmRulesState && config.fetchAlarmRulesStateOnStart) {
      // In the background, as the node's messages need not wait: a device's first message and its
      // fetched state are serialized by the processor either way.
      ctx.services.alarmRules.restoreStates(ctx.self.id).then(
        (count) => ctx.services.log.info({ nodeId: ctx.self.id, count }, 'Fetched the state of alarm rules'),
        (err: unknown) =>
          ctx.services.log.error({ err, nodeId: ctx.self.id }, 'Could not fetch the state of alarm rules'),
      );
    }
    /** Evaluates the alarm rules of a device's profile on its data, and the alarms they raise or clear. */
    const evaluate = async (msg: RuleMsg, change: DeviceDataChange): Promise<NodeOutput[]> => {
      // Kept counts are read back when a device is first seen after a start (or all at the start
      // with fetchAlarmRulesStateOnStart), so a DURATION or REPEATING rule goes on where it was.
      const persisted = config.persistAlarmRulesState;
      const outcomes = await ctx.services.alarmRules.evaluate(
        msg.originator.id,
        change,
        persisted ? { nodeId: ctx.self.id } : undefined,
      );
      const outputs: NodeOutput[] = outcomes.map(({ kind, alarm }) => {
        const [relation, flag] = ALARM_RELATIONS[kind];
        const alarmMsg = copyAsNew(msg, {
          type: 'ALARM',
          data: JSON.stringify(alarmToWire(alarm)),
          metadata: { ...msg.metadata, [flag]: 'true' },
        });
        return { msg: alarmMsg, relations: [relation] };
      });
      outputs.push({ msg, relations: ['Success'] });
      return outputs;
    };
    return {
      // Not async: a message of a device without alarm rules, the usual case, passes on at once,
      // without a promise or a turn of the microtask queue.
      onMsg(msg) {
        const device = msg.originator.entityType === 'DEVICE';
        // Most devices' profiles have no alarm rules: their data need not even be read.
        if (!device || ctx.services.alarmRules.hasNoRules(msg.originator.id))
          return { msg, relations: ['Success'] };
        const change = dataChange(msg);
        if (!change) return { msg, relations: ['Success'] };
        return evaluate(msg, change);
      },
    };
  },
});
