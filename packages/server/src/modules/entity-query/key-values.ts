import { sql } from 'kysely';
import { badRequest } from '../../http/api-error.js';
import { type EntitySource, perType } from './entity-filters.js';
import { entityFieldOf, type FieldSql, fieldSql } from './entity-tables.js';
import type { DataKey } from './parse.js';
import { booleanFromText, col, numberFromText, type Sql, textParam } from './sql-parts.js';

/**
 * The value of a key for each row of an entity source: an entity field read from the entity's
 * table, or an attribute / latest time-series value joined laterally (one join per key, whatever
 * uses it: selection, key filter or sort).
 */

export interface KeyValueSql {
  /** The value as text; NULL when the entity has no such value. */
  text: Sql;
  /** The value as a number (long, double, or numeric text); NULL otherwise. */
  number: Sql;
  /** The value as a boolean (boolean, or the text true/false); NULL otherwise. */
  boolean: Sql;
  /** When the value was written (attributes and time series), else null. */
  ts: Sql | null;
}

const ATTRIBUTE_SCOPES: Readonly<Record<string, string | null>> = {
  ATTRIBUTE: null,
  CLIENT_ATTRIBUTE: 'CLIENT_SCOPE',
  SHARED_ATTRIBUTE: 'SHARED_SCOPE',
  SERVER_ATTRIBUTE: 'SERVER_SCOPE',
};

const keyId = (key: DataKey) => `${key.type}\u0000${key.key}`;

/** Stored-value columns of one joined key row, as the reference reads them. */
function storedValue(alias: string): Omit<KeyValueSql, 'ts'> {
  const c = (column: string) => col(alias, column);
  return {
    // One of the five columns is set; the text is what the reference concatenates.
    text: sql`coalesce(${c('str_v')}, ${c('long_v')}::text, ${c('dbl_v')}::text, ${c('bool_v')}::text, ${c('json_v')}::text)`,
    number: sql`coalesce(${c('long_v')}::float8, ${c('dbl_v')}, ${numberFromText(c('str_v'))})`,
    boolean: sql`coalesce(${c('bool_v')}, ${booleanFromText(c('str_v'))})`,
  };
}

export class KeyJoins {
  private readonly values = new Map<string, KeyValueSql>();
  private readonly joins: Sql[] = [];

  constructor(private readonly source: EntitySource) {}

  /** The lateral joins of the keys asked for so far. */
  get joinSql(): Sql {
    return this.joins.length === 0 ? sql`` : sql.join(this.joins, sql` `);
  }

  /**
   * SQL of a key's value. `strict` refuses an entity field that a single-type source does not have
   * (for key filters, where an always-empty value would silently select nothing).
   */
  valueOf(key: DataKey, strict = false): KeyValueSql {
    const id = keyId(key);
    const known = this.values.get(id);
    if (known) return known;
    const value = key.type === 'ENTITY_FIELD' ? this.entityField(key.key, strict) : this.join(key);
    this.values.set(id, value);
    return value;
  }

  private entityField(key: string, strict: boolean): KeyValueSql {
    if (key === 'parentId') {
      const text = this.source.parentId ? sql`${this.source.parentId}::text` : sql`null::text`;
      return { text, number: sql`null::float8`, boolean: sql`null::boolean`, ts: null };
    }
    const only = this.source.single ? this.source.tables[0] : undefined;
    if (strict && only && entityFieldOf(only.type, key) === null) {
      throw badRequest(`Entity field '${key}' is not supported for entity type ${only.type}`);
    }
    const forType = (pick: (sql: FieldSql) => Sql) =>
      perType(this.source, (type, alias) => {
        const resolved = entityFieldOf(type, key);
        return resolved ? pick(fieldSql(type, alias, resolved)) : null;
      });
    const text = forType((f) => f.text);
    const number = forType((f) => f.number);
    return { text, number, boolean: booleanFromText(text), ts: null };
  }

  private join(key: DataKey): KeyValueSql {
    const alias = `k${this.joins.length}`;
    const entity = this.source.id;
    if (key.type === 'TIME_SERIES') {
      this.joins.push(sql`left join lateral (
        select l.bool_v, l.str_v, l.long_v, l.dbl_v, l.json_v, l.ts
        from ts_kv_latest l
        where l.entity_id = ${entity}
          and l.key = (select d.key_id from ts_kv_dictionary d where d.key = ${textParam(key.key)})
      ) ${sql.raw(alias)} on true`);
    } else {
      const scope = ATTRIBUTE_SCOPES[key.type];
      // Any scope: the most recently written value, as the reference picks it.
      this.joins.push(sql`left join lateral (
        select a.bool_v, a.str_v, a.long_v, a.dbl_v, a.json_v, a.last_update_ts as ts
        from attribute_kv a
        where a.entity_id = ${entity} and a.attribute_key = ${textParam(key.key)}
          ${scope ? sql`and a.attribute_type = ${textParam(scope)}` : sql``}
        order by a.last_update_ts desc
        limit 1
      ) ${sql.raw(alias)} on true`);
    }
    return { ...storedValue(alias), ts: col(alias, 'ts') };
  }
}
