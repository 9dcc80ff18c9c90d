import type { CoapObservation } from './observation.js';

/**
 * The live observations of the CoAP transport: by observer (RFC 7641 §4.1 identifies a
 * registration by client endpoint and token) to replace or cancel it, and by device to record
 * activity and to end the observations of devices that went silent.
 */
export class ObservationRegistry {
  private readonly byKey = new Map<string, CoapObservation>();
  private readonly byDevice = new Map<string, Set<CoapObservation>>();

  /** `client` is the endpoint (address:port), `token` the CoAP token in hex. */
  static key(client: string, token: string): string {
    return `${client}/${token}`;
  }

  get(key: string): CoapObservation | undefined {
    return this.byKey.get(key);
  }

  add(observation: CoapObservation): void {
    this.byKey.set(observation.key, observation);
    let observations = this.byDevice.get(observation.device.deviceId);
    if (!observations) {
      observations = new Set();
      this.byDevice.set(observation.device.deviceId, observations);
    }
    observations.add(observation);
  }

  /** Forgets an ended observation; a newer one registered under the same key stays. */
  remove(observation: CoapObservation): void {
    if (this.byKey.get(observation.key) === observation) this.byKey.delete(observation.key);
    const observations = this.byDevice.get(observation.device.deviceId);
    if (observations?.delete(observation) && observations.size === 0) {
      this.byDevice.delete(observation.device.deviceId);
    }
  }

  /** A request of the device arrived: every observation of it is alive. */
  touch(deviceId: string): void {
    const observations = this.byDevice.get(deviceId);
    if (!observations) return;
    let first = true;
    for (const observation of observations) {
      // One activity record per request is enough; the others only need their clock moved.
      if (first) observation.activity();
      else observation.lastActivity = Date.now();
      first = false;
    }
  }

  /** Observations whose device sent nothing since `before` (epoch ms). */
  idleSince(before: number): CoapObservation[] {
    return [...this.byKey.values()].filter((observation) => observation.lastActivity < before);
  }

  all(): CoapObservation[] {
    return [...this.byKey.values()];
  }

  get size(): number {
    return this.byKey.size;
  }
}
