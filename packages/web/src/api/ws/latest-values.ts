import type { TelemetrySubscriptionUpdate } from '@meridian/common';

/** The newest point of one key in a v1 update: values travel as strings (reference §3.3). */
export interface LivePoint {
  ts: number;
  value: string;
}

/**
 * The newest point of every key a v1 update (attributes, latest telemetry) carries. Keys with an
 * empty list carry no value and are left out; an error update carries nothing.
 */
export function latestPoints(update: TelemetrySubscriptionUpdate): Map<string, LivePoint> {
  const points = new Map<string, LivePoint>();
  if (update.errorCode !== 0 || !update.data) {
    return points;
  }
  for (const [key, series] of Object.entries(update.data)) {
    let newest: LivePoint | null = null;
    for (const pair of series ?? []) {
      const [ts, value] = pair;
      if (typeof ts === 'number' && typeof value === 'string' && (newest === null || ts >= newest.ts)) {
        newest = { ts, value };
      }
    }
    if (newest) {
      points.set(key, newest);
    }
  }
  return points;
}
