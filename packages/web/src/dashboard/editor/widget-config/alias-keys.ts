import {
  type DataKeyType,
  ENTITY_FIELDS,
  type EntityAlias,
  type EntityKeysByQuery,
  isJsonObject,
  type JsonObject,
} from '@meridian/common';
import { useQuery } from '@tanstack/react-query';
import { useServices } from '../../../app/services/useServices';
import { aliasQuery, queryFilterOf } from '../../runtime/alias-resolution';

/** A key the data keys input offers: its name and kind. */
export interface KeyOption {
  name: string;
  type: DataKeyType;
}

/** The alarm fields an alarm widget's keys choose from (reference `alarmFields`). */
export const ALARM_FIELDS = [
  'createdTime',
  'startTime',
  'endTime',
  'ackTime',
  'clearTime',
  'originator',
  'originatorType',
  'type',
  'severity',
  'status',
] as const;

/** The dashboard's entity aliases, by id, as saved in `configuration.entityAliases`. */
export function entityAliasesOf(configuration: JsonObject): EntityAlias[] {
  const aliases = isJsonObject(configuration.entityAliases) ? configuration.entityAliases : {};
  return Object.values(aliases).filter(
    (alias): alias is EntityAlias & JsonObject =>
      isJsonObject(alias) && typeof alias.id === 'string' && typeof alias.alias === 'string',
  );
}

/** The dashboard's filters as `{id, name}`, from `configuration.filters`. */
export function dashboardFiltersOf(configuration: JsonObject): { id: string; name: string }[] {
  const filters = isJsonObject(configuration.filters) ? configuration.filters : {};
  return Object.values(filters).flatMap((filter) =>
    isJsonObject(filter) && typeof filter.id === 'string'
      ? [{ id: filter.id, name: typeof filter.filter === 'string' ? filter.filter : filter.id }]
      : [],
  );
}

/**
 * The keys offered for an alias: the time series and attributes its entities have (`POST
 * /api/entitiesQuery/find/keys`, over the first page of the entities it resolves to with no state
 * parameters), then the entity fields; for an alarm widget, the alarm fields first.
 */
export function useAliasKeys(alias: EntityAlias | null, alarm: boolean): KeyOption[] {
  const { http } = useServices();
  const filter = alias ? queryFilterOf(alias.filter, {}) : null;
  const keys = useQuery({
    queryKey: ['widget-config', 'alias-keys', alias?.id ?? null, filter],
    enabled: filter !== null,
    queryFn: ({ signal }) =>
      http.post<EntityKeysByQuery>('/api/entitiesQuery/find/keys', filter ? aliasQuery(filter, true) : {}, {
        signal,
        ignoreLoading: true,
        query: { timeseries: true, attributes: true },
      }),
  });
  const found = keys.data ?? { timeseries: [], attribute: [] };
  return [
    ...(alarm ? ALARM_FIELDS.map((name) => ({ name, type: 'alarm' as const })) : []),
    ...found.timeseries.map((name) => ({ name, type: 'timeseries' as const })),
    ...found.attribute.map((name) => ({ name, type: 'attribute' as const })),
    ...ENTITY_FIELDS.map((name) => ({ name, type: 'entityField' as const })),
  ];
}
