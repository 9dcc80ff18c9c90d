/**
 * In-process notices about devices, their credentials and their profiles, emitted by the services
 * after the change committed. The device transports listen: sessions of a deleted device or of
 * replaced credentials close, and cached device identities are dropped so the next request reads
 * the device again.
 */
export type DeviceEvent =
  | { type: 'DEVICE_UPDATED'; deviceId: string }
  | { type: 'DEVICE_DELETED'; deviceId: string }
  | { type: 'CREDENTIALS_UPDATED'; deviceId: string }
  | { type: 'PROFILE_UPDATED'; deviceProfileId: string }
  | { type: 'PROFILE_DELETED'; deviceProfileId: string };

export type DeviceEventListener = (event: DeviceEvent) => void;

export class DeviceEvents {
  private readonly listeners = new Set<DeviceEventListener>();

  constructor(private readonly onListenerError: (error: unknown) => void = () => {}) {}

  /** Adds a listener; returns the function that removes it. */
  on(listener: DeviceEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Tells every listener; a failing listener never breaks the request that changed the device. */
  emit(event: DeviceEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.onListenerError(error);
      }
    }
  }
}
