import type { TenantProfileId } from './entity-ids.js';

/**
 * Tenant profiles and their limits (reference §1.5 TenantProfile, §7.1 "Tenant-profile limits").
 * A limit of 0 or null means unlimited.
 */

export interface DefaultTenantProfileConfiguration {
  type: 'DEFAULT';
  maxDevices?: number;
  maxAssets?: number;
  maxCustomers?: number;
  maxUsers?: number;
  maxDashboards?: number;
  maxRuleChains?: number;
  maxResourcesInBytes?: number;
  maxOtaPackagesInBytes?: number;
  /** Rate-limit strings `capacity:seconds,…` (see {@link parseRateLimits}). */
  transportTenantMsgRateLimit?: string | null;
  transportTenantTelemetryMsgRateLimit?: string | null;
  transportTenantTelemetryDataPointsRateLimit?: string | null;
  transportDeviceMsgRateLimit?: string | null;
  transportDeviceTelemetryMsgRateLimit?: string | null;
  transportDeviceTelemetryDataPointsRateLimit?: string | null;
  maxTransportMessages?: number;
  maxTransportDataPoints?: number;
  maxREExecutions?: number;
  maxJSExecutions?: number;
  maxDPStorageDays?: number;
  maxRuleNodeExecutionsPerMessage?: number;
  maxEmails?: number;
  maxSms?: number;
  maxCreatedAlarms?: number;
  defaultStorageTtlDays?: number;
  alarmsTtlDays?: number;
  rpcTtlDays?: number;
  warnThreshold?: number;
}

export interface TenantProfileData {
  configuration: DefaultTenantProfileConfiguration;
}

/** A tenant profile (reference §1.5 TenantProfile). */
export interface TenantProfile {
  id: TenantProfileId;
  createdTime: number;
  name: string;
  description: string | null;
  /** JSON name of the reference's `isDefault`. */
  default: boolean;
  isolatedTbCore: boolean;
  isolatedTbRuleEngine: boolean;
  profileData: TenantProfileData;
}

/** Names of the tenant profiles created at install; the first is the default (reference §7.2). */
export const INSTALL_TENANT_PROFILE_NAMES = [
  'Default',
  'Isolated TB Core',
  'Isolated TB Rule Engine',
  'Isolated TB Core and TB Rule Engine',
] as const;

/** True when a limit value means "no limit". */
export function isUnlimited(limit: number | null | undefined): boolean {
  return limit === null || limit === undefined || limit === 0;
}

/** One bucket of a rate limit: at most `capacity` events per `periodSeconds`. */
export interface RateLimitBucket {
  capacity: number;
  periodSeconds: number;
}

/**
 * Parses a rate-limit string such as `100:1,2000:60` into buckets (reference §7.1, `TbRateLimits`);
 * all buckets must allow an event. Empty input means no limit (empty list). Returns null when any
 * part is not two positive integers separated by a colon.
 */
export function parseRateLimits(value: string | null | undefined): RateLimitBucket[] | null {
  const text = value?.trim() ?? '';
  if (text.length === 0) {
    return [];
  }
  const buckets: RateLimitBucket[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*(\d+)\s*:\s*(\d+)\s*$/.exec(part);
    const capacity = Number(match?.[1]);
    const periodSeconds = Number(match?.[2]);
    if (!match || capacity <= 0 || periodSeconds <= 0) {
      return null;
    }
    buckets.push({ capacity, periodSeconds });
  }
  return buckets;
}

/** Formats buckets back to the `capacity:seconds,…` string. */
export function formatRateLimits(buckets: readonly RateLimitBucket[]): string {
  return buckets.map((b) => `${b.capacity}:${b.periodSeconds}`).join(',');
}
