import {
  type AlarmData,
  type EntityData,
  MAX_ENTITIES_PER_SUBSCRIPTION,
  type PageData,
} from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import type { EntityQueryService } from '../entity-query/service.js';
import { type AlarmQueryInput, parseAlarmQuery, timeRangeOf } from './query-parse.js';
import type { AlarmDataRow, AlarmQueryRepo } from './query-repo.js';
import { alarmInfoToWire } from './wire.js';

/** An alarm data query's answer with the entities it was run for. */
export interface AlarmQueryResult {
  page: PageData<AlarmData>;
  /** The query's entities by id, in query order (at most `maxEntities`). */
  entities: Map<string, EntityData>;
  /** How many entities the entity query selected. */
  totalEntities: number;
  input: AlarmQueryInput;
}

/**
 * Alarm data queries (EntityQueryController `findAlarmDataByQuery`, reference §3.4): the entity
 * query service selects the entities (the caller's read scope, filter, key filters, latest values;
 * up to `maxEntities`, ordered by the sort key when it is an entity key, else by creation time),
 * then the alarms of those entities are paged. Each alarm carries the entity it matched and that
 * entity's latest values.
 */
export class AlarmQueryService {
  constructor(
    private readonly queries: EntityQueryService,
    private readonly repo: AlarmQueryRepo,
    private readonly maxEntities: number = MAX_ENTITIES_PER_SUBSCRIPTION,
    private readonly now: () => number = Date.now,
  ) {}

  async find(principal: Principal, body: unknown): Promise<PageData<AlarmData>> {
    return (await this.run(principal, body)).page;
  }

  async run(principal: Principal, body: unknown): Promise<AlarmQueryResult> {
    const input = parseAlarmQuery(body);
    const json = body as Record<string, unknown>;
    const entityPage = await this.queries.find(principal, {
      entityFilter: json.entityFilter,
      keyFilters: json.keyFilters,
      entityFields: json.entityFields,
      latestValues: json.latestValues,
      pageLink: {
        pageSize: this.maxEntities,
        page: 0,
        sortOrder: input.entitySort ?? {
          key: { type: 'ENTITY_FIELD', key: 'createdTime' },
          direction: 'ASC',
        },
      },
    });
    const entities = new Map(entityPage.data.map((entity) => [entity.entityId.id, entity]));
    const { startTs, endTs } = timeRangeOf(input.pageLink, this.now());
    const { rows, total } = await this.repo.page({
      tenantId: principal.tenantId,
      entityIds: [...entities.keys()],
      link: input.pageLink,
      startTs,
      endTs,
      searchColumns: input.searchColumns,
    });
    const pageSize = input.pageLink.pageSize;
    return {
      page: {
        data: rows.map((row) => toAlarmData(row, entities)),
        totalPages: Math.ceil(total / pageSize),
        totalElements: total,
        hasNext: (input.pageLink.page + 1) * pageSize < total,
      },
      entities,
      totalEntities: entityPage.totalElements,
      input,
    };
  }
}

function toAlarmData(row: AlarmDataRow, entities: ReadonlyMap<string, EntityData>): AlarmData {
  const entity = entities.get(row.entityId);
  return {
    ...alarmInfoToWire(row),
    entityId: entity?.entityId ?? { entityType: row.originatorType, id: row.entityId },
    // A copy: the same entity's values are shared by all of its alarms and later updated apart.
    latest: structuredClone(entity?.latest ?? {}),
  } as AlarmData;
}
