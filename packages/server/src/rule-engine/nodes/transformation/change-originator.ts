import type { EntityId } from '@meridian/common';
import { configEnum } from '../../config.js';
import { choice, nodeConfigSchema, relationsQuery } from '../../config-schema.js';
import { changeMsg, type RuleMsg } from '../../message.js';
import { defineNode } from '../../node.js';
import {
  configRelationsQuery,
  DEFAULT_RELATIONS_QUERY,
  type RelationsQueryConfig,
} from '../../services/relations-query.js';
import { TenantEntities } from '../../services/tenant-entities.js';

const SOURCES = ['CUSTOMER', 'TENANT', 'RELATED', 'ALARM_ORIGINATOR'] as const;

interface ChangeOriginatorConfig {
  originatorSource: (typeof SOURCES)[number];
  relationsQuery: RelationsQueryConfig | undefined;
}

async function newOriginator(
  config: ChangeOriginatorConfig,
  entities: TenantEntities,
  msg: RuleMsg,
): Promise<EntityId | undefined> {
  switch (config.originatorSource) {
    case 'CUSTOMER': {
      const customerId = await entities.customerOf(msg.originator);
      return customerId ? { entityType: 'CUSTOMER', id: customerId } : undefined;
    }
    case 'TENANT':
      return { entityType: 'TENANT', id: entities.tenantId };
    case 'RELATED':
      return (await entities.related(msg.originator, config.relationsQuery as RelationsQueryConfig))[0];
    case 'ALARM_ORIGINATOR': {
      if (msg.originator.entityType !== 'ALARM') {
        throw new Error(`Unexpected originator EntityType ${msg.originator.entityType}`);
      }
      const alarm = await entities.alarm(msg.originator.id);
      return alarm ? ({ entityType: alarm.originatorType, id: alarm.originatorId } as EntityId) : undefined;
    }
  }
}

export const changeOriginatorNode = defineNode<ChangeOriginatorConfig>({
  clazz: 'org.thingsboard.rule.engine.transform.TbChangeOriginatorNode',
  type: 'TRANSFORMATION',
  name: 'change originator',
  description: 'Change Message Originator To Tenant/Customer/Related Entity/Alarm Originator',
  details:
    'Sets the originator of the message to: <b>Customer</b>, the customer the originator (a user, asset ' +
    'or device) is assigned to; <b>Tenant</b>, the current tenant; <b>Related Entity</b>, the first ' +
    'entity the relations query finds; <b>Alarm Originator</b>, the originator of the alarm that is the ' +
    'message originator. The message goes to <code>Failure</code> when there is no such entity.',
  relationTypes: ['Success'],
  configDirective: 'tbTransformationNodeChangeOriginatorConfig',
  defaultConfiguration: { originatorSource: 'CUSTOMER', relationsQuery: DEFAULT_RELATIONS_QUERY },
  configurationSchema: nodeConfigSchema({
    originatorSource: choice('Originator source', SOURCES, [
      'Customer',
      'Tenant',
      'Related Entity',
      'Alarm Originator',
    ]),
    relationsQuery: relationsQuery(),
  }),
  configure(raw) {
    const originatorSource = configEnum(raw, 'originatorSource', SOURCES, 'CUSTOMER');
    return {
      originatorSource,
      relationsQuery:
        originatorSource === 'RELATED' ? configRelationsQuery(raw, 'relationsQuery') : undefined,
    };
  },
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        const originator = await newOriginator(config, entities, msg);
        if (!originator) throw new Error('Failed to find new originator!');
        return { msg: changeMsg(msg, { originator }), relations: ['Success'] };
      },
    };
  },
});
