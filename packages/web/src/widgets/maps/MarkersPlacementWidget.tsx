import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetProps } from '../widget-definition';
import { LeafletMap, type MapActionHandler, type MapMarker } from './LeafletMap';
import { entityMarker } from './map-markers';
import { mapEntities, mapViewOf } from './map-model';
import { mapSettingsOf } from './map-settings';
import { mapSelectors } from './selectors';
import { useMapActions } from './useMapActions';
import { useMarkerMoves } from './useMarkerMoves';

/**
 * The reference's `input_widgets.markers_placement_openstreetmap`: entities with a position are
 * markers to drag, entities without one are listed to be placed by a click on the map. A new
 * position is saved to the entity's `latKeyName` and `lngKeyName` (useMarkerMoves).
 */
export function MarkersPlacementWidget({
  config,
  data,
  onAction,
}: WidgetProps & { onAction?: MapActionHandler }) {
  const dashboardActions = useMapActions();
  const { t } = useTranslation();
  const settings = useMemo(() => mapSettingsOf(config.settings), [config.settings]);
  const entities = useMemo(() => mapEntities(data, settings), [data, settings]);
  const { positionOf, save } = useMarkerMoves(data, entities, settings);
  const [placing, setPlacing] = useState<string | null>(null);

  const markers: MapMarker[] = entities.flatMap((item) => {
    const position = positionOf(item);
    return position ? [entityMarker(item, position, settings, { draggable: true })] : [];
  });
  const unplaced = entities.filter((item) => !positionOf(item));
  const placingEntity = unplaced.find((item) => item.id === placing);

  return (
    <Box sx={{ position: 'relative', height: '100%' }}>
      <LeafletMap
        settings={settings}
        markers={markers}
        view={mapViewOf(
          markers.map((marker) => marker.position),
          settings,
        )}
        frameKey={entities
          .filter((item) => item.position)
          .map((item) => item.id)
          .join(',')}
        placing={placingEntity !== undefined}
        onMapClick={(position) => {
          if (!placingEntity) return;
          setPlacing(null);
          save(placingEntity.id, position);
        }}
        onMarkerDragEnd={(marker, position) => save(marker.id, position)}
        onAction={onAction ?? dashboardActions}
      />
      {unplaced.length > 0 && (
        <Paper
          elevation={2}
          sx={{
            position: 'absolute',
            top: 8,
            right: 8,
            zIndex: 1000,
            p: 1,
            maxWidth: '50%',
            maxHeight: '80%',
            overflow: 'auto',
          }}
        >
          <Typography
            variant="caption"
            component="div"
            sx={{ mb: 0.5 }}
            data-testid={mapSelectors.placementHint}
          >
            {placingEntity
              ? t('map-widget.place-hint', { name: placingEntity.entity.name })
              : t('map-widget.not-placed')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
            {unplaced.map((item) => (
              <Chip
                key={item.id}
                size="small"
                label={item.entity.name}
                color={item.id === placing ? 'primary' : 'default'}
                onClick={() => setPlacing(item.id === placing ? null : item.id)}
                data-testid={mapSelectors.unplaced}
              />
            ))}
          </Box>
        </Paper>
      )}
    </Box>
  );
}
