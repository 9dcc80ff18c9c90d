import { useMemo } from 'react';
import type { WidgetProps } from '../widget-definition';
import { LeafletMap, type MapActionHandler } from './LeafletMap';
import { entityMarker } from './map-markers';
import { type LatLng, mapEntities, mapViewOf } from './map-model';
import { mapSettingsOf } from './map-settings';
import { useMapActions } from './useMapActions';

/**
 * The reference's `maps_v2.openstreetmap`: one marker per entity at its latitude and longitude
 * keys (`latKeyName`, `lngKeyName`), with its label and tooltip patterns; markers move as the
 * values change, and the map follows them (`fitMapBounds`) until the user moves it. `onAction` is the hook for the dashboard's widget actions (marker click, tooltip
 * links).
 */
export function OpenStreetMapWidget({
  config,
  data,
  onAction,
}: WidgetProps & { onAction?: MapActionHandler }) {
  const dashboardActions = useMapActions();
  const settings = useMemo(() => mapSettingsOf(config.settings), [config.settings]);
  const entities = useMemo(() => mapEntities(data, settings), [data, settings]);
  const markers = useMemo(
    () => entities.flatMap((item) => (item.position ? [entityMarker(item, item.position, settings)] : [])),
    [entities, settings],
  );
  const positions = markers.map((marker) => marker.position as LatLng);
  return (
    <LeafletMap
      settings={settings}
      markers={markers}
      view={mapViewOf(positions, settings)}
      frameKey={JSON.stringify(positions)}
      onAction={onAction ?? dashboardActions}
    />
  );
}
