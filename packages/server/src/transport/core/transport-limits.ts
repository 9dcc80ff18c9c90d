import { RateLimits } from '../../limits/rate-limits.js';

/**
 * The tenant profile's transport limits (reference `DefaultTransportRateLimitService`): a tenant
 * whose monthly transport usage is spent (API usage TRANSPORT disabled) is refused outright; then
 * every message takes a token of the tenant's and the device's message limits, and a telemetry
 * message also one of the telemetry message limits and one per data point of the data point limits.
 * The first limit that has no token left names who is over: the tenant or the device.
 *
 * Limits are read from the tenant profile's configuration as the API usage service last read it
 * (every report interval), so a profile change applies within one interval. Limiters of idle
 * devices are dropped now and then: a device that sends again starts with full buckets, as it
 * would after the refill anyway.
 */

export type LimitedBy = 'API_USAGE_STATE' | 'TENANT' | 'DEVICE';

/** A message refused by the transport limits; transports answer it as the reference does. */
export class TransportLimitError extends Error {
  constructor(readonly limitedBy: LimitedBy) {
    super(
      limitedBy === 'API_USAGE_STATE'
        ? "The tenant's monthly transport usage is spent"
        : `Too many messages of this ${limitedBy === 'TENANT' ? 'tenant' : 'device'}`,
    );
  }
}

export interface TransportLimitsSource {
  /** The tenant profile configuration; a new object when it was read again. */
  configurationOf(tenantId: string): Readonly<Record<string, unknown>>;
  /** Whether the tenant's transport usage is not DISABLED. */
  transportEnabled(tenantId: string): boolean;
  now?: () => number;
}

/** A message's limits: all messages, telemetry messages, telemetry data points. */
interface Buckets {
  msg: RateLimits | null;
  telemetryMsg: RateLimits | null;
  telemetryDataPoints: RateLimits | null;
}

interface TenantLimits {
  configuration: Readonly<Record<string, unknown>>;
  /** The six limit texts, to tell whether a newly read configuration changed them. */
  texts: string;
  tenant: Buckets;
  deviceTexts: [string, string, string];
  devices: Map<string, Buckets>;
}

const TENANT_KEYS = [
  'transportTenantMsgRateLimit',
  'transportTenantTelemetryMsgRateLimit',
  'transportTenantTelemetryDataPointsRateLimit',
] as const;
const DEVICE_KEYS = [
  'transportDeviceMsgRateLimit',
  'transportDeviceTelemetryMsgRateLimit',
  'transportDeviceTelemetryDataPointsRateLimit',
] as const;
/** The limit texts of a profile without transport limits. */
const UNLIMITED = '|||||';
/** How often limiters of idle devices are looked for. */
const SWEEP_INTERVAL_MS = 60_000;

const textOf = (configuration: Readonly<Record<string, unknown>>, key: string): string => {
  const value = configuration[key];
  return typeof value === 'string' ? value.trim() : '';
};

export class TransportLimits {
  private readonly tenants = new Map<string, TenantLimits>();
  private readonly now: () => number;
  private lastSweep: number;

  constructor(private readonly source: TransportLimitsSource) {
    this.now = source.now ?? Date.now;
    this.lastSweep = this.now();
  }

  /** Takes the message's tokens, or throws TransportLimitError naming the limit it is over. */
  check(tenantId: string, deviceId: string, telemetryDataPoints?: number): void {
    if (!this.source.transportEnabled(tenantId)) throw new TransportLimitError('API_USAGE_STATE');
    const limits = this.limitsOf(tenantId);
    if (limits === null) return;
    if (!consume(limits.tenant, telemetryDataPoints)) throw new TransportLimitError('TENANT');
    const device = this.deviceBuckets(limits, deviceId);
    if (device !== null && !consume(device, telemetryDataPoints)) throw new TransportLimitError('DEVICE');
    this.sweep();
  }

  /** The tenant's limiters; null when its profile sets no transport limit. */
  private limitsOf(tenantId: string): TenantLimits | null {
    const configuration = this.source.configurationOf(tenantId);
    let limits = this.tenants.get(tenantId);
    // The hot path: the same configuration object as the last message's (read every interval).
    if (limits?.configuration !== configuration) limits = this.reread(tenantId, configuration, limits);
    return limits.texts === UNLIMITED ? null : limits;
  }

  /** A newly read configuration: the limiters are kept unless its limit texts changed. */
  private reread(
    tenantId: string,
    configuration: Readonly<Record<string, unknown>>,
    known: TenantLimits | undefined,
  ): TenantLimits {
    const tenantTexts = TENANT_KEYS.map((key) => textOf(configuration, key));
    const deviceTexts = DEVICE_KEYS.map((key) => textOf(configuration, key)) as [string, string, string];
    const texts = [...tenantTexts, ...deviceTexts].join('|');
    if (known?.texts === texts) {
      known.configuration = configuration;
      return known;
    }
    const limits: TenantLimits = {
      configuration,
      texts,
      tenant: bucketsOf(tenantTexts, this.now),
      deviceTexts,
      devices: new Map(),
    };
    this.tenants.set(tenantId, limits);
    return limits;
  }

  private deviceBuckets(limits: TenantLimits, deviceId: string): Buckets | null {
    if (limits.deviceTexts.every((text) => text === '')) return null;
    let buckets = limits.devices.get(deviceId);
    if (!buckets) {
      buckets = bucketsOf(limits.deviceTexts, this.now);
      limits.devices.set(deviceId, buckets);
    }
    return buckets;
  }

  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    for (const limits of this.tenants.values()) {
      for (const [deviceId, buckets] of limits.devices) {
        if (idle(buckets)) limits.devices.delete(deviceId);
      }
    }
  }
}

/** Limiters of three limit texts (absent where the text is empty); a malformed text limits nothing. */
function bucketsOf(texts: readonly string[], now: () => number): Buckets {
  const limiter = (text: string | undefined): RateLimits | null => {
    if (!text) return null;
    try {
      return new RateLimits(text, now);
    } catch {
      // The tenant profile service refuses malformed limits; one stored before that check limits nothing.
      return null;
    }
  };
  return { msg: limiter(texts[0]), telemetryMsg: limiter(texts[1]), telemetryDataPoints: limiter(texts[2]) };
}

function consume(buckets: Buckets, telemetryDataPoints: number | undefined): boolean {
  if (buckets.msg && !buckets.msg.tryConsume()) return false;
  if (telemetryDataPoints === undefined) return true;
  if (buckets.telemetryMsg && !buckets.telemetryMsg.tryConsume()) return false;
  return (
    telemetryDataPoints === 0 ||
    !buckets.telemetryDataPoints ||
    buckets.telemetryDataPoints.tryConsume(telemetryDataPoints)
  );
}

function idle(buckets: Buckets): boolean {
  return [buckets.msg, buckets.telemetryMsg, buckets.telemetryDataPoints].every(
    (limiter) => limiter === null || limiter.idle(),
  );
}
