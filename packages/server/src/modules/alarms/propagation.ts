import { MAX_RELATION_LEVEL } from '@meridian/common';
import type { Db } from '../../db/store.js';
import { RelationsRepo } from '../relations/repo.js';
import type { EntityRef } from './repo.js';
import { type AlarmRow, relationTypesOf } from './wire.js';

/**
 * The entities an alarm shows on (reference BaseAlarmService.createEntityAlarmRecords): its
 * originator; with `propagate`, every entity that reaches the originator through COMMON relations
 * (walking from the originator against the relations' direction, all levels), kept when the
 * relation that reached it has one of `propagateRelationTypes` (any type when the list is empty);
 * with `propagateToOwner`, the originator's customer, or the tenant when it has none; with
 * `propagateToTenant`, the tenant. Each entity once, in that order.
 */
export async function propagationTargets(db: Db, alarm: AlarmRow): Promise<EntityRef[]> {
  const targets = new Map<string, EntityRef>();
  const add = (entity: EntityRef) => targets.set(`${entity.entityType}:${entity.id}`, entity);
  const originator = { entityType: alarm.originatorType, id: alarm.originatorId };
  add(originator);
  if (alarm.propagate) {
    const types = relationTypesOf(alarm) ?? [];
    const relations = await new RelationsRepo(db).search({
      root: originator,
      direction: 'TO',
      typeGroup: 'COMMON',
      maxLevel: MAX_RELATION_LEVEL,
      fetchLastLevelOnly: false,
    });
    for (const relation of relations) {
      if (types.length === 0 || types.includes(relation.relationType)) {
        add({ entityType: relation.fromType, id: relation.fromId });
      }
    }
  }
  const tenant = { entityType: 'TENANT', id: alarm.tenantId };
  if (alarm.propagateToOwner) {
    add(alarm.customerId ? { entityType: 'CUSTOMER', id: alarm.customerId } : tenant);
  }
  if (alarm.propagateToTenant) add(tenant);
  return [...targets.values()];
}
