import { ENTITY_SEARCH_DIRECTIONS, ENTITY_TYPES, type EntityId, type EntityType } from '@meridian/common';
import { configBoolean, configEnum, configString } from '../../config.js';
import { direction, entityType, flag, nodeConfigSchema, text } from '../../config-schema.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import { filterResult, TRUE_FALSE } from './filter-result.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const checkRelationNode = defineNode({
  clazz: 'org.thingsboard.rule.engine.filter.TbCheckRelationNode',
  type: 'FILTER',
  name: 'check relation',
  description:
    'Checks the relation from the selected entity to the originator of the message by type and direction',
  details:
    'With "check relation to specific entity" on, the message goes to <code>True</code> when a relation ' +
    'of the type exists between the selected entity and the originator: direction <code>From</code> ' +
    'means from the selected entity to the originator, <code>To</code> from the originator to it. ' +
    'Otherwise it goes to <code>True</code> when the originator has any such relation. Else ' +
    '<code>False</code>.',
  relationTypes: TRUE_FALSE,
  configDirective: 'tbFilterNodeCheckRelationConfig',
  defaultConfiguration: { checkForSingleEntity: true, direction: 'FROM', relationType: 'Contains' },
  configurationSchema: nodeConfigSchema(
    {
      checkForSingleEntity: flag('Check relation to specific entity'),
      direction: direction(),
      entityType: entityType('Type'),
      entityId: text('Entity id'),
      relationType: text('Relation type'),
    },
    ['relationType'],
  ),
  configure(raw) {
    const entityType = configString(raw, 'entityType', '');
    const entityId = configString(raw, 'entityId', '');
    if (entityType !== '' && !(ENTITY_TYPES as readonly string[]).includes(entityType)) {
      throw new RuleNodeConfigError(`'entityType' has an unknown entity type '${entityType}'`);
    }
    if (entityId !== '' && !UUID.test(entityId)) throw new RuleNodeConfigError("'entityId' must be a UUID");
    const entity: EntityId | undefined =
      entityType !== '' && entityId !== ''
        ? { entityType: entityType as EntityType, id: entityId }
        : undefined;
    return {
      checkForSingleEntity: configBoolean(raw, 'checkForSingleEntity', true),
      direction: configEnum(raw, 'direction', ENTITY_SEARCH_DIRECTIONS, 'FROM'),
      relationType: configString(raw, 'relationType', 'Contains'),
      entity,
    };
  },
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    return {
      async onMsg(msg) {
        if (config.checkForSingleEntity) {
          const entity = config.entity;
          if (!entity)
            throw new Error("The entity to check is not set: configure 'entityType' and 'entityId'");
          const [from, to] =
            config.direction === 'FROM' ? [entity, msg.originator] : [msg.originator, entity];
          return filterResult(msg, await entities.relationExists(from, to, config.relationType));
        }
        // FROM: a relation from some entity to the originator; TO: from the originator to one.
        const end = config.direction === 'FROM' ? 'to' : 'from';
        return filterResult(msg, await entities.hasAnyRelation(msg.originator, end, config.relationType));
      },
    };
  },
});
