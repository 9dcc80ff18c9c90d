import Pause from '@mui/icons-material/Pause';
import PlayArrow from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatters } from '../../i18n/useFormatters';
import type { WidgetProps } from '../widget-definition';
import {
  LeafletMap,
  type MapActionHandler,
  type MapDot,
  type MapMarker,
  type MapPolyline,
} from './LeafletMap';
import { entityMarker, routePolyline } from './map-markers';
import { mapRoutes, mapViewOf, positionAt, routesSpan, routeValuesAt } from './map-model';
import { tripSettingsOf } from './map-settings';
import { mapSelectors } from './selectors';
import { useMapActions } from './useMapActions';

/** Playback speeds: how many `normalizationStep`s pass per second. */
const SPEEDS = [1, 5, 10, 25, 100, 500];

/**
 * The reference's Trip Animation (`maps_v2.test`): each entity's route over the time window and a
 * time slider with play and speed; the marker moves along the route (between points linearly) to
 * the slider's time, its label and tooltip showing the values of that time.
 */
export function TripAnimationWidget({
  config,
  data,
  onAction,
}: WidgetProps & { onAction?: MapActionHandler }) {
  const dashboardActions = useMapActions();
  const { t } = useTranslation();
  const formatters = useFormatters();
  const settings = useMemo(() => tripSettingsOf(config.settings), [config.settings]);
  const routes = useMemo(
    () => mapRoutes(data, settings).filter((r) => r.points.length > 0),
    [data, settings],
  );
  const span = useMemo(() => routesSpan(routes), [routes]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState(1);
  const startTs = span?.startTs ?? 0;
  const endTs = span?.endTs ?? 0;
  const time = Math.min(endTs, Math.max(startTs, chosen ?? startTs));

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => {
      setChosen((current) => {
        const next = (current ?? startTs) + settings.normalizationStep;
        if (next >= endTs) setPlaying(false);
        return Math.min(next, endTs);
      });
    }, 1000 / speed);
    return () => clearInterval(timer);
  }, [playing, speed, startTs, endTs, settings.normalizationStep]);

  const { markers, polylines, dots } = useMemo(() => {
    const markers: MapMarker[] = [];
    const polylines: MapPolyline[] = [];
    const dots: MapDot[] = [];
    for (const route of routes) {
      const position = positionAt(route.points, time);
      if (position) {
        markers.push(
          entityMarker({ ...route, values: routeValuesAt(route, time) }, position, settings, {
            rotationAngle: settings.rotationAngle,
            draggable: false,
          }),
        );
      }
      polylines.push(routePolyline(route, settings));
      if (settings.showPoints) {
        for (const point of route.points) {
          dots.push({
            id: `${route.id}@${point.ts}`,
            position: point.position,
            color: settings.pointColor,
            size: settings.pointSize,
          });
        }
      }
    }
    return { markers, polylines, dots };
  }, [routes, time, settings]);

  const positions = routes.flatMap((route) => route.points.map((point) => point.position));
  const play = () => {
    if (time >= endTs) setChosen(startTs);
    setPlaying(!playing);
  };
  return (
    <Box sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box sx={{ flex: 1, minHeight: 0 }}>
        <LeafletMap
          settings={settings}
          markers={markers}
          polylines={polylines}
          dots={dots}
          view={mapViewOf(positions, settings)}
          frameKey={JSON.stringify(positions)}
          onAction={onAction ?? dashboardActions}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, flexWrap: 'wrap' }}>
        <IconButton
          size="small"
          onClick={play}
          disabled={!span}
          aria-label={playing ? t('map-widget.pause') : t('map-widget.play')}
          data-testid={mapSelectors.tripPlay}
        >
          {playing ? <Pause fontSize="small" /> : <PlayArrow fontSize="small" />}
        </IconButton>
        <Slider
          size="small"
          sx={{ flex: 1, minWidth: 120, mx: 1 }}
          min={startTs}
          max={endTs}
          step={settings.normalizationStep}
          value={time}
          disabled={!span}
          onChange={(_event, value) => setChosen(value as number)}
          aria-label={t('map-widget.time')}
          slotProps={{ input: { 'data-testid': mapSelectors.tripSlider } as object }}
        />
        <Typography variant="caption" data-testid={mapSelectors.tripTime} sx={{ whiteSpace: 'nowrap' }}>
          {span ? formatters.dateTime(time) : ''}
        </Typography>
        <Select
          size="small"
          variant="standard"
          value={speed}
          onChange={(event) => setSpeed(Number(event.target.value))}
          inputProps={{ 'aria-label': t('map-widget.speed') }}
        >
          {SPEEDS.map((value) => (
            <MenuItem key={value} value={value}>
              {`${value}x`}
            </MenuItem>
          ))}
        </Select>
      </Box>
    </Box>
  );
}
