import type { EntityType } from '@meridian/common';
import { EMPTY_CONFIG_SCHEMA } from '../../config-schema.js';
import { defineNode } from '../../node.js';

/** The output of each originator entity type the reference routes; other types fail. */
const RELATION_OF: Partial<Record<EntityType, string>> = {
  DEVICE: 'Device',
  ASSET: 'Asset',
  ALARM: 'Alarm',
  ENTITY_VIEW: 'Entity View',
  TENANT: 'Tenant',
  CUSTOMER: 'Customer',
  USER: 'User',
  DASHBOARD: 'Dashboard',
  RULE_CHAIN: 'Rule chain',
  RULE_NODE: 'Rule node',
};

export const originatorTypeSwitchNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.filter.TbOriginatorTypeSwitchNode',
  type: 'FILTER',
  name: 'originator type switch',
  description: 'Route incoming messages by Message Originator Type',
  details:
    'Routes the message to the output named after the entity type of its originator: ' +
    '<code>Device</code>, <code>Asset</code>, <code>Entity View</code> and so on.',
  relationTypes: Object.values(RELATION_OF) as string[],
  configDirective: 'tbNodeEmptyConfig',
  defaultConfiguration: { version: 0 },
  configurationSchema: EMPTY_CONFIG_SCHEMA,
  configure: () => ({}),
  create: () => ({
    onMsg(msg) {
      const relation = RELATION_OF[msg.originator.entityType];
      if (relation === undefined)
        throw new Error(`Unsupported originator type: ${msg.originator.entityType}`);
      return { msg, relations: [relation] };
    },
  }),
});
