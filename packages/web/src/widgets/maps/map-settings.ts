import { flag, text } from '../table-parts/table-model';

/**
 * The settings of the reference's map widgets (TbMapWidgetV2 and the trip animation, ThingsBoard
 * 3.3 `map-models.ts`), read from a saved widget with the reference's defaults for what is missing.
 * Settings holding tenant JavaScript (`useLabelFunction`, `useTooltipFunction`, `useColorFunction`,
 * `useMarkerImageFunction`, …) are not run on the page: the pattern or colour they replace is used.
 */

export const DEFAULT_MARKER_COLOR = '#FE7569';
export const DEFAULT_LAT_KEY = 'latitude';
export const DEFAULT_LNG_KEY = 'longitude';
export const DEFAULT_ZOOM_LEVEL = 8;
/** The zoom a fitted view never goes past (the reference's `minZoomLevel` default). */
export const DEFAULT_MAX_FIT_ZOOM = 16;

/** What the reference's tooltip shows when no pattern is saved. */
export const DEFAULT_TOOLTIP_PATTERN =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
  '<b>${entityName}</b><br/><br/><b>Latitude:</b> ${latitude:7}<br/><b>Longitude:</b> ${longitude:7}';

export interface MapSettings {
  latKeyName: string;
  lngKeyName: string;
  /** Tile provider name (`mapProvider`) and the custom tile URL when `useCustomProvider`. */
  mapProvider: string;
  customTileUrl: string | undefined;
  showLabel: boolean;
  label: string;
  /** The saved label colour; undefined: the theme's text colour (the reference's is black). */
  labelColor: string | undefined;
  showTooltip: boolean;
  tooltipPattern: string;
  /** `click` (the reference's default) or `hover`. */
  showTooltipAction: 'click' | 'hover';
  autocloseTooltip: boolean;
  fitMapBounds: boolean;
  useDefaultCenterPosition: boolean;
  defaultCenterPosition: [number, number];
  /** The saved default zoom, undefined when none is saved. */
  defaultZoomLevel: number | undefined;
  /** The zoom a fitted view is capped at (`minZoomLevel` in the reference, 16). */
  maxFitZoom: number;
  disableScrollZooming: boolean;
  color: string;
  markerImage: string | undefined;
  markerImageSize: number;
  strokeWeight: number;
  strokeOpacity: number;
  draggableMarker: boolean;
}

/** Trip animation extras (`TripAnimationSettings`). */
export interface TripSettings extends MapSettings {
  normalizationStep: number;
  showPoints: boolean;
  pointColor: string;
  pointSize: number;
  rotationAngle: number;
}

type Settings = Record<string, unknown> | undefined;

function num(setting: unknown, fallback: number): number {
  const value = typeof setting === 'string' && setting.trim() !== '' ? Number(setting) : setting;
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

function optionalNum(setting: unknown): number | undefined {
  const value = num(setting, Number.NaN);
  return Number.isNaN(value) ? undefined : value;
}

/** `defaultCenterPosition` as saved: `"lat,lng"` (the reference's form field) or `[lat, lng]`. */
export function parseCenterPosition(setting: unknown): [number, number] {
  const parts = Array.isArray(setting) ? setting : typeof setting === 'string' ? setting.split(',') : [];
  const [lat, lng] = parts.map((part) => num(part, Number.NaN));
  return lat !== undefined && lng !== undefined && Number.isFinite(lat) && Number.isFinite(lng)
    ? [lat, lng]
    : [0, 0];
}

export function mapSettingsOf(settings: Settings): MapSettings {
  const s = settings ?? {};
  return {
    latKeyName: text(s.latKeyName) ?? DEFAULT_LAT_KEY,
    lngKeyName: text(s.lngKeyName) ?? DEFAULT_LNG_KEY,
    mapProvider: text(s.mapProvider) ?? 'OpenStreetMap.Mapnik',
    customTileUrl: flag(s.useCustomProvider, false) ? text(s.customProviderTileUrl) : undefined,
    showLabel: flag(s.showLabel, false),
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
    label: text(s.label) ?? '${entityName}',
    labelColor: text(s.labelColor),
    showTooltip: flag(s.showTooltip, false),
    tooltipPattern: text(s.tooltipPattern) ?? DEFAULT_TOOLTIP_PATTERN,
    showTooltipAction: s.showTooltipAction === 'hover' ? 'hover' : 'click',
    autocloseTooltip: flag(s.autocloseTooltip, false),
    fitMapBounds: flag(s.fitMapBounds, true),
    useDefaultCenterPosition: flag(s.useDefaultCenterPosition, false),
    defaultCenterPosition: parseCenterPosition(s.defaultCenterPosition),
    defaultZoomLevel: optionalNum(s.defaultZoomLevel),
    maxFitZoom: num(s.minZoomLevel, DEFAULT_MAX_FIT_ZOOM),
    disableScrollZooming: flag(s.disableScrollZooming, false),
    color: text(s.color) ?? DEFAULT_MARKER_COLOR,
    markerImage: text(s.markerImage),
    markerImageSize: num(s.markerImageSize, 34),
    strokeWeight: num(s.strokeWeight, 2),
    strokeOpacity: num(s.strokeOpacity, 1),
    draggableMarker: flag(s.draggableMarker, false),
  };
}

export function tripSettingsOf(settings: Settings): TripSettings {
  const s = settings ?? {};
  return {
    ...mapSettingsOf(settings),
    normalizationStep: Math.max(1, num(s.normalizationStep, 1000)),
    showPoints: flag(s.showPoints, false),
    pointColor: text(s.pointColor) ?? DEFAULT_MARKER_COLOR,
    pointSize: num(s.pointSize, 10),
    rotationAngle: num(s.rotationAngle, 0),
  };
}
