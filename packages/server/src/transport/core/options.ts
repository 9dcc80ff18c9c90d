/**
 * Tunables of the transport core, defaulting to the reference settings (reference §4.5, §7.1).
 * Tests shorten the timers.
 */
export interface TransportCoreOptions {
  /** `transport.client_side_rpc.timeout`: how long a device-to-server RPC waits for an answer. */
  clientRpcTimeoutMs: number;
  /** `security.claim.duration`: how long a claim stays open when the device names no duration. */
  claimDurationMs: number;
  /** `state.defaultInactivityTimeoutInSec`, in ms: silence after which a device is inactive. */
  defaultInactivityTimeoutMs: number;
  /** `state.defaultStateCheckIntervalInSec`, in ms: how often inactivity is checked. */
  stateCheckIntervalMs: number;
  /** `transport.sessions.report_timeout`: how often coalesced activity is written. */
  activityFlushMs: number;
  /** Most device identities kept in memory by credentials. */
  identityCacheSize: number;
  /**
   * The node's service id, put in device-to-server RPC messages (metadata `serviceId`) so the RPC
   * reply node answers the node where the device waits.
   */
  serviceId: string;
}

export const DEFAULT_TRANSPORT_CORE_OPTIONS: TransportCoreOptions = {
  clientRpcTimeoutMs: 60_000,
  serviceId: 'meridian',
  claimDurationMs: 86_400_000,
  defaultInactivityTimeoutMs: 600_000,
  stateCheckIntervalMs: 60_000,
  activityFlushMs: 3_000,
  identityCacheSize: 100_000,
};

/** Where the core reports failures it cannot hand back to a caller (pino-compatible). */
export interface CoreLogger {
  error(details: object, message: string): void;
  warn(details: object, message: string): void;
}

export const SILENT_LOGGER: CoreLogger = { error: () => {}, warn: () => {} };
