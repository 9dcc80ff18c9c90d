import {
  type EntityType,
  QUERY_ENTITY_FIELDS_BY_TYPE,
  RELATION_QUERY_EXTRA_FIELDS,
  resolveQueryEntityField,
} from '@meridian/common';
import { sql } from 'kysely';
import { col, numberFromText, type Sql, word } from './sql-parts.js';

/**
 * The entity tables an entity query reads, and how ENTITY_FIELD keys map onto their columns
 * (reference §3.4 "Allowed ENTITY_FIELD keys per entity type", §5.1).
 */

/** Entity types that entity queries can return: the ones with a table in this store. */
export const QUERYABLE_ENTITY_TYPES = [
  'TENANT',
  'CUSTOMER',
  'USER',
  'DASHBOARD',
  'ASSET',
  'DEVICE',
  'ENTITY_VIEW',
  'API_USAGE_STATE',
] as const satisfies readonly EntityType[];
export type QueryableEntityType = (typeof QUERYABLE_ENTITY_TYPES)[number];

export const isQueryableEntityType = (type: string): type is QueryableEntityType =>
  (QUERYABLE_ENTITY_TYPES as readonly string[]).includes(type);

interface EntityTable {
  table: string;
  /** The column a name filter (entityName, assetType, …) matches: the entity's search text. */
  nameColumn: string;
  /** The owning tenant's id; a tenant owns itself. */
  tenantColumn: string;
  /** The `type` column of typed entities (assets, devices, entity views). */
  typeColumn?: string;
}

export const ENTITY_TABLES: Readonly<Record<QueryableEntityType, EntityTable>> = {
  TENANT: { table: 'tenant', nameColumn: 'title', tenantColumn: 'id' },
  CUSTOMER: { table: 'customer', nameColumn: 'title', tenantColumn: 'tenant_id' },
  USER: { table: 'tb_user', nameColumn: 'email', tenantColumn: 'tenant_id' },
  DASHBOARD: { table: 'dashboard', nameColumn: 'title', tenantColumn: 'tenant_id' },
  ASSET: { table: 'asset', nameColumn: 'name', tenantColumn: 'tenant_id', typeColumn: 'type' },
  DEVICE: { table: 'device', nameColumn: 'name', tenantColumn: 'tenant_id', typeColumn: 'type' },
  ENTITY_VIEW: { table: 'entity_view', nameColumn: 'name', tenantColumn: 'tenant_id', typeColumn: 'type' },
  // Named after its tenant, as the reference's entity query names it.
  API_USAGE_STATE: {
    table:
      '(select s.id, s.created_time, s.tenant_id, t.title as name from api_usage_state s join tenant t on t.id = s.tenant_id)',
    nameColumn: 'name',
    tenantColumn: 'tenant_id',
  },
};

/** SQL column of each entity field (after the per-type aliases of `resolveQueryEntityField`). */
const FIELD_COLUMNS: Readonly<Record<string, string>> = {
  createdTime: 'created_time',
  name: 'name',
  type: 'type',
  label: 'label',
  additionalInfo: 'additional_info',
  title: 'title',
  email: 'email',
  country: 'country',
  state: 'state',
  city: 'city',
  address: 'address',
  address2: 'address2',
  zip: 'zip',
  phone: 'phone',
  firstName: 'first_name',
  lastName: 'last_name',
  region: 'region',
};

/**
 * The field an ENTITY_FIELD key reads on an entity type, or null when the type has no such field
 * (the query then answers an empty value). Tenants also answer `region`, which the reference offers
 * with relation queries.
 */
export function entityFieldOf(type: QueryableEntityType, key: string): string | null {
  // Every type answers its own type name, as the reference does whatever its field list says.
  if (key === 'entityType') return key;
  const resolved = resolveQueryEntityField(type, key);
  if (resolved !== null) return resolved;
  return type === 'TENANT' && key === 'region' ? 'region' : null;
}

/** The ENTITY_FIELD keys some queryable entity type answers, plus the relation-query extras. */
const KNOWN_FIELDS: ReadonlySet<string> = new Set([
  ...Object.values(QUERY_ENTITY_FIELDS_BY_TYPE).flat(),
  'name',
  'label',
  'title',
  ...RELATION_QUERY_EXTRA_FIELDS,
]);

/** Is the key an entity field at all? `parentId` only exists in relation queries. */
export function isKnownEntityField(key: string, relationQuery: boolean): boolean {
  if (key === 'parentId') return relationQuery;
  return KNOWN_FIELDS.has(key);
}

/** SQL forms of one entity field of one entity type, read through a table alias. */
export interface FieldSql {
  /** The value as text (what the answer shows and string predicates compare). */
  text: Sql;
  /** The value as a number, NULL when it is not numeric. */
  number: Sql;
}

/** SQL of an entity field on the table aliased `alias`; the field comes from `entityFieldOf`. */
export function fieldSql(type: QueryableEntityType, alias: string, field: string): FieldSql {
  if (field === 'entityType') {
    return { text: sql`${word(type)}::text`, number: sql`null::float8` };
  }
  const column = FIELD_COLUMNS[field];
  if (!column) throw new Error(`no column for entity field ${field}`);
  if (field === 'createdTime') {
    return { text: sql`${col(alias, column)}::text`, number: sql`${col(alias, column)}::float8` };
  }
  // additional_info is jsonb: its text is JSON, compacted again when the answer is built.
  const text = sql`${col(alias, column)}::text`;
  return { text, number: numberFromText(text) };
}
