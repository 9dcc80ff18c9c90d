import type { EntityData, EntityId, EntityKeyType, EntityType, PageData, TsValue } from '@meridian/common';
import { sql } from 'kysely';
import type { Db } from '../../db/store.js';
import type { PageSql, SelectedKey } from './query-sql.js';
import type { Sql } from './sql-parts.js';
import { uuidParam } from './sql-parts.js';
import { entityFieldText, latestValueText } from './values.js';

/** Runs the entity query's SQL and shapes the answers (reference §3.3 `EntityData`). */

type PageRow = { id: string; etype: string } & Record<string, string | null>;

/** One row of a page as EntityData; entity fields carry `now` as their timestamp. */
export function toEntityData(row: PageRow, selected: readonly SelectedKey[], now: number): EntityData {
  const latest: Partial<Record<EntityKeyType, Record<string, TsValue>>> = {};
  for (const entry of selected) {
    const raw = row[entry.value] ?? null;
    const isField = entry.key.type === 'ENTITY_FIELD';
    const value = isField ? entityFieldText(entry.key.key, raw) : latestValueText(raw);
    const tsText = entry.ts ? row[entry.ts] : null;
    const ts = isField ? now : tsText ? Number(tsText) : 0;
    const byKey = latest[entry.key.type] ?? {};
    byKey[entry.key.key] = { ts, value };
    latest[entry.key.type] = byKey;
  }
  return {
    entityId: { entityType: row.etype, id: row.id } as EntityId,
    latest,
    timeseries: {},
  };
}

export class EntityQueryRepo {
  constructor(private readonly db: Db) {}

  async count(query: Sql): Promise<number> {
    const result = await sql<{ total: string }>`${query}`.execute(this.db);
    return Number(result.rows[0]?.total ?? 0);
  }

  async page(query: PageSql, pageSize: number, page: number): Promise<PageData<EntityData>> {
    const total = await this.count(query.count);
    const result = await sql<PageRow>`${query.page}`.execute(this.db);
    const now = Date.now();
    return {
      data: result.rows.map((row) => toEntityData(row, query.selected, now)),
      totalPages: Math.ceil(total / pageSize),
      totalElements: total,
      hasNext: (page + 1) * pageSize < total,
    };
  }

  /** Distinct latest time-series and attribute keys of the entities, each list sorted. */
  async keysOf(ids: readonly string[]): Promise<{ timeseries: string[]; attribute: string[] }> {
    if (ids.length === 0) return { timeseries: [], attribute: [] };
    const list = sql.join(ids.map(uuidParam));
    const result = await sql<{ kind: string; name: string }>`
      select distinct 'T' as kind, d.key as name
      from ts_kv_latest l join ts_kv_dictionary d on d.key_id = l.key
      where l.entity_id in (${list})
      union
      select distinct 'A' as kind, a.attribute_key as name
      from attribute_kv a
      where a.entity_id in (${list})`.execute(this.db);
    const sorted = (kind: string) =>
      result.rows
        .filter((row) => row.kind === kind)
        .map((row) => row.name)
        .sort();
    return { timeseries: sorted('T'), attribute: sorted('A') };
  }
}

/** Entity types of a page, each once, sorted. */
export function entityTypesOf(data: readonly EntityData[]): EntityType[] {
  return [...new Set(data.map((entry) => entry.entityId.entityType))].sort();
}
