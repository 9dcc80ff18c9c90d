import { MAX_ENTITIES_PER_SUBSCRIPTION } from '@meridian/common';
import { parseRateLimits } from '../limits/rate-limits.js';

/**
 * Settings of the telemetry WebSocket (reference §3.1, §7.1 `server.ws.*`), read from the
 * environment so tests can shorten the intervals.
 */
export interface WsSettings {
  /** No pong or message for this long closes the session with 4500; pings go out every third of it. */
  pingTimeoutMs: number;
  /** Messages written to the socket but not yet flushed; more closes the session with 1008. */
  maxQueuePerSession: number;
  /** `capacity:seconds` pairs; empty for no limit. */
  maxUpdatesPerSession: string;
  /** How often dynamic entity-data queries and entity counts are re-run. */
  refreshIntervalMs: number;
  /** Largest text frame accepted from a client (the container's message buffer). */
  maxMessageBytes: number;
  /** Entities one data subscription may cover, reported as `allowedEntities`. */
  maxEntitiesPerDataSubscription: number;
  /** Alarm re-queries one alarm data command may run per refresh interval; more wait for the next. */
  maxAlarmQueriesPerRefreshInterval: number;
}

export const DEFAULT_WS_SETTINGS: WsSettings = {
  pingTimeoutMs: 30_000,
  maxQueuePerSession: 500,
  maxUpdatesPerSession: '300:1,3000:60',
  refreshIntervalMs: 60_000,
  maxMessageBytes: 32_768,
  maxEntitiesPerDataSubscription: MAX_ENTITIES_PER_SUBSCRIPTION,
  maxAlarmQueriesPerRefreshInterval: 10,
};

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) {
    throw new Error(`Environment variable ${name} must be a positive integer, got '${raw}'`);
  }
  return value;
}

/**
 * WS_PING_TIMEOUT_MS, WS_MAX_QUEUE_PER_SESSION, WS_MAX_UPDATES_PER_SESSION (`300:1,3000:60`, empty
 * string keeps the default, `off` disables), WS_REFRESH_INTERVAL_MS,
 * WS_MAX_ALARM_QUERIES_PER_REFRESH_INTERVAL.
 */
export function loadWsSettings(env: NodeJS.ProcessEnv): WsSettings {
  const rawLimits = env.WS_MAX_UPDATES_PER_SESSION;
  let maxUpdatesPerSession = DEFAULT_WS_SETTINGS.maxUpdatesPerSession;
  if (rawLimits !== undefined && rawLimits !== '') {
    maxUpdatesPerSession = rawLimits === 'off' ? '' : rawLimits;
    try {
      parseRateLimits(maxUpdatesPerSession);
    } catch (error) {
      throw new Error(`Environment variable WS_MAX_UPDATES_PER_SESSION: ${(error as Error).message}`);
    }
  }
  return {
    ...DEFAULT_WS_SETTINGS,
    pingTimeoutMs: positiveInt(env, 'WS_PING_TIMEOUT_MS', DEFAULT_WS_SETTINGS.pingTimeoutMs),
    maxQueuePerSession: positiveInt(env, 'WS_MAX_QUEUE_PER_SESSION', DEFAULT_WS_SETTINGS.maxQueuePerSession),
    maxUpdatesPerSession,
    refreshIntervalMs: positiveInt(env, 'WS_REFRESH_INTERVAL_MS', DEFAULT_WS_SETTINGS.refreshIntervalMs),
    maxAlarmQueriesPerRefreshInterval: positiveInt(
      env,
      'WS_MAX_ALARM_QUERIES_PER_REFRESH_INTERVAL',
      DEFAULT_WS_SETTINGS.maxAlarmQueriesPerRefreshInterval,
    ),
  };
}
