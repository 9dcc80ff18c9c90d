import type { EntityId, TsKvEntry } from '@meridian/common';
import type { Db } from '../../db/store.js';
import type { TelemetryService } from '../../telemetry/service.js';
import type { EntityOwner } from '../entities/owner.js';

/**
 * Where an entity's time series are read from. An entity view has no time series of its own: it
 * is a window onto its target device or asset, limited to the view's `keys.timeseries` (empty: all
 * keys) and to `[startTimeMs, endTimeMs]` (0: unbounded), as the reference's timeseries service
 * rewrites queries for entity views. Every other entity reads its own.
 */
export interface TimeseriesWindow {
  entityId: EntityId;
  /** Keys the reader may see; undefined for all. */
  keys: ReadonlySet<string> | undefined;
  startTs: number;
  /** Inclusive upper bound. */
  endTs: number;
  /** Whether this is an entity view's window (other entities read all of their own data). */
  isView: boolean;
}

const UNBOUNDED = { startTs: 0, endTs: Number.MAX_SAFE_INTEGER };

function timeseriesKeysOf(keys: unknown): string[] {
  const list = (keys as { timeseries?: unknown } | null)?.timeseries;
  return Array.isArray(list) ? list.filter((key): key is string => typeof key === 'string') : [];
}

export async function timeseriesWindow(db: Db, owner: EntityOwner): Promise<TimeseriesWindow> {
  if (owner.entityType !== 'ENTITY_VIEW') {
    return {
      entityId: { entityType: owner.entityType, id: owner.id },
      keys: undefined,
      ...UNBOUNDED,
      isView: false,
    };
  }
  const view = await db
    .selectFrom('entityView')
    .select(['entityId', 'entityType', 'keys', 'startTs', 'endTs'])
    .where('id', '=', owner.id)
    .executeTakeFirstOrThrow();
  const keys = timeseriesKeysOf(view.keys);
  return {
    entityId: { entityType: view.entityType as EntityId['entityType'], id: view.entityId },
    keys: keys.length > 0 ? new Set(keys) : undefined,
    startTs: view.startTs > 0 ? view.startTs : UNBOUNDED.startTs,
    endTs: view.endTs > 0 ? view.endTs : UNBOUNDED.endTs,
    isView: true,
  };
}

/** The requested keys the window lets through (all visible keys when none were requested). */
export function visibleKeys(window: TimeseriesWindow, requested: readonly string[]): string[] | undefined {
  if (!window.keys) return requested.length > 0 ? [...requested] : undefined;
  return requested.length > 0 ? requested.filter((key) => window.keys?.has(key)) : [...window.keys];
}

/** A range `startTs <= ts < endTs` clipped to the window; undefined when nothing of it is visible. */
export function clipRange(
  window: TimeseriesWindow,
  startTs: number,
  endTs: number,
): { startTs: number; endTs: number } | undefined {
  // Only a view clips; other ranges reach the storage as asked, which checks them.
  if (!window.isView) return { startTs, endTs };
  const start = Math.max(startTs, window.startTs);
  const end = Math.min(endTs, window.endTs + 1);
  return start < end ? { startTs: start, endTs: end } : undefined;
}

/**
 * Latest values within the window: a latest point past the window's end (an entity view that
 * ended) is replaced by the newest point inside it. `keys` undefined: every key the window shows.
 */
export async function latestInWindow(
  telemetry: TelemetryService,
  window: TimeseriesWindow,
  keys: readonly string[] | undefined,
): Promise<TsKvEntry[]> {
  if (keys?.length === 0) return [];
  const latest = (await telemetry.latest(window.entityId, keys)).filter(
    (entry) => !window.keys || window.keys.has(entry.key),
  );
  const past = latest.filter((entry) => !inWindow(window, entry.ts)).map((entry) => entry.key);
  // One history read for every key whose latest point lies outside the window.
  const previous =
    past.length === 0
      ? new Map<string, TsKvEntry[]>()
      : await telemetry.history(window.entityId, {
          keys: past,
          startTs: window.startTs,
          endTs: window.endTs + 1,
          interval: 0,
          limit: 1,
          agg: 'NONE',
          orderBy: 'DESC',
        });
  return latest.flatMap((entry) => {
    if (inWindow(window, entry.ts)) return [entry];
    const point = previous.get(entry.key)?.[0];
    return point ? [point] : [];
  });
}

/** Whether a point is inside the window (time only; keys are filtered by the caller). */
export const inWindow = (window: TimeseriesWindow, ts: number) => ts >= window.startTs && ts <= window.endTs;
