import type { MapMarker, MapPolyline } from './LeafletMap';
import { fillPattern, type LatLng, type MapRoute, type PatternContext } from './map-model';
import type { MapSettings } from './map-settings';

/** The marker of an entity at a position, with its label and tooltip patterns filled in. */
export function entityMarker(
  item: PatternContext & { id: string },
  position: LatLng,
  settings: MapSettings,
  extra: Partial<MapMarker> = {},
): MapMarker {
  return {
    id: item.id,
    entity: item.entity,
    position,
    color: settings.color,
    ...(settings.labelColor ? { labelColor: settings.labelColor } : {}),
    ...(settings.showLabel ? { label: fillPattern(settings.label, item) } : {}),
    ...(settings.showTooltip ? { tooltip: fillPattern(settings.tooltipPattern, item) } : {}),
    draggable: settings.draggableMarker,
    ...extra,
  };
}

/** A route's polyline in the saved `color`, `strokeWeight` and `strokeOpacity`. */
export function routePolyline(route: MapRoute, settings: MapSettings): MapPolyline {
  return {
    id: route.id,
    points: route.points.map((point) => point.position),
    color: settings.color,
    weight: settings.strokeWeight,
    opacity: settings.strokeOpacity,
  };
}
