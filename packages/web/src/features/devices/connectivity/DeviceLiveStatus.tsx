import type { TelemetrySubscriptionUpdate } from '@meridian/common';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LivePoint, latestPoints } from '../../../api/ws/latest-values';
import { useTelemetrySocketStatus, useTelemetrySubscription } from '../../../api/ws/use-telemetry-socket';
import { useFormatters } from '../../../i18n/useFormatters';
import { connectivitySelectors as S } from './selectors';

/** How many of the most recently updated telemetry keys are listed. */
const LATEST_TELEMETRY_SHOWN = 8;

/** Server attributes the device state service keeps (reference §4.5 "Device connectivity state"). */
const STATE_KEYS = 'active,lastActivityTime';

type Points = ReadonlyMap<string, LivePoint>;

/** Lays the points of an update over what is known, the newer point winning per key. */
function mergePoints(known: Points, update: TelemetrySubscriptionUpdate): Points {
  const incoming = latestPoints(update);
  if (incoming.size === 0) {
    return known;
  }
  const next = new Map(known);
  for (const [key, point] of incoming) {
    const current = next.get(key);
    if (!current || current.ts <= point.ts) next.set(key, point);
  }
  return next;
}

/**
 * The device's state as it changes: active or inactive with the last activity time (server
 * attributes through an attribute subscription) and the newest telemetry values (a latest
 * time-series subscription).
 */
export function DeviceLiveStatus({ deviceId }: { deviceId: string }) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const socketStatus = useTelemetrySocketStatus();
  const [state, setState] = useState<Points>(new Map());
  const [telemetry, setTelemetry] = useState<Points>(new Map());
  const subject = { entityType: 'DEVICE', entityId: deviceId };
  useTelemetrySubscription('attrSubCmds', { ...subject, scope: 'SERVER_SCOPE', keys: STATE_KEYS }, (update) =>
    setState((known) => mergePoints(known, update)),
  );
  useTelemetrySubscription('tsSubCmds', { ...subject, timeWindow: 0 }, (update) =>
    setTelemetry((known) => mergePoints(known, update)),
  );

  const active = state.get('active')?.value;
  const lastActivity = Number(state.get('lastActivityTime')?.value);
  const newest = [...telemetry.entries()].sort((a, b) => b[1].ts - a[1].ts).slice(0, LATEST_TELEMETRY_SHOWN);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Chip
          size="small"
          data-testid={S.status}
          data-active={active ?? 'unknown'}
          color={active === 'true' ? 'success' : 'default'}
          label={
            active === 'true'
              ? t('connectivity.active')
              : active === 'false'
                ? t('connectivity.inactive')
                : t('connectivity.never-connected')
          }
        />
        {Number.isFinite(lastActivity) && lastActivity > 0 && (
          <Typography variant="body2" data-testid={S.lastActivity}>
            {t('connectivity.last-activity', { time: formats.dateTime(lastActivity) })}
          </Typography>
        )}
        {socketStatus !== 'open' && (
          <Typography variant="body2" color="text.secondary" data-testid={S.socketStatus}>
            {socketStatus === 'reconnecting'
              ? t('connectivity.live-reconnecting')
              : t('connectivity.live-connecting')}
          </Typography>
        )}
      </Box>
      <Box data-testid={S.latest}>
        <Typography variant="subtitle2">{t('connectivity.latest-telemetry')}</Typography>
        {newest.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('connectivity.no-telemetry')}
          </Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('attribute.last-update-time')}</TableCell>
                <TableCell>{t('attribute.key')}</TableCell>
                <TableCell>{t('attribute.value')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {newest.map(([key, point]) => (
                <TableRow key={key} data-testid={S.latestRow}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formats.dateTime(point.ts)}</TableCell>
                  <TableCell>{key}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word' }}>{point.value}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Box>
    </Box>
  );
}
