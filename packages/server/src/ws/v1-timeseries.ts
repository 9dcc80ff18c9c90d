import { SubscriptionErrorCode, type TsKvEntry } from '@meridian/common';
import { clipRange, inWindow, latestInWindow, visibleKeys } from '../modules/telemetry/entity-view-window.js';
import type { WsDeps } from './deps.js';
import { readableTimeseries, splitKeys } from './entity-access.js';
import { failureOf } from './errors.js';
import { LiveFeed } from './live-feed.js';
import type { HistoryCmd, TimeseriesCmd } from './parse.js';
import type { WsSession } from './session.js';
import { v1Data, v1Error } from './updates.js';
import { isSubscription } from './v1-command.js';
import { aggregationOf, pointsData, readHistory } from './v1-history.js';

/**
 * `tsSubCmds` and `historyCmds` (reference §3.2, §3.3). A subscription with `timeWindow` 0 (or
 * without keys) starts with the latest values and then follows the latest values as they move
 * forward; with a window it starts with the history of `[startTs, startTs + timeWindow)` and then
 * follows every new point at or after `startTs`.
 */

export async function handleTimeseriesCmd(
  session: WsSession,
  deps: WsDeps,
  cmd: TimeseriesCmd,
): Promise<void> {
  if (!isSubscription(session, cmd)) return;
  const requested = splitKeys(cmd.keys);
  const history = requested.length > 0 && cmd.timeWindow > 0;
  try {
    if (history) aggregationOf(cmd.agg);
    // An entity view reads its target's series, within its keys and time window.
    const window = await readableTimeseries(deps.db, session.principal, cmd.entityType, cmd.entityId);
    const keys = visibleKeys(window, requested) ?? [];
    const wanted = keys.length > 0 ? new Set(keys) : undefined;
    const feed = new LiveFeed(deps.index, (change) => {
      if (change.type !== 'TIMESERIES_UPDATED') return;
      const candidates = history ? change.entries.filter((point) => point.ts >= cmd.startTs) : change.latest;
      const points = candidates.filter(
        (point) => (!wanted || wanted.has(point.key)) && inWindow(window, point.ts),
      );
      if (points.length > 0) session.send(v1Data(cmd.cmdId, pointsData(points)));
    });
    session.put('v1', cmd.cmdId, feed);
    feed.watch(window.entityId.id);
    let initial: Iterable<TsKvEntry> = [];
    const hidden = requested.length > 0 && keys.length === 0;
    if (hidden) {
      // The view shows none of the keys asked for.
    } else if (history) {
      const range = clipRange(window, cmd.startTs, cmd.startTs + cmd.timeWindow);
      if (range) {
        const series = await readHistory(deps.telemetry, window.entityId, keys, {
          ...range,
          interval: cmd.interval,
          limit: cmd.limit,
          agg: cmd.agg,
        });
        initial = [...series.values()].flat();
      }
    } else {
      initial = await latestInWindow(deps.telemetry, window, keys.length > 0 ? keys : undefined);
    }
    session.send(v1Data(cmd.cmdId, pointsData(initial)));
    feed.start();
  } catch (error) {
    session.cancel('v1', cmd.cmdId);
    const failure = failureOf(error, 'Failed to fetch data!', session.log);
    session.send(v1Error(cmd.cmdId, failure.errorCode, failure.errorMsg));
  }
}

/** One-shot history of some keys of one entity. */
export async function handleHistoryCmd(session: WsSession, deps: WsDeps, cmd: HistoryCmd): Promise<void> {
  if (!cmd.entityId || !cmd.entityType) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Device id is empty!'));
    return;
  }
  const keys = splitKeys(cmd.keys);
  if (keys.length === 0) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Keys are empty!'));
    return;
  }
  try {
    const window = await readableTimeseries(deps.db, session.principal, cmd.entityType, cmd.entityId);
    const visible = visibleKeys(window, keys) ?? [];
    const range = clipRange(window, cmd.startTs, cmd.endTs);
    const series =
      visible.length > 0 && range
        ? await readHistory(deps.telemetry, window.entityId, visible, { ...cmd, ...range })
        : new Map();
    session.send(v1Data(cmd.cmdId, pointsData([...series.values()].flat())));
  } catch (error) {
    const failure = failureOf(error, 'Failed to fetch data!', session.log);
    session.send(v1Error(cmd.cmdId, failure.errorCode, failure.errorMsg));
  }
}
