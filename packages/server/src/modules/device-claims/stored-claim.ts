import type { AttributeKvEntry, EntityId } from '@meridian/common';
import type { ClaimData } from '../../transport/core/claim.js';

/**
 * The SERVER_SCOPE attributes of the reference's ClaimDevicesServiceImpl: `claimingAllowed` lets a
 * device be claimed when claiming is not allowed by default, and `claimingData` (JSON
 * `{"secretKey","expirationTime"}`) is a claim written by an integration instead of announced by
 * the device. Both go once the device is claimed.
 */
export const CLAIMING_ALLOWED_KEY = 'claimingAllowed';
export const CLAIMING_DATA_KEY = 'claimingData';

/** The attribute reads and writes claiming needs (TelemetryService fits). */
export interface ClaimAttributes {
  attributes(entityId: EntityId, scope: 'SERVER_SCOPE', keys: readonly string[]): Promise<AttributeKvEntry[]>;
}

/** Whether the `claimingAllowed` attribute is the boolean true (the reference reads it as a boolean). */
export function claimingAllowedIn(attributes: readonly AttributeKvEntry[]): boolean {
  const entry = attributes.find((a) => a.key === CLAIMING_ALLOWED_KEY);
  if (!entry) return false;
  const { value } = entry;
  // The reference's getBooleanValue also accepts the text "true".
  return (
    (value.type === 'BOOLEAN' && value.value) ||
    (value.type === 'STRING' && value.value.toLowerCase() === 'true')
  );
}

/**
 * The claim stored in the `claimingData` attribute, or undefined when there is none or it is not
 * a JSON object with a numeric `expirationTime` (the reference logs and ignores such a value).
 */
export function claimDataIn(attributes: readonly AttributeKvEntry[]): ClaimData | undefined {
  const entry = attributes.find((a) => a.key === CLAIMING_DATA_KEY);
  if (!entry || (entry.value.type !== 'JSON' && entry.value.type !== 'STRING')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(entry.value.value);
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
  const { secretKey, expirationTime } = parsed as { secretKey?: unknown; expirationTime?: unknown };
  if (typeof expirationTime !== 'number' || !Number.isFinite(expirationTime)) return undefined;
  if (secretKey !== undefined && secretKey !== null && typeof secretKey !== 'string') return undefined;
  return { secretKey: secretKey ?? '', expirationTime };
}
