import type { AlarmDataPageLink, AlarmDataQuery, EntityId } from '@meridian/common';
import { useMemo } from 'react';
import { useServices } from '../../app/services/useServices';
import type { LiveAlarmSource } from '../../components/entity-tabs/alarms/types';
import type { HistoryWindow } from '../../components/entity-tabs/history-window/history-window';
import { alarmsTabApi } from '../alarms';
import type { TelemetrySocket } from './telemetry-socket';
import { useTelemetrySocket } from './use-telemetry-socket';

/**
 * The time bounds of an alarm data query for a window: a "last" window as `timeWindow`, which the
 * server measures back from its own now on every check, so alarms raised later still fall in it.
 */
function windowBounds(window: HistoryWindow): Pick<AlarmDataPageLink, 'startTs' | 'endTs' | 'timeWindow'> {
  return window.kind === 'last'
    ? { timeWindow: window.durationMs }
    : { startTs: window.startTimeMs, endTs: window.endTimeMs };
}

/**
 * The alarm data query that follows one entity's alarms (reference §3.2–3.4). Its single-row page
 * is never shown: the tab lists alarms over REST, and the subscription only says when to reload.
 */
export function alarmChangesQuery(entityId: EntityId, window: HistoryWindow): AlarmDataQuery {
  return {
    entityFilter: {
      type: 'singleEntity',
      singleEntity: { entityType: entityId.entityType, id: entityId.id },
    },
    pageLink: { page: 0, pageSize: 1, searchPropagatedAlarms: true, ...windowBounds(window) },
  };
}

/**
 * The Alarms tab's change signal over the telemetry socket: an alarm data subscription whose first
 * page (the alarms already there) is skipped; every later reply — a new page or changed alarms — is
 * a change. After a reconnect the server sends a page again, which counts as a change too: alarms
 * may have changed while the connection was down.
 */
export function liveAlarmSource(socket: TelemetrySocket): LiveAlarmSource {
  return {
    alarmChanges: (entityId, window, onChange) => {
      let firstPageSeen = false;
      return socket.subscribe('alarmDataCmds', { query: alarmChangesQuery(entityId, window) }, (update) => {
        if (update.errorCode !== 0) {
          return;
        }
        if (firstPageSeen) {
          onChange();
        } else if (update.data !== null) {
          firstPageSeen = true;
        }
      });
    },
  };
}

/**
 * The Alarms tab's API with live changes, built once per client and socket, so a table config
 * rebuilt on a re-render keeps the open tab's subscription.
 */
export function useLiveAlarmsTabApi() {
  const { http } = useServices();
  const socket = useTelemetrySocket();
  return useMemo(() => ({ ...alarmsTabApi(http), live: liveAlarmSource(socket) }), [http, socket]);
}
