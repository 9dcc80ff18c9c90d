import type { AttributeData, AttributeScope, EntityId, JsonValue } from '@meridian/common';

/** The calls the Attributes and Latest telemetry tabs make (`api/telemetry.ts` provides them). */
export interface AttributesTabApi {
  getAttributes(entityId: EntityId, scope: AttributeScope, signal: AbortSignal): Promise<AttributeData[]>;
  saveAttributes(
    entityId: EntityId,
    scope: AttributeScope,
    values: Record<string, JsonValue>,
  ): Promise<unknown>;
  deleteAttributes(entityId: EntityId, scope: AttributeScope, keys: readonly string[]): Promise<unknown>;
  /** The latest value of every time-series key, as attribute rows. */
  getLatestTelemetry(entityId: EntityId, signal: AbortSignal): Promise<AttributeData[]>;
  /** Deletes every point of the keys. */
  deleteTelemetry(entityId: EntityId, keys: readonly string[]): Promise<unknown>;
  /** Live values laid over the loaded list; without it the tab changes only on Refresh. */
  live?: LiveTelemetrySource;
}

/** The newest value of a key as the live channel sends it: text, with its time (reference §3.3). */
export interface LivePoint {
  ts: number;
  value: string;
}

export type LivePointsListener = (points: ReadonlyMap<string, LivePoint>) => void;

/**
 * Live values of one entity (the telemetry socket provides them: `api/ws/live-telemetry.ts`). Each
 * call subscribes until the returned function is called; the first points are the current values.
 */
export interface LiveTelemetrySource {
  attributes(entityId: EntityId, scope: AttributeScope, onPoints: LivePointsListener): () => void;
  latestTelemetry(entityId: EntityId, onPoints: LivePointsListener): () => void;
}

/** Scopes of a device's Attributes tab, in the reference's order; the first is shown first. */
export const DEVICE_ATTRIBUTE_SCOPES: readonly AttributeScope[] = [
  'CLIENT_SCOPE',
  'SERVER_SCOPE',
  'SHARED_SCOPE',
];
/** Other entities only have server attributes (reference console §4.1). */
export const SERVER_ATTRIBUTE_SCOPES: readonly AttributeScope[] = ['SERVER_SCOPE'];
