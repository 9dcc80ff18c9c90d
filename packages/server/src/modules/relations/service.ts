import {
  DEFAULT_RELATION_TYPE_GROUP,
  type EntitySearchDirection,
  MAX_RELATION_LEVEL,
  type RelationTypeGroup,
} from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { AuditRecorder } from '../audit-logs/audited-action.js';
import { actorOf, failureDetails } from '../audit-logs/service.js';
import {
  type EntityOwner,
  loadOwners,
  mayAccessEntity,
  ownerKey,
  requireEntityAccess,
} from '../entities/owner.js';
import {
  type RelationKey,
  type RelationRow,
  type RelationSearch,
  type RelationsRepo,
  relationToWire,
  type WireRelation,
} from './repo.js';
import type { RelationInput, RelationKeyInput, RelationsListInput, RelationsQueryInput } from './schemas.js';

const groupOf = (group: RelationTypeGroup | '' | null | undefined): RelationTypeGroup =>
  group ? group : DEFAULT_RELATION_TYPE_GROUP;

type RelationFilter = RelationsQueryInput['filters'][number];

/** Does the relation pass one of the filters (reference BaseRelationService.matchFilters)? */
function matchesFilters(
  filters: readonly RelationFilter[],
  relation: RelationRow,
  direction: EntitySearchDirection,
): boolean {
  if (filters.length === 0) return true;
  const farType = direction === 'FROM' ? relation.toType : relation.fromType;
  return filters.some((filter) => {
    if (filter.relationType && filter.relationType !== relation.relationType) return false;
    const types = filter.entityTypes ?? [];
    return types.length === 0 || (types as readonly string[]).includes(farType);
  });
}

const keyOf = (input: RelationKeyInput): RelationKey => ({
  from: { entityType: input.fromType, id: input.fromId },
  to: { entityType: input.toType, id: input.toId },
  type: input.relationType,
  typeGroup: groupOf(input.relationTypeGroup),
});

/**
 * Relations between entities: the rules of EntityRelationController (reference §1.3, §1.4). The
 * caller needs WRITE on both ends to change a relation and READ on both to see it; lists and
 * searches silently drop relations with an end the caller may not read.
 */
export class RelationsService {
  constructor(
    private readonly db: Db,
    private readonly relations: RelationsRepo,
    private readonly audit: AuditRecorder,
  ) {}

  /** Records the action on both ends, as the reference does. */
  private async recordBoth(
    principal: Principal,
    ends: readonly EntityOwner[],
    actionType: 'RELATION_ADD_OR_UPDATE' | 'RELATION_DELETED',
    relation: WireRelation,
    error?: unknown,
  ): Promise<void> {
    for (const end of ends) {
      await this.audit.record({
        ...actorOf(principal),
        customerId: principal.customerId,
        entityId: { entityType: end.entityType, id: end.id },
        entityName: end.name,
        actionType,
        actionData: { relation },
        actionStatus: error === undefined ? 'SUCCESS' : 'FAILURE',
        actionFailureDetails: error === undefined ? null : failureDetails(error),
      });
    }
  }

  async save(principal: Principal, input: RelationInput): Promise<void> {
    if (input.type.trim() === '')
      throw badRequest("Invalid request: field 'type' (relation type) should be specified");
    const from = await requireEntityAccess(this.db, principal, 'WRITE', input.from);
    const to = await requireEntityAccess(this.db, principal, 'WRITE', input.to);
    const key: RelationKey = {
      from: { entityType: from.entityType, id: from.id },
      to: { entityType: to.entityType, id: to.id },
      type: input.type,
      typeGroup: groupOf(input.typeGroup),
    };
    const wire = relationToWire({
      fromId: key.from.id,
      fromType: key.from.entityType,
      toId: key.to.id,
      toType: key.to.entityType,
      relationType: key.type,
      relationTypeGroup: key.typeGroup,
      additionalInfo: input.additionalInfo ?? null,
    });
    try {
      await this.relations.save(key, input.additionalInfo);
    } catch (error) {
      await this.recordBoth(principal, [from, to], 'RELATION_ADD_OR_UPDATE', wire, error);
      throw error;
    }
    await this.recordBoth(principal, [from, to], 'RELATION_ADD_OR_UPDATE', wire);
  }

  async delete(principal: Principal, input: RelationKeyInput): Promise<void> {
    const key = keyOf(input);
    const from = await requireEntityAccess(this.db, principal, 'WRITE', key.from);
    const to = await requireEntityAccess(this.db, principal, 'WRITE', key.to);
    const existing = await this.relations.find(key);
    if (!existing || !(await this.relations.delete(key))) throw notFound();
    await this.recordBoth(principal, [from, to], 'RELATION_DELETED', relationToWire(existing));
  }

  /** DELETE /api/relations: every COMMON relation from or to the entity. */
  async deleteAllOf(principal: Principal, entity: { entityType: string; id: string }): Promise<void> {
    const owner = await requireEntityAccess(this.db, principal, 'WRITE', entity);
    await this.relations.deleteCommonOf(entity);
    await this.audit.record({
      ...actorOf(principal),
      customerId: principal.customerId,
      entityId: { entityType: owner.entityType, id: owner.id },
      entityName: owner.name,
      actionType: 'RELATIONS_DELETED',
      actionStatus: 'SUCCESS',
    });
  }

  async get(principal: Principal, input: RelationKeyInput): Promise<WireRelation> {
    const key = keyOf(input);
    await requireEntityAccess(this.db, principal, 'READ', key.from);
    await requireEntityAccess(this.db, principal, 'READ', key.to);
    const row = await this.relations.find(key);
    if (!row) throw notFound();
    return relationToWire(row);
  }

  /** Keeps the relations whose both ends the caller may read, with the names of the ends. */
  private async readable(principal: Principal, rows: readonly RelationRow[]) {
    const owners = await loadOwners(
      this.db,
      rows.flatMap((r) => [
        { entityType: r.fromType, id: r.fromId },
        { entityType: r.toType, id: r.toId },
      ]),
    );
    const visible: { relation: WireRelation; fromName: string; toName: string }[] = [];
    for (const row of rows) {
      const from = owners.get(ownerKey({ entityType: row.fromType, id: row.fromId }));
      const to = owners.get(ownerKey({ entityType: row.toType, id: row.toId }));
      if (!from || !to) continue;
      if (!mayAccessEntity(principal, 'READ', from) || !mayAccessEntity(principal, 'READ', to)) continue;
      visible.push({ relation: relationToWire(row), fromName: from.name, toName: to.name });
    }
    return visible;
  }

  private async list(principal: Principal, input: RelationsListInput, honourType: boolean) {
    const group = groupOf(input.relationTypeGroup);
    const relationType = honourType ? input.relationType : undefined;
    if (input.fromId && input.fromType) {
      await requireEntityAccess(this.db, principal, 'READ', { entityType: input.fromType, id: input.fromId });
      const rows = await this.relations.findByFrom(
        { entityType: input.fromType, id: input.fromId },
        group,
        relationType,
      );
      return this.readable(principal, rows);
    }
    if (input.toId && input.toType) {
      await requireEntityAccess(this.db, principal, 'READ', { entityType: input.toType, id: input.toId });
      const rows = await this.relations.findByTo(
        { entityType: input.toType, id: input.toId },
        group,
        relationType,
      );
      return this.readable(principal, rows);
    }
    throw badRequest(
      "Invalid request: query parameters 'fromId' and 'fromType', or 'toId' and 'toType', are required",
    );
  }

  /** GET /api/relations: from or to an entity, optionally of one relation type. */
  async find(principal: Principal, input: RelationsListInput): Promise<WireRelation[]> {
    return (await this.list(principal, input, true)).map((v) => v.relation);
  }

  /** GET /api/relations/info: like find, with the names of both ends (no relation type filter). */
  async findInfos(principal: Principal, input: RelationsListInput) {
    return (await this.list(principal, input, false)).map((v) => ({
      ...v.relation,
      fromName: v.fromName,
      toName: v.toName,
    }));
  }

  /**
   * Relations reachable from the root (unfiltered by permission): the search of
   * `POST /api/relations`, also used by the entity-type searches such as `POST /api/entityViews`.
   * The caller must be allowed to read the root.
   */
  async search(principal: Principal, query: RelationsQueryInput): Promise<RelationRow[]> {
    const p = query.parameters;
    await requireEntityAccess(this.db, principal, 'READ', { entityType: p.rootType, id: p.rootId });
    const requested = p.maxLevel ?? 1;
    const search: RelationSearch = {
      root: { entityType: p.rootType, id: p.rootId },
      direction: p.direction,
      typeGroup: groupOf(p.relationTypeGroup),
      // Zero or less means "no limit" in the reference; the deepest walk is MAX_RELATION_LEVEL.
      maxLevel: requested > 0 ? Math.min(requested, MAX_RELATION_LEVEL) : MAX_RELATION_LEVEL,
      fetchLastLevelOnly: p.fetchLastLevelOnly === true && requested > 0,
    };
    const rows = await this.relations.search(search);
    return rows.filter((row) => matchesFilters(query.filters, row, p.direction));
  }

  /** POST /api/relations. */
  async query(principal: Principal, query: RelationsQueryInput): Promise<WireRelation[]> {
    const rows = await this.search(principal, query);
    return (await this.readable(principal, rows)).map((v) => v.relation);
  }

  /** POST /api/relations/info. */
  async queryInfos(principal: Principal, query: RelationsQueryInput) {
    const rows = await this.search(principal, query);
    return (await this.readable(principal, rows)).map((v) => ({
      ...v.relation,
      fromName: v.fromName,
      toName: v.toName,
    }));
  }
}
