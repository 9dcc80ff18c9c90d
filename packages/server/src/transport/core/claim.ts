import { DEFAULT_CLAIM_DURATION_MS } from '@meridian/common';
import { JsonNumber, JsonObjectNode, type LosslessJson } from '../../telemetry/json-lossless.js';
import { TelemetryInputError } from '../../telemetry/values.js';

/**
 * Device claiming (reference §4.1 "Claim"): a device announces a secret and a time window; a
 * customer user who knows the secret may then claim the device. Like the reference's claim cache,
 * the announcements live in memory.
 */

export interface ClaimData {
  secretKey: string;
  /** Epoch ms after which the claim is no longer allowed. */
  expirationTime: number;
}

export class ClaimRegistry {
  private readonly claims = new Map<string, ClaimData>();

  constructor(
    private readonly defaultDurationMs: number = DEFAULT_CLAIM_DURATION_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Records the device's claim announcement: `{"secretKey","durationMs"}`, both optional. */
  allow(deviceId: string, payload: LosslessJson | undefined): ClaimData {
    let secretKey = '';
    let durationMs = this.defaultDurationMs;
    if (payload !== undefined && payload !== null) {
      if (!(payload instanceof JsonObjectNode))
        throw new TelemetryInputError('Claim request is not a JSON object');
      const secret = payload.members.get('secretKey');
      if (secret !== undefined && secret !== null) {
        if (typeof secret !== 'string') throw new TelemetryInputError("'secretKey' must be a string");
        secretKey = secret;
      }
      const duration = payload.members.get('durationMs');
      if (duration !== undefined && duration !== null) {
        const text =
          duration instanceof JsonNumber ? duration.text : typeof duration === 'string' ? duration : '';
        const value = Number(text);
        if (!/^\d+$/.test(text) || !Number.isSafeInteger(value))
          throw new TelemetryInputError("'durationMs' must be a whole number of milliseconds");
        // The reference falls back to the default for a zero duration.
        if (value > 0) durationMs = value;
      }
    }
    const data = { secretKey, expirationTime: this.now() + durationMs };
    this.claims.set(deviceId, data);
    return data;
  }

  /** The open claim of a device, or undefined when there is none or it expired. */
  get(deviceId: string): ClaimData | undefined {
    const data = this.claims.get(deviceId);
    if (data && data.expirationTime < this.now()) {
      this.claims.delete(deviceId);
      return undefined;
    }
    return data;
  }

  /** Removes the claim (claimed, reclaimed or the device was deleted). */
  remove(deviceId: string): void {
    this.claims.delete(deviceId);
  }
}
