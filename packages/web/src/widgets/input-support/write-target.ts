import type { EntityId, JsonValue } from '@meridian/common';
import { saveAttributes, saveTimeseries } from '../../api/telemetry';
import type { HttpClient } from '../../app/http/http-client';
import { HttpError } from '../../app/http/http-error';

/** Where an input writes its key: an attribute scope, or the entity's time series. */
export type WriteTarget = 'server' | 'shared' | 'timeseries';

/** Shared attributes belong to devices only (the reference refuses them for other entities). */
export function targetAllowed(target: WriteTarget, entityId: EntityId): boolean {
  return target !== 'shared' || entityId.entityType === 'DEVICE';
}

/**
 * Writes key → value pairs through the reference REST API; errors are the widget's to show, so
 * the console's error toast stays out of it.
 */
export function writeValues(
  http: HttpClient,
  entityId: EntityId,
  target: WriteTarget,
  values: Record<string, JsonValue>,
): Promise<void> {
  const options = { ignoreErrors: true };
  if (target === 'timeseries') return saveTimeseries(http, entityId, values, options);
  return saveAttributes(
    http,
    entityId,
    target === 'shared' ? 'SHARED_SCOPE' : 'SERVER_SCOPE',
    values,
    options,
  );
}

/** The server's words for a failed write, or null when it gave none. */
export function serverMessageOf(error: unknown): string | null {
  if (error instanceof HttpError) return error.serverMessage ?? (error.statusText || null);
  return error instanceof Error && error.message ? error.message : null;
}
