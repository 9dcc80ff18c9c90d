import { useMemo } from 'react';
import type { WidgetProps } from '../widget-definition';
import { LeafletMap, type MapActionHandler, type MapMarker, type MapPolyline } from './LeafletMap';
import { entityMarker, routePolyline } from './map-markers';
import { mapRoutes, mapViewOf, routeValuesAt } from './map-model';
import { mapSettingsOf } from './map-settings';
import { useMapActions } from './useMapActions';

/**
 * The reference's `maps_v2.route_map_openstreetmap`: each entity's route over the time window as a
 * polyline (`color`, `strokeWeight`, `strokeOpacity`), with its marker at the latest position.
 * The map follows the routes as they grow until the user moves it.
 */
export function RouteMapWidget({ config, data, onAction }: WidgetProps & { onAction?: MapActionHandler }) {
  const dashboardActions = useMapActions();
  const settings = useMemo(() => mapSettingsOf(config.settings), [config.settings]);
  const routes = useMemo(
    () => mapRoutes(data, settings).filter((r) => r.points.length > 0),
    [data, settings],
  );
  const { markers, polylines } = useMemo(() => {
    const markers: MapMarker[] = [];
    const polylines: MapPolyline[] = [];
    for (const route of routes) {
      const last = route.points[route.points.length - 1];
      if (!last) continue;
      markers.push(
        // A route's marker is where its history ends: nothing to drag it to.
        entityMarker({ ...route, values: routeValuesAt(route, last.ts) }, last.position, settings, {
          draggable: false,
        }),
      );
      polylines.push(routePolyline(route, settings));
    }
    return { markers, polylines };
  }, [routes, settings]);
  const positions = routes.flatMap((route) => route.points.map((point) => point.position));
  return (
    <LeafletMap
      settings={settings}
      markers={markers}
      polylines={polylines}
      view={mapViewOf(positions, settings)}
      frameKey={JSON.stringify(positions)}
      onAction={onAction ?? dashboardActions}
    />
  );
}
