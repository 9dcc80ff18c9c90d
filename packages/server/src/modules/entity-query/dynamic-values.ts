import {
  type DynamicValue,
  type DynamicValueSourceType,
  type FilterPredicateValue,
  NULL_UUID,
} from '@meridian/common';
import { sql } from 'kysely';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { javaDoubleString } from '../../telemetry/values.js';
import type { ValueResolver } from './key-filters.js';
import type { CheckedKeyFilter, ParsedPredicate } from './parse.js';
import { textParam, uuidParam } from './sql-parts.js';

/**
 * Dynamic predicate values (reference §3.4 `FilterPredicateValue.dynamicValue`, spec 2 §6): a
 * predicate may take its operand from a server-scope attribute of the current tenant, customer or
 * user. The operand is the user value when set, else the resolved attribute, else the default. With
 * `inherit`, a customer without the attribute falls back to its tenant, and a user to its customer
 * and then its tenant. CURRENT_DEVICE has no meaning in a REST query and resolves to nothing.
 */

/** A stored attribute value as read for resolution. */
export interface StoredValue {
  boolV: boolean | null;
  strV: string | null;
  longV: string | null;
  dblV: number | null;
  jsonV: string | null;
}

/** The owners whose attribute a dynamic value reads, in the order they are tried. */
export function dynamicSources(principal: Principal, value: DynamicValue): string[] {
  const customer = principal.customerId !== NULL_UUID ? [principal.customerId] : [];
  const inherit = value.inherit === true;
  const chains: Record<DynamicValueSourceType, string[]> = {
    CURRENT_TENANT: [principal.tenantId],
    CURRENT_CUSTOMER: inherit ? [...customer, principal.tenantId] : customer,
    CURRENT_USER: inherit ? [principal.userId, ...customer, principal.tenantId] : [principal.userId],
    CURRENT_DEVICE: [],
  };
  return value.sourceType ? chains[value.sourceType] : [];
}

/** A stored value as the operand of a predicate of the given type, or null when it is not one. */
export function storedValueAs(
  stored: StoredValue,
  predicateType: 'STRING' | 'NUMERIC' | 'BOOLEAN',
): string | number | boolean | null {
  switch (predicateType) {
    case 'STRING':
      if (stored.boolV !== null) return stored.boolV ? 'true' : 'false';
      if (stored.longV !== null) return stored.longV;
      if (stored.dblV !== null) return javaDoubleString(stored.dblV);
      return stored.strV ?? stored.jsonV;
    case 'NUMERIC': {
      if (stored.dblV !== null) return stored.dblV;
      if (stored.longV !== null) return Number(stored.longV);
      const text = stored.strV?.trim();
      if (text && /^-?(\d+(\.\d*)?|\.\d+)$/.test(text)) return Number(text);
      return null;
    }
    case 'BOOLEAN':
      if (stored.boolV !== null) return stored.boolV;
      if (stored.strV !== null && /^(true|false)$/i.test(stored.strV))
        return stored.strV.toLowerCase() === 'true';
      return null;
  }
}

function collectDynamicValues(predicate: ParsedPredicate, into: DynamicValue[]): void {
  if (predicate.type === 'COMPLEX') {
    for (const p of predicate.predicates) collectDynamicValues(p, into);
    return;
  }
  const dynamic = predicate.value.dynamicValue;
  if (predicate.value.userValue == null && dynamic?.sourceType && dynamic.sourceAttribute) into.push(dynamic);
}

const storedKey = (entityId: string, attribute: string) => `${entityId}\u0000${attribute}`;

/**
 * Reads every attribute the filters' dynamic values may need in one query and returns the resolver
 * the SQL builder asks for operands.
 */
export async function resolveDynamicValues(
  db: Db,
  principal: Principal,
  filters: readonly CheckedKeyFilter[],
): Promise<ValueResolver> {
  const dynamics: DynamicValue[] = [];
  for (const filter of filters) collectDynamicValues(filter.predicate, dynamics);
  const owners = [...new Set(dynamics.flatMap((d) => dynamicSources(principal, d)))];
  const attributes = [...new Set(dynamics.map((d) => d.sourceAttribute as string))];
  const stored = new Map<string, StoredValue>();
  if (owners.length > 0 && attributes.length > 0) {
    const rows = await sql<StoredValue & { entityid: string; attr: string }>`
      select a.entity_id::text as entityid, a.attribute_key as attr, a.bool_v as "boolV", a.str_v as "strV",
        a.long_v::text as "longV", a.dbl_v as "dblV", a.json_v::text as "jsonV"
      from attribute_kv a
      where a.attribute_type = 'SERVER_SCOPE'
        and a.entity_id in (${sql.join(owners.map(uuidParam))})
        and a.attribute_key in (${sql.join(attributes.map(textParam))})`.execute(db);
    for (const row of rows.rows) stored.set(storedKey(row.entityid, row.attr), row);
  }
  const resolver = <T extends string | number | boolean>(
    value: FilterPredicateValue<T | null>,
    predicateType: 'STRING' | 'NUMERIC' | 'BOOLEAN',
  ): T | null => {
    if (value.userValue !== undefined && value.userValue !== null) return value.userValue;
    const dynamic = value.dynamicValue;
    if (dynamic?.sourceType && dynamic.sourceAttribute) {
      const attribute = dynamic.sourceAttribute;
      const found = dynamicSources(principal, dynamic)
        .map((owner) => stored.get(storedKey(owner, attribute)))
        .find((entry) => entry !== undefined);
      const resolved = found ? storedValueAs(found, predicateType) : null;
      if (resolved !== null) return resolved as T;
    }
    return value.defaultValue ?? null;
  };
  return resolver;
}
