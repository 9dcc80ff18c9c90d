import { type EntityId, type EntityType, NULL_UUID } from '@meridian/common';
import type { Selectable } from 'kysely';
import type { AlarmTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import { loadOwners, ownerKey, RESOLVABLE_ENTITY_TYPES } from '../../modules/entities/owner.js';
import { RelationsRepo } from '../../modules/relations/repo.js';
import type { RuleNodeContext } from '../node.js';
import { effectiveMaxLevel, type RelationsQueryConfig } from './relations-query.js';

export type AlarmRow = Selectable<AlarmTable>;

/** The contact fields of a tenant or a customer (the reference's ContactBased). */
export interface ContactDetails {
  title: string;
  country: string | null;
  state: string | null;
  city: string | null;
  zip: string | null;
  address: string | null;
  address2: string | null;
  phone: string | null;
  email: string | null;
  additionalInfo: unknown;
}

const CONTACT_COLUMNS = [
  'title',
  'country',
  'state',
  'city',
  'zip',
  'address',
  'address2',
  'phone',
  'email',
  'additionalInfo',
] as const;

/** Entity types that can be assigned to a customer, as the reference's customer id loader knows them. */
const CUSTOMER_OWNED: readonly EntityType[] = ['CUSTOMER', 'USER', 'ASSET', 'DEVICE'];

const assigned = (customerId: string | null | undefined) =>
  customerId && customerId !== NULL_UUID ? customerId : null;

/**
 * The entity lookups of the rule nodes, all confined to one tenant: an entity of another tenant is
 * answered exactly like one that does not exist, so a node can never read across tenants by being
 * given a foreign id (in its configuration, a relation or a message).
 */
export class TenantEntities {
  constructor(
    private readonly db: Db,
    readonly tenantId: string,
  ) {}

  static of(ctx: RuleNodeContext): TenantEntities {
    return new TenantEntities(ctx.services.db, ctx.self.tenantId);
  }

  /** Which of the ids are entities of this tenant (as `ownerKey` strings). */
  async ownedKeys(ids: readonly EntityId[]): Promise<Set<string>> {
    const owned = new Set<string>();
    const alarmIds = ids.filter((id) => id.entityType === 'ALARM').map((id) => id.id);
    if (alarmIds.length > 0) {
      const rows = await this.db
        .selectFrom('alarm')
        .select('id')
        .where('tenantId', '=', this.tenantId)
        .where('id', 'in', alarmIds)
        .execute();
      for (const row of rows) owned.add(ownerKey({ entityType: 'ALARM', id: row.id }));
    }
    const others = ids.filter((id) => id.entityType !== 'ALARM');
    if (others.length > 0) {
      for (const [key, owner] of await loadOwners(this.db, others)) {
        if (owner.tenantId === this.tenantId) owned.add(key);
      }
    }
    return owned;
  }

  async exists(id: EntityId): Promise<boolean> {
    return (await this.ownedKeys([id])).has(ownerKey(id));
  }

  /**
   * Throws unless the entity belongs to this tenant, before a node reads its attributes or
   * telemetry (which are stored by entity id alone). Types without an owner table here (rule
   * chains, rule nodes) pass: they are only ever the engine's own.
   */
  async requireOwned(id: EntityId): Promise<void> {
    if (id.entityType !== 'ALARM' && !RESOLVABLE_ENTITY_TYPES.includes(id.entityType)) return;
    if (!(await this.exists(id))) throw new Error(`${id.entityType} with id '${id.id}' was not found`);
  }

  /** An alarm of this tenant. */
  alarm(alarmId: string): Promise<AlarmRow | undefined> {
    return this.db
      .selectFrom('alarm')
      .selectAll()
      .where('id', '=', alarmId)
      .where('tenantId', '=', this.tenantId)
      .executeTakeFirst();
  }

  /**
   * The customer an entity belongs to (a customer is its own): undefined when the entity does not
   * exist here or is not assigned. Other entity types throw, as the reference's loader refuses them.
   */
  async customerOf(id: EntityId): Promise<string | undefined> {
    if (!CUSTOMER_OWNED.includes(id.entityType)) {
      throw new Error(`Unexpected originator EntityType ${id.entityType}`);
    }
    if (id.entityType === 'CUSTOMER') return (await this.exists(id)) ? id.id : undefined;
    const table = id.entityType === 'USER' ? 'tbUser' : id.entityType === 'ASSET' ? 'asset' : 'device';
    const row = await this.db
      .selectFrom(table)
      .select('customerId')
      .where('id', '=', id.id)
      .where('tenantId', '=', this.tenantId)
      .executeTakeFirst();
    return assigned(row?.customerId) ?? undefined;
  }

  /** The contact details of this tenant. */
  async tenantDetails(): Promise<ContactDetails | undefined> {
    return this.db
      .selectFrom('tenant')
      .select(CONTACT_COLUMNS)
      .where('id', '=', this.tenantId)
      .executeTakeFirst();
  }

  /** The contact details of a customer of this tenant. */
  async customerDetails(customerId: string): Promise<ContactDetails | undefined> {
    return this.db
      .selectFrom('customer')
      .select(CONTACT_COLUMNS)
      .where('id', '=', customerId)
      .where('tenantId', '=', this.tenantId)
      .executeTakeFirst();
  }

  /** An entity's name and customer, for the entity types that can belong to a customer. */
  async nameAndCustomer(id: EntityId): Promise<{ name: string; customerId: string | null } | undefined> {
    const byName = (table: 'device' | 'asset' | 'entityView') =>
      this.db
        .selectFrom(table)
        .select(['name', 'customerId'])
        .where('id', '=', id.id)
        .where('tenantId', '=', this.tenantId)
        .executeTakeFirst();
    let row: { name: string; customerId: string | null } | undefined;
    switch (id.entityType) {
      case 'DEVICE':
        row = await byName('device');
        break;
      case 'ASSET':
        row = await byName('asset');
        break;
      case 'ENTITY_VIEW':
        row = await byName('entityView');
        break;
      case 'USER':
        row = await this.db
          .selectFrom('tbUser')
          .select(['email as name', 'customerId'])
          .where('id', '=', id.id)
          .where('tenantId', '=', this.tenantId)
          .executeTakeFirst();
        break;
      default:
        return undefined;
    }
    return row && { name: row.name, customerId: assigned(row.customerId) };
  }

  /**
   * The entities reached from `root` by the query, nearest first, keeping only those of this
   * tenant. A relation's far end is the `to` end when walking FROM, the `from` end walking TO.
   */
  async related(root: EntityId, query: RelationsQueryConfig): Promise<EntityId[]> {
    const rows = await new RelationsRepo(this.db).search({
      root,
      direction: query.direction,
      typeGroup: 'COMMON',
      maxLevel: effectiveMaxLevel(query.maxLevel),
      fetchLastLevelOnly: query.fetchLastLevelOnly,
    });
    const found: EntityId[] = [];
    const seen = new Set<string>();
    for (const row of rows) {
      const far = (
        query.direction === 'FROM'
          ? { entityType: row.toType, id: row.toId }
          : { entityType: row.fromType, id: row.fromId }
      ) as EntityId;
      const passes =
        query.filters.length === 0 ||
        query.filters.some(
          (filter) =>
            (!filter.relationType || filter.relationType === row.relationType) &&
            (filter.entityTypes.length === 0 || filter.entityTypes.includes(far.entityType)),
        );
      const key = ownerKey(far);
      if (passes && !seen.has(key)) {
        seen.add(key);
        found.push(far);
      }
    }
    const owned = await this.ownedKeys(found);
    return found.filter((id) => owned.has(ownerKey(id)));
  }

  /** Is there a COMMON relation of the type from one entity of this tenant to another? */
  async relationExists(from: EntityId, to: EntityId, relationType: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('relation')
      .select('relationType')
      .where('fromId', '=', from.id)
      .where('fromType', '=', from.entityType)
      .where('toId', '=', to.id)
      .where('toType', '=', to.entityType)
      .where('relationType', '=', relationType)
      .where('relationTypeGroup', '=', 'COMMON')
      .executeTakeFirst();
    if (!row) return false;
    const owned = await this.ownedKeys([from, to]);
    return owned.has(ownerKey(from)) && owned.has(ownerKey(to));
  }

  /**
   * Does the entity have a COMMON relation of the type with any entity of this tenant? `end` says
   * which end the entity is: 'from' looks at its outgoing relations, 'to' at its incoming ones.
   */
  async hasAnyRelation(entity: EntityId, end: 'from' | 'to', relationType: string): Promise<boolean> {
    const repo = new RelationsRepo(this.db);
    const rows =
      end === 'from'
        ? await repo.findByFrom(entity, 'COMMON', relationType)
        : await repo.findByTo(entity, 'COMMON', relationType);
    const others = rows.map(
      (row) =>
        (end === 'from'
          ? { entityType: row.toType, id: row.toId }
          : { entityType: row.fromType, id: row.fromId }) as EntityId,
    );
    if (others.length === 0) return false;
    return (await this.ownedKeys(others)).size > 0;
  }

  /** The type of a device of this tenant. */
  async deviceType(deviceId: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('device')
      .select('type')
      .where('id', '=', deviceId)
      .where('tenantId', '=', this.tenantId)
      .executeTakeFirst();
    return row ? (row.type ?? '') : undefined;
  }
}
