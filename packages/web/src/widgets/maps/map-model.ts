import type { DataKey, TsValue } from '@meridian/common';
import DOMPurify from 'dompurify';
import type { AliasEntity } from '../../dashboard/runtime/alias-resolution';
import { numericValue } from '../../dashboard/runtime/format-value';
import type { DatasourceData } from '../widget-definition';
import { DEFAULT_ZOOM_LEVEL, type MapSettings } from './map-settings';

/**
 * What the map widgets draw, from the data the runtime gives them (pure, no Leaflet): each entity's
 * position from its latitude and longitude keys, its route over the time window, the label and
 * tooltip patterns of the reference, and the view (fitted bounds or a fixed centre).
 */

export type LatLng = [number, number];

/** One entity of one datasource on the map. */
export interface MapEntity {
  /** Stable id on the map: datasource index and entity id. */
  id: string;
  dsIndex: number;
  entity: AliasEntity;
  /** Latest values by data key label and name, as the patterns name them. */
  values: Record<string, string | undefined>;
  position: LatLng | null;
}

/** One point of a route: a position at a time. */
export interface RoutePoint {
  ts: number;
  position: LatLng;
}

export interface MapRoute {
  id: string;
  dsIndex: number;
  entity: AliasEntity;
  dataKeys: DataKey[];
  series: TsValue[][];
  /** Positions over the window, oldest first. */
  points: RoutePoint[];
}

/** The index of the key the reference's settings name (`latKeyName` …): by label, else by name. */
export function keyIndex(dataKeys: readonly DataKey[], keyName: string): number {
  const byLabel = dataKeys.findIndex((key) => (key.label || key.name) === keyName);
  return byLabel >= 0 ? byLabel : dataKeys.findIndex((key) => key.name === keyName);
}

/** A latitude and longitude as a position; null unless both are numbers in range. */
export function positionOf(lat: string | undefined, lng: string | undefined): LatLng | null {
  const latitude = numericValue(lat);
  const longitude = numericValue(lng);
  if (latitude === null || longitude === null) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return [latitude, longitude];
}

function valuesByKey(
  dataKeys: readonly DataKey[],
  valueAt: (index: number) => string | undefined,
): Record<string, string | undefined> {
  const values: Record<string, string | undefined> = {};
  // Names first, so a label equal to another key's name wins (the reference names values by label).
  dataKeys.forEach((key, index) => {
    values[key.name] = valueAt(index);
  });
  dataKeys.forEach((key, index) => {
    if (key.label) values[key.label] = valueAt(index);
  });
  return values;
}

const mapId = (dsIndex: number, entity: AliasEntity) => `${dsIndex}:${entity.id.id}`;

/** Each entity of each datasource with its map id and the indexes of its position keys. */
function eachEntity<T>(
  data: readonly DatasourceData[],
  settings: MapSettings,
  make: (
    base: { id: string; dsIndex: number; entity: AliasEntity },
    values: DatasourceData['entities'][number],
    keys: { dataKeys: DataKey[]; lat: number; lng: number },
  ) => T,
): T[] {
  return data.flatMap((source, dsIndex) => {
    const lat = keyIndex(source.dataKeys, settings.latKeyName);
    const lng = keyIndex(source.dataKeys, settings.lngKeyName);
    return source.entities.map((values) =>
      make({ id: mapId(dsIndex, values.entity), dsIndex, entity: values.entity }, values, {
        dataKeys: source.dataKeys,
        lat,
        lng,
      }),
    );
  });
}

/** Every entity of every datasource with its latest values and position. */
export function mapEntities(data: readonly DatasourceData[], settings: MapSettings): MapEntity[] {
  return eachEntity(data, settings, (base, values, { dataKeys, lat, lng }) => ({
    ...base,
    values: valuesByKey(dataKeys, (index) => values.latest[index]?.value),
    position: positionOf(values.latest[lat]?.value, values.latest[lng]?.value),
  }));
}

/** The positions of a latitude and a longitude series: one per time both have a value. */
export function routePoints(latSeries: readonly TsValue[], lngSeries: readonly TsValue[]): RoutePoint[] {
  const lngByTs = new Map(lngSeries.map((point) => [point.ts, point.value]));
  const points: RoutePoint[] = [];
  for (const point of latSeries) {
    const position = positionOf(point.value, lngByTs.get(point.ts));
    if (position) points.push({ ts: point.ts, position });
  }
  return points.sort((a, b) => a.ts - b.ts);
}

/** Every entity's route over the time window (time-series widgets). */
export function mapRoutes(data: readonly DatasourceData[], settings: MapSettings): MapRoute[] {
  return eachEntity(data, settings, (base, values, { dataKeys, lat, lng }) => ({
    ...base,
    dataKeys,
    series: values.series,
    points: lat >= 0 && lng >= 0 ? routePoints(values.series[lat] ?? [], values.series[lng] ?? []) : [],
  }));
}

/** The value of a series at a time: its last point at or before it. */
function valueAtTime(series: readonly TsValue[], ts: number): string | undefined {
  let found: string | undefined;
  for (const point of series) {
    if (point.ts > ts) break;
    found = point.value;
  }
  return found;
}

/** A route's values at a time, by key label and name, for its label and tooltip. */
export function routeValuesAt(route: MapRoute, ts: number): Record<string, string | undefined> {
  return valuesByKey(route.dataKeys, (index) => valueAtTime(route.series[index] ?? [], ts));
}

/** Where a route is at a time: between its points, linearly; at its ends outside them. */
export function positionAt(points: readonly RoutePoint[], ts: number): LatLng | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  if (ts <= first.ts) return first.position;
  if (ts >= last.ts) return last.position;
  let low = 0;
  let high = points.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if ((points[middle] as RoutePoint).ts <= ts) low = middle;
    else high = middle;
  }
  const a = points[low] as RoutePoint;
  const b = points[high] as RoutePoint;
  const share = b.ts === a.ts ? 0 : (ts - a.ts) / (b.ts - a.ts);
  return [
    a.position[0] + (b.position[0] - a.position[0]) * share,
    a.position[1] + (b.position[1] - a.position[1]) * share,
  ];
}

/** The time span of routes: first and last point over all of them; null without points. */
export function routesSpan(routes: readonly MapRoute[]): { startTs: number; endTs: number } | null {
  const times = routes.flatMap((route) => route.points.map((point) => point.ts));
  if (times.length === 0) return null;
  return { startTs: Math.min(...times), endTs: Math.max(...times) };
}

/** The entity fields and values a pattern may name. */
export interface PatternContext {
  entity: AliasEntity;
  values: Record<string, string | undefined>;
}

/**
 * A label or tooltip pattern filled in as the reference does: `${entityName}`, `${entityLabel}`,
 * `${entityType}`, `${key}` and `${key:decimals}` for a data key by label (numbers rounded).
 * A name with no value becomes empty.
 */
export function fillPattern(pattern: string, context: PatternContext): string {
  return pattern.replace(/\$\{([^}:]+)(?::(\d+))?\}/g, (_match, rawName: string, decimals?: string) => {
    const name = rawName.trim();
    const fields: Record<string, string> = {
      entityName: context.entity.name,
      entityLabel: context.entity.label || context.entity.name,
      entityType: context.entity.id.entityType,
      entityId: context.entity.id.id,
    };
    const value = name in context.values ? context.values[name] : fields[name];
    if (value === undefined) return '';
    const number = decimals !== undefined ? numericValue(value) : null;
    return number === null ? value : number.toFixed(Number(decimals));
  });
}

/** The attribute on tooltip links that names their action (the hook for widget actions). */
export const TOOLTIP_ACTION_ATTRIBUTE = 'data-map-action';

/**
 * Pattern HTML made safe to show: the reference's `<link-act name='…'>text</link-act>` become links
 * carrying the action name, then DOMPurify keeps only inert markup (no scripts, no handlers).
 */
export function sanitizeTooltip(html: string): string {
  const withLinks = html
    .replace(
      /<link-act\s+name\s*=\s*(['"])(.*?)\1\s*>/gi,
      (_match, _quote, name: string) =>
        `<a href="#" ${TOOLTIP_ACTION_ATTRIBUTE}="${name.replace(/"/g, '')}">`,
    )
    .replace(/<\/link-act\s*>/gi, '</a>');
  return DOMPurify.sanitize(withLinks);
}

/** How the map is framed: fitted to bounds (capped zoom), or a centre and zoom. */
export type MapView =
  | { kind: 'fit'; bounds: [LatLng, LatLng]; maxZoom: number }
  | { kind: 'center'; center: LatLng; zoom: number };

/** The south-west and north-east corners around positions; null for none. */
export function boundsOf(positions: readonly LatLng[]): [LatLng, LatLng] | null {
  if (positions.length === 0) return null;
  const lats = positions.map((p) => p[0]);
  const lngs = positions.map((p) => p[1]);
  return [
    [Math.min(...lats), Math.min(...lngs)],
    [Math.max(...lats), Math.max(...lngs)],
  ];
}

/**
 * The reference's framing: no positions → the default centre at the default zoom; a saved zoom
 * with bounds fitting off (or a fixed centre) → that zoom around the centre; else the bounds of
 * the positions (with the default centre when it is fixed), zoomed in no further than the cap.
 */
export function mapViewOf(positions: readonly LatLng[], settings: MapSettings): MapView {
  const bounds = boundsOf(positions);
  const zoom = settings.defaultZoomLevel;
  if (!bounds) {
    return { kind: 'center', center: settings.defaultCenterPosition, zoom: zoom ?? DEFAULT_ZOOM_LEVEL };
  }
  if ((!settings.fitMapBounds || settings.useDefaultCenterPosition) && zoom !== undefined) {
    const center: LatLng = settings.useDefaultCenterPosition
      ? settings.defaultCenterPosition
      : [(bounds[0][0] + bounds[1][0]) / 2, (bounds[0][1] + bounds[1][1]) / 2];
    return { kind: 'center', center, zoom };
  }
  const framed = settings.useDefaultCenterPosition
    ? (boundsOf([...positions, settings.defaultCenterPosition]) ?? bounds)
    : bounds;
  return { kind: 'fit', bounds: framed, maxZoom: Math.max(settings.maxFitZoom, zoom ?? 0) };
}
