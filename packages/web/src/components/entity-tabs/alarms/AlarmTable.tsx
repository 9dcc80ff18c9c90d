import {
  ALARM_SEARCH_STATUSES,
  type AlarmInfo,
  type AlarmSearchStatus,
  DAY_MS,
  type EntityId,
} from '@meridian/common';
import Clear from '@mui/icons-material/Clear';
import Done from '@mui/icons-material/Done';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityTable } from '../../entity-table/EntityTable';
import type { EntityActionContext, EntityTableConfig, GroupAction } from '../../entity-table/types';
import { HistoryWindowButton } from '../history-window/HistoryWindowButton';
import { type HistoryWindow, historyWindowRange } from '../history-window/history-window';
import { entityTabsSelectors } from '../selectors';
import { AlarmDetailsDialog } from './AlarmDetailsDialog';
import { canAcknowledge, canClear, SEARCH_STATUS_KEYS, SeverityText, statusLabel } from './alarm-labels';
import type { AlarmsTabApi } from './types';

const S = entityTabsSelectors.alarms;

/** The Alarms tab opens on the last 30 days (reference console §4.3). */
export const DEFAULT_ALARM_WINDOW: HistoryWindow = { kind: 'last', durationMs: 30 * DAY_MS };

/** A burst of alarm changes (a rule raising several, a bulk clear) reloads the list once. */
export const LIVE_RELOAD_DELAY_MS = 300;

export interface AlarmTableProps {
  entityId: EntityId;
  api: AlarmsTabApi;
  /** Current time; Date.now by default. */
  now?: () => number;
}

/**
 * The Alarms tab (reference console §4.3): the alarms of an entity — raised by it or propagated to
 * it — within a time window, filtered by status and searched, all answered by the server; created
 * time, originator, type, coloured severity and status; Details opens the alarm's dialog, and
 * selected alarms can be acknowledged or cleared together.
 *
 * With `api.live` the list follows the entity: a change to one of its alarms within the window
 * reloads the shown page from the server, which keeps the rows, their order and paging.
 */
export function AlarmTable({ entityId: givenId, api, now = Date.now }: AlarmTableProps) {
  // One id object per entity, whatever the caller passes on each render.
  const entityId = useMemo(
    () => ({ entityType: givenId.entityType, id: givenId.id }),
    [givenId.entityType, givenId.id],
  );
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [timeWindow, setTimeWindow] = useState<HistoryWindow>(DEFAULT_ALARM_WINDOW);
  const [searchStatus, setSearchStatus] = useState<AlarmSearchStatus>('ANY');
  const [details, setDetails] = useState<AlarmInfo | null>(null);
  const queryKey = useMemo(
    () => ['entity-tabs', 'alarms', entityId.entityType, entityId.id] as const,
    [entityId.entityType, entityId.id],
  );

  const live = api.live;
  useEffect(() => {
    if (!live) {
      return undefined;
    }
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = live.alarmChanges(entityId, timeWindow, () => {
      if (timer === undefined) {
        timer = setTimeout(() => {
          timer = undefined;
          void queryClient.invalidateQueries({ queryKey });
        }, LIVE_RELOAD_DELAY_MS);
      }
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [live, entityId, timeWindow, queryClient, queryKey]);

  const config = useMemo((): EntityTableConfig<AlarmInfo, FieldValues> => {
    /**
     * Acknowledges or clears the selected alarms it applies to, after asking; when it applies to
     * none of them, says so instead.
     */
    const bulk = (kind: 'ack' | 'clear'): GroupAction<AlarmInfo> => {
      const applies = kind === 'ack' ? canAcknowledge : canClear;
      const run = kind === 'ack' ? api.ackAlarm : api.clearAlarm;
      return {
        id: kind,
        label: kind === 'ack' ? t('alarm.acknowledge') : t('alarm.clear'),
        icon: kind === 'ack' ? <Done /> : <Clear />,
        onAction: async (selected: AlarmInfo[], context: EntityActionContext) => {
          const alarms = selected.filter(applies);
          if (alarms.length === 0) {
            await context.confirm({
              title: t('alarm.selected-alarms', { count: selected.length }),
              message: kind === 'ack' ? t('alarm.none-to-acknowledge') : t('alarm.none-to-clear'),
              okLabel: t('action.ok'),
              cancelLabel: t('action.close'),
            });
            return;
          }
          const count = alarms.length;
          const ok = await context.confirm({
            title:
              kind === 'ack'
                ? t('alarm.ack-alarms-title', { count })
                : t('alarm.clear-alarms-title', { count }),
            message:
              kind === 'ack'
                ? t('alarm.ack-alarms-text', { count })
                : t('alarm.clear-alarms-text', { count }),
          });
          if (ok) {
            // Failures are shown by the HTTP client; the list then shows what happened.
            await Promise.allSettled(alarms.map((alarm) => run(alarm.id.id)));
            context.refresh();
          }
        },
      };
    };
    return {
      testId: 'alarms',
      title: t('alarm.alarms'),
      entityName: (alarm) => alarm.type,
      noEntitiesText: t('alarm.no-alarms-prompt'),
      queryKey,
      listKey: [timeWindow, searchStatus],
      fetchPage: (pageLink, signal) =>
        api.getAlarms(
          entityId,
          { pageLink: { ...pageLink, ...historyWindowRange(timeWindow, now()) }, searchStatus },
          signal,
        ),
      headerFilter: (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <HistoryWindowButton
            value={timeWindow}
            onChange={setTimeWindow}
            testIds={S}
            realtime={live !== undefined}
            now={now}
          />
          <TextField
            select
            size="small"
            label={t('alarm.status-filter')}
            value={searchStatus}
            onChange={(event) => setSearchStatus(event.target.value as AlarmSearchStatus)}
            sx={{ width: 180, maxWidth: '100%' }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.statusFilter } as object } }}
          >
            {ALARM_SEARCH_STATUSES.map((status) => (
              <MenuItem key={status} value={status}>
                {t(SEARCH_STATUS_KEYS[status])}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      ),
      columns: [
        {
          key: 'createdTime',
          label: t('alarm.created-time'),
          kind: 'date',
          value: (alarm) => alarm.createdTime,
        },
        // Not a sort property of the alarm list (reference §1.1).
        {
          key: 'originator',
          label: t('alarm.originator'),
          sortable: false,
          value: (alarm) => alarm.originatorName ?? '',
        },
        { key: 'type', label: t('alarm.type'), value: (alarm) => alarm.type },
        {
          key: 'severity',
          label: t('alarm.severity'),
          keepOnPhone: true,
          value: (alarm) => <SeverityText severity={alarm.severity} />,
        },
        { key: 'status', label: t('alarm.status'), value: (alarm) => statusLabel(t, alarm.status) },
      ],
      rowActions: [
        {
          id: 'details',
          label: t('alarm.details'),
          icon: <MoreHoriz fontSize="small" />,
          onAction: (alarm) => setDetails(alarm),
        },
      ],
      groupActions: [bulk('ack'), bulk('clear')],
    };
  }, [t, api, live, entityId, queryKey, now, timeWindow, searchStatus]);

  return (
    <>
      <EntityTable config={config} />
      {details && (
        <AlarmDetailsDialog
          alarm={details}
          api={api}
          onChanged={() => void queryClient.invalidateQueries({ queryKey })}
          onClose={() => setDetails(null)}
        />
      )}
    </>
  );
}
