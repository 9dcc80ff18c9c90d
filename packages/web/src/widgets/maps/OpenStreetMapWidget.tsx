import { useMemo } from 'react';
import type { WidgetProps } from '../widget-definition';
import { LeafletMap, type MapActionHandler } from './LeafletMap';
import { entityMarker } from './map-markers';
import { type LatLng, mapEntities, mapViewOf } from './map-model';
import { mapSettingsOf } from './map-settings';
import { useMapActions } from './useMapActions';
import { useMarkerMoves } from './useMarkerMoves';

/**
 * The reference's `maps_v2.openstreetmap`: one marker per entity at its latitude and longitude
 * keys (`latKeyName`, `lngKeyName`), with its label and tooltip patterns; markers move as the
 * values change, and the map follows them (`fitMapBounds`) until the user moves it. With
 * `draggableMarker` a marker can be dropped elsewhere, which saves the entity's position.
 * `onAction` is the hook for the dashboard's widget actions (marker click, tooltip links).
 */
export function OpenStreetMapWidget({
  config,
  data,
  onAction,
}: WidgetProps & { onAction?: MapActionHandler }) {
  const dashboardActions = useMapActions();
  const settings = useMemo(() => mapSettingsOf(config.settings), [config.settings]);
  const entities = useMemo(() => mapEntities(data, settings), [data, settings]);
  // With `draggableMarker`, a dropped marker's position is saved to its entity.
  const { positionOf, save } = useMarkerMoves(data, entities, settings);
  const markers = entities.flatMap((item) => {
    const position = positionOf(item);
    return position ? [entityMarker(item, position, settings)] : [];
  });
  const positions = markers.map((marker) => marker.position as LatLng);
  return (
    <LeafletMap
      settings={settings}
      markers={markers}
      view={mapViewOf(positions, settings)}
      frameKey={JSON.stringify(positions)}
      onMarkerDragEnd={(marker, position) => save(marker.id, position)}
      onAction={onAction ?? dashboardActions}
    />
  );
}
