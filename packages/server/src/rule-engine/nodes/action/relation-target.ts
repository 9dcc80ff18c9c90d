import type { ConfigSchema, EntityId, JsonObject } from '@meridian/common';
import type { RelationsRepo } from '../../../modules/relations/repo.js';
import { configEnum, configInteger, configString } from '../../config.js';
import { direction, entityType, integer, text } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { RuleNodeConfigError, type RuleNodeContext } from '../../node.js';
import {
  CREATABLE_ENTITY_TYPES,
  type CreatableEntityType,
  createNamedEntity,
  findEntityByName,
  NAMED_ENTITY_TYPES,
  type NamedEntityType,
} from '../../services/entity-by-name.js';
import { processPattern } from '../../services/msg-pattern.js';

/** What the create and delete relation nodes share (reference TbAbstractRelationActionNodeConfiguration). */
export interface RelationTargetConfig {
  /** FROM: the relation goes from the target to the originator; TO: from the originator to the target. */
  direction: 'FROM' | 'TO';
  relationType: string;
  entityType: NamedEntityType | null;
  entityNamePattern: string;
  entityTypePattern: string;
  /** Seconds a name's entity is remembered; 0: looked up every time. */
  entityCacheExpiration: number;
}

export function configureRelationTarget(raw: JsonObject): RelationTargetConfig {
  const entityType = configString(raw, 'entityType', '').trim();
  const config: RelationTargetConfig = {
    direction: configEnum(raw, 'direction', ['FROM', 'TO'] as const, 'FROM'),
    relationType: configString(raw, 'relationType', 'Contains'),
    entityType: null,
    entityNamePattern: configString(raw, 'entityNamePattern', ''),
    entityTypePattern: configString(raw, 'entityTypePattern', ''),
    entityCacheExpiration: configInteger(raw, 'entityCacheExpiration', 300),
  };
  if (config.relationType.trim() === '') throw new RuleNodeConfigError("'relationType' must not be empty");
  if (config.entityCacheExpiration < 0) {
    throw new RuleNodeConfigError("'entityCacheExpiration' must not be negative");
  }
  if (entityType !== '') {
    if (!(NAMED_ENTITY_TYPES as readonly string[]).includes(entityType)) {
      throw new RuleNodeConfigError(`'entityType' must be one of ${NAMED_ENTITY_TYPES.join(', ')}`);
    }
    config.entityType = entityType as NamedEntityType;
  }
  return config;
}

/** The two ends of the relation between the originator and a target, by the configured direction. */
export function relationEnds(config: RelationTargetConfig, originator: EntityId, target: EntityId) {
  return config.direction === 'FROM' ? { from: target, to: originator } : { from: originator, to: target };
}

/** Deletes the originator's COMMON relations of the configured type and direction. */
export async function deleteOriginatorRelations(
  relations: RelationsRepo,
  config: RelationTargetConfig,
  originator: EntityId,
): Promise<void> {
  const current =
    config.direction === 'FROM'
      ? await relations.findByTo(originator, 'COMMON', config.relationType)
      : await relations.findByFrom(originator, 'COMMON', config.relationType);
  for (const row of current) {
    await relations.delete({
      from: { entityType: row.fromType, id: row.fromId },
      to: { entityType: row.toType, id: row.toId },
      type: row.relationType,
      typeGroup: 'COMMON',
    });
  }
}

/**
 * Finds the target entity a message names (its name pattern resolved against the message), within
 * the node's tenant, remembering names for `entityCacheExpiration` seconds. With `create`, a
 * missing asset, device or customer is created (its type from `entityTypePattern`).
 */
export function relationTargetFinder(config: RelationTargetConfig, ctx: RuleNodeContext, create: boolean) {
  const { services, self } = ctx;
  const cache = new Map<string, { entity: EntityId; until: number }>();
  const creatable = (type: NamedEntityType): type is CreatableEntityType =>
    (CREATABLE_ENTITY_TYPES as readonly string[]).includes(type);

  return async (msg: RuleMsg): Promise<EntityId> => {
    const entityType = config.entityType;
    // A new node starts without a target (as in the reference); it fails messages until one is set.
    if (!entityType) throw new Error("'entityType' is not set");
    if (entityType !== 'TENANT' && config.entityNamePattern.trim() === '') {
      throw new Error("'entityNamePattern' is not set");
    }
    const name = processPattern(config.entityNamePattern, msg);
    const type = processPattern(config.entityTypePattern, msg);
    const key = `${entityType}\u0000${name}\u0000${type}`;
    const now = services.now();
    const cached = cache.get(key);
    if (cached && cached.until > now) return cached.entity;

    let entity = await findEntityByName(services.db, self.tenantId, entityType, name);
    if (!entity && create && creatable(entityType)) {
      try {
        entity = await createNamedEntity(services.db, self.tenantId, entityType, name, type);
      } catch (error) {
        // Another message may have created it meanwhile (the name is unique per tenant).
        entity = await findEntityByName(services.db, self.tenantId, entityType, name);
        if (!entity) throw error;
      }
    }
    if (!entity) throw new Error(`${entityType} with name '${name}' not found`);
    if (config.entityCacheExpiration > 0) {
      cache.set(key, { entity, until: now + config.entityCacheExpiration * 1000 });
    }
    return entity;
  };
}

/** What the create and delete relation nodes' forms share. */
export const RELATION_TARGET_PROPERTIES: Record<string, ConfigSchema> = {
  direction: direction(),
  entityType: entityType('Type', NAMED_ENTITY_TYPES),
  entityNamePattern: text('Name pattern'),
  entityTypePattern: text('Type pattern'),
  relationType: text('Relation type'),
  entityCacheExpiration: integer('Entities cache expiration time (sec)', { minimum: 0 }),
};
