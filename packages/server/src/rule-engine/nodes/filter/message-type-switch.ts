import { messageTypeSwitchRelation } from '@meridian/common';
import { EMPTY_CONFIG_SCHEMA } from '../../config-schema.js';
import { defineNode } from '../../node.js';

/** Routes by message type to the reference's fixed labels, `Other` for the rest (TbMsgTypeSwitchNode). */
export const messageTypeSwitchNode = defineNode<Record<string, never>>({
  clazz: 'org.thingsboard.rule.engine.filter.TbMsgTypeSwitchNode',
  type: 'FILTER',
  name: 'message type switch',
  description: 'Route incoming messages by Message Type',
  details:
    'Sends messages with message types <b>"Post attributes", "Post telemetry", "RPC Request"</b> etc. via corresponding chain, otherwise <b>Other</b> chain is used.',
  relationTypes: [
    'Post attributes',
    'Post telemetry',
    'RPC Request from Device',
    'RPC Request to Device',
    'Activity Event',
    'Inactivity Event',
    'Connect Event',
    'Disconnect Event',
    'Entity Created',
    'Entity Updated',
    'Entity Deleted',
    'Entity Assigned',
    'Entity Unassigned',
    'Attributes Updated',
    'Attributes Deleted',
    'Alarm Acknowledged',
    'Alarm Cleared',
    'Other',
    'Entity Assigned From Tenant',
    'Entity Assigned To Tenant',
    'Timeseries Updated',
    'Timeseries Deleted',
    'RPC Queued',
    'RPC Sent',
    'RPC Delivered',
    'RPC Successful',
    'RPC Timeout',
    'RPC Expired',
    'RPC Failed',
    'RPC Deleted',
  ],
  configDirective: 'tbNodeEmptyConfig',
  defaultConfiguration: { version: 0 },
  configurationSchema: EMPTY_CONFIG_SCHEMA,
  configure: () => ({}),
  create: () => ({
    onMsg: (msg) => ({ msg, relations: [messageTypeSwitchRelation(msg.type)] }),
  }),
});
