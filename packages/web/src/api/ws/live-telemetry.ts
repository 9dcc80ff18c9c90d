import { useMemo } from 'react';
import { useServices } from '../../app/services/useServices';
import type { LiveTelemetrySource } from '../../components/entity-tabs/attributes/types';
import { telemetryTabApi } from '../telemetry';
import { latestPoints } from './latest-values';
import type { TelemetrySocket } from './telemetry-socket';
import { useTelemetrySocket } from './use-telemetry-socket';

/**
 * The Attributes and Latest telemetry tabs' live values over the telemetry socket: an attribute
 * subscription of one scope, or a latest time-series subscription (time window 0), all keys.
 */
export function liveTelemetrySource(socket: TelemetrySocket): LiveTelemetrySource {
  const forward =
    (onPoints: (points: ReturnType<typeof latestPoints>) => void) =>
    (update: Parameters<typeof latestPoints>[0]) => {
      const points = latestPoints(update);
      if (points.size > 0) onPoints(points);
    };
  return {
    attributes: (entityId, scope, onPoints) =>
      socket.subscribe(
        'attrSubCmds',
        { entityType: entityId.entityType, entityId: entityId.id, scope },
        forward(onPoints),
      ),
    latestTelemetry: (entityId, onPoints) =>
      socket.subscribe(
        'tsSubCmds',
        { entityType: entityId.entityType, entityId: entityId.id, timeWindow: 0 },
        forward(onPoints),
      ),
  };
}

/**
 * The Attributes / Latest telemetry tabs' API with live updates, built once per client and socket:
 * a table config rebuilt on a re-render then hands the tabs the same object, so open tabs keep
 * their subscriptions instead of unsubscribing and subscribing again.
 */
export function useLiveTelemetryTabApi() {
  const { http } = useServices();
  const socket = useTelemetrySocket();
  return useMemo(() => ({ ...telemetryTabApi(http), live: liveTelemetrySource(socket) }), [http, socket]);
}
