import {
  ALARM_SEVERITIES,
  type AlarmSeverity,
  type AlarmStatus,
  alarmStatusOf,
  type JsonValue,
} from '@meridian/common';
import { configBoolean, configString, configStringList } from '../../config.js';
import { alarmSeverity, flag, nodeConfigSchema, script, stringList, text } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { defineNode, type NodeOutput, RuleNodeConfigError } from '../../node.js';
import { processPattern } from '../../services/msg-pattern.js';
import { requireTenantEntity } from '../../services/owned-entity.js';
import { MSG_SCRIPT_ARGS } from '../../services/script-args.js';
import {
  ALARM_DETAILS_BUILD_JS_TEMPLATE,
  buildAlarmDetails,
  findActiveAlarm,
  toAlarmMsg,
} from './alarm-support.js';
import { type MessageAlarm, messageAlarm } from './message-alarm.js';

export interface CreateAlarmConfig {
  alarmType: string;
  alarmDetailsBuildJs: string;
  /** A severity name, or a pattern resolving to one when `dynamicSeverity`. */
  severity: string;
  dynamicSeverity: boolean;
  propagate: boolean;
  relationTypes: string[];
  useMessageAlarmData: boolean;
}

const isSeverity = (value: string): value is AlarmSeverity =>
  (ALARM_SEVERITIES as readonly string[]).includes(value);

/**
 * Creates an alarm on the message's originator, or updates the active one of its type (reference
 * TbCreateAlarmNode): Created or Updated with an ALARM message carrying the alarm JSON. The details
 * script runs for a new alarm built from the configuration and for every update, which gets the
 * current details as `metadata.prevAlarmDetails`.
 */
export const createAlarmNode = defineNode<CreateAlarmConfig>({
  clazz: 'org.thingsboard.rule.engine.action.TbCreateAlarmNode',
  type: 'ACTION',
  name: 'create alarm',
  description: 'Create or Update Alarm',
  details:
    'Details - JS function that creates JSON object based on incoming message. This object will be added into Alarm.details field.\n' +
    'Node output:\n' +
    "If alarm was not created, original message is returned. Otherwise new Message returned with type 'ALARM', Alarm object in 'msg' property and 'metadata' will contains one of those properties 'isNewAlarm/isExistingAlarm'. " +
    "Message payload can be accessed via <code>msg</code> property. For example <code>'temperature = ' + msg.temperature ;</code>. " +
    "Message metadata can be accessed via <code>metadata</code> property. For example <code>'name = ' + metadata.customerName;</code>.",
  relationTypes: ['Created', 'Updated', 'False'],
  configDirective: 'tbActionNodeCreateAlarmConfig',
  defaultConfiguration: {
    alarmDetailsBuildJs: ALARM_DETAILS_BUILD_JS_TEMPLATE,
    alarmType: 'General Alarm',
    severity: 'CRITICAL',
    propagate: false,
    useMessageAlarmData: false,
    relationTypes: [],
    dynamicSeverity: false,
  },
  configurationSchema: nodeConfigSchema(
    {
      alarmDetailsBuildJs: script('Alarm details builder'),
      useMessageAlarmData: flag('Use message alarm data'),
      alarmType: text('Alarm type'),
      dynamicSeverity: flag('Use alarm severity pattern'),
      severity: alarmSeverity('Alarm severity', { 'x-patternWhen': 'dynamicSeverity' }),
      propagate: flag('Propagate'),
      relationTypes: stringList('Relation types to propagate'),
    },
    ['alarmType', 'severity'],
  ),
  configure(raw) {
    const config: CreateAlarmConfig = {
      alarmType: configString(raw, 'alarmType', 'General Alarm'),
      alarmDetailsBuildJs: configString(raw, 'alarmDetailsBuildJs', ALARM_DETAILS_BUILD_JS_TEMPLATE),
      severity: configString(raw, 'severity', 'CRITICAL'),
      dynamicSeverity: configBoolean(raw, 'dynamicSeverity', false),
      propagate: configBoolean(raw, 'propagate', false),
      relationTypes: configStringList(raw, 'relationTypes', []),
      useMessageAlarmData: configBoolean(raw, 'useMessageAlarmData', false),
    };
    if (!config.dynamicSeverity && !isSeverity(config.severity)) {
      throw new RuleNodeConfigError(`Incorrect Alarm Severity value: ${config.severity}`);
    }
    return config;
  },
  async create(config, ctx) {
    const { services, self } = ctx;
    const script = await services.scripts.compile(self.tenantId, config.alarmDetailsBuildJs, MSG_SCRIPT_ARGS);

    const severityOf = (msg: RuleMsg): AlarmSeverity => {
      const severity = processPattern(config.severity, msg);
      if (!isSeverity(severity)) {
        throw new Error('Used incorrect pattern or Alarm Severity not included in message');
      }
      return severity;
    };

    return {
      async onMsg(msg): Promise<NodeOutput> {
        const fromMsg: MessageAlarm | undefined = config.useMessageAlarmData ? messageAlarm(msg) : undefined;
        const type = fromMsg ? fromMsg.type : processPattern(config.alarmType, msg);
        const originator = fromMsg ? fromMsg.originator : msg.originator;
        // The originator must be the tenant's: its customer becomes the alarm's.
        const owner = await requireTenantEntity(services.db, self.tenantId, originator);
        const active = await findActiveAlarm(services, self.tenantId, originator, type);
        const propagate = fromMsg ? fromMsg.propagate : config.propagate;
        const propagateRelationTypes = fromMsg ? fromMsg.propagateRelationTypes : config.relationTypes;

        if (!active) {
          // A message's alarm keeps its own details; a configured one gets them from the script.
          const details = fromMsg ? fromMsg.details : await buildAlarmDetails(script, msg, null);
          const now = services.now();
          const { alarm, created } = await services.alarms.createOrUpdateActive({
            tenantId: self.tenantId,
            originator,
            customerId: owner.customerId,
            type,
            severity: fromMsg ? fromMsg.severity : severityOf(msg),
            status: fromMsg ? fromMsg.status : alarmStatusOf(true, false),
            startTs: now,
            endTs: now,
            ackTs: 0,
            clearTs: 0,
            propagate,
            propagateToOwner: false,
            propagateToTenant: false,
            propagateRelationTypes,
            details,
          });
          return created
            ? { msg: toAlarmMsg(msg, alarm, 'isNewAlarm'), relations: ['Created'] }
            : { msg: toAlarmMsg(msg, alarm, 'isExistingAlarm'), relations: ['Updated'] };
        }

        const details = await buildAlarmDetails(script, msg, active.details as JsonValue | null);
        const updated = await services.alarms.update(
          active.id,
          {
            type: active.type,
            severity: fromMsg ? fromMsg.severity : severityOf(msg),
            status: active.status as AlarmStatus,
            startTs: active.startTs,
            endTs: services.now(),
            ackTs: active.ackTs,
            clearTs: active.clearTs,
            propagate,
            propagateToOwner: active.propagateToOwner,
            propagateToTenant: active.propagateToTenant,
            propagateRelationTypes,
            details,
          },
          owner.customerId,
        );
        if (!updated) throw new Error(`alarm ${active.id} was deleted while being updated`);
        return { msg: toAlarmMsg(msg, updated, 'isExistingAlarm'), relations: ['Updated'] };
      },
      destroy() {
        script.release();
      },
    };
  },
});
