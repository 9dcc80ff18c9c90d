import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveAttributes, saveTimeseries } from '../../api/telemetry';
import { useServices } from '../../app/services/useServices';
import type { DatasourceData } from '../widget-definition';
import type { LatLng, MapEntity } from './map-model';
import type { MapSettings } from './map-settings';

const samePosition = (a: LatLng, b: LatLng) => Math.abs(a[0] - b[0]) < 1e-9 && Math.abs(a[1] - b[1]) < 1e-9;

/**
 * Markers the user moves (a dragged marker, or one placed by a click): the new position is saved
 * to the entity as the reference saves it, to the latitude and longitude keys, as time series when
 * the widget reads those keys as time series and as server-side attributes otherwise. The marker
 * stays where it was put until the saved values come back through the subscription; a failed save
 * puts it back and says so.
 */
export function useMarkerMoves(
  data: readonly DatasourceData[],
  entities: readonly MapEntity[],
  settings: MapSettings,
) {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const [moved, setMoved] = useState<ReadonlyMap<string, LatLng>>(new Map());

  // A saved position that came back in the data is the data's again (later changes show).
  useEffect(() => {
    const arrived = entities.filter((item) => {
      const put = moved.get(item.id);
      return put && item.position && samePosition(put, item.position);
    });
    if (arrived.length === 0) return;
    setMoved((current) => {
      const next = new Map(current);
      for (const item of arrived) next.delete(item.id);
      return next;
    });
  }, [entities, moved]);

  const positionOf = (item: MapEntity): LatLng | null => moved.get(item.id) ?? item.position;

  const save = (id: string, position: LatLng) => {
    const item = entities.find((candidate) => candidate.id === id);
    if (!item) return;
    setMoved((current) => new Map(current).set(id, position));
    const values = { [settings.latKeyName]: position[0], [settings.lngKeyName]: position[1] };
    const latKey = data[item.dsIndex]?.dataKeys.find((key) => key.name === settings.latKeyName);
    const saved =
      latKey?.type === 'timeseries'
        ? saveTimeseries(http, item.entity.id, values)
        : saveAttributes(http, item.entity.id, 'SERVER_SCOPE', values);
    saved.catch(() => {
      setMoved((current) => {
        const next = new Map(current);
        next.delete(id);
        return next;
      });
      toasts.show({ message: t('map-widget.save-failed', { name: item.entity.name }), type: 'error' });
    });
  };

  return { positionOf, save };
}
