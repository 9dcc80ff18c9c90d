import { useCallback } from 'react';
import { useWidgetActions } from '../../dashboard/actions/widget-actions-context';
import type { MapActionHandler } from './LeafletMap';

/**
 * The map's marker clicks and tooltip links as the widget's actions: a marker click runs the
 * `markerClick` actions on the marker's entity, a tooltip `<link-act name='…'>` the
 * `tooltipAction` action of that name (reference map widget actions).
 */
export function useMapActions(): MapActionHandler {
  const actions = useWidgetActions();
  return useCallback(
    (event) => {
      const target = {
        entityId: event.entity.id,
        entityName: event.entity.name,
        entityLabel: event.entity.label,
      };
      const chosen =
        event.source === 'markerClick'
          ? actions.of('markerClick')
          : actions.of('tooltipAction').filter((action) => action.name === event.name);
      for (const action of chosen) actions.run(action, target);
    },
    [actions],
  );
}
