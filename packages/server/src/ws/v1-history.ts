import { AGGREGATION_TYPES, type AggregationType, type EntityId, type TsKvEntry } from '@meridian/common';
import { badRequest } from '../http/api-error.js';
import type { TelemetryService } from '../telemetry/service.js';
import { valueAsString } from '../telemetry/values.js';
import type { V1Data } from './updates.js';

/** History reads shared by `historyCmds`, `tsSubCmds` and the entity data commands. */

/** A limit of 0 (or none) means 100, as in the reference. */
export const DEFAULT_LIMIT = 100;

export function aggregationOf(agg: string | undefined): AggregationType {
  if (agg === undefined || agg === '') return 'NONE';
  if (!(AGGREGATION_TYPES as readonly string[]).includes(agg)) {
    throw badRequest(`Invalid aggregation type: ${agg} (one of ${AGGREGATION_TYPES.join(', ')})`);
  }
  return agg as AggregationType;
}

export interface HistoryWindow {
  startTs: number;
  endTs: number;
  interval: number;
  limit: number;
  agg: string | undefined;
}

/** Points of each key in `[startTs, endTs)`, newest first for raw points like the reference. */
export function readHistory(
  telemetry: TelemetryService,
  entityId: EntityId,
  keys: readonly string[],
  window: HistoryWindow,
): Promise<Map<string, TsKvEntry[]>> {
  return telemetry.history(entityId, {
    keys,
    startTs: window.startTs,
    endTs: window.endTs,
    interval: Math.max(0, window.interval),
    limit: window.limit > 0 ? window.limit : DEFAULT_LIMIT,
    agg: aggregationOf(window.agg),
    orderBy: 'DESC',
  });
}

export function pointsData(points: Iterable<TsKvEntry>): V1Data {
  const data: V1Data = {};
  for (const point of points) {
    const pairs = data[point.key] ?? [];
    pairs.push([point.ts, valueAsString(point.value)]);
    data[point.key] = pairs;
  }
  return data;
}
