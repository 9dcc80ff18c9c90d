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
}

/** Scopes of a device's Attributes tab, in the reference's order; the first is shown first. */
export const DEVICE_ATTRIBUTE_SCOPES: readonly AttributeScope[] = [
  'CLIENT_SCOPE',
  'SERVER_SCOPE',
  'SHARED_SCOPE',
];
/** Other entities only have server attributes (reference console §4.1). */
export const SERVER_ATTRIBUTE_SCOPES: readonly AttributeScope[] = ['SERVER_SCOPE'];
