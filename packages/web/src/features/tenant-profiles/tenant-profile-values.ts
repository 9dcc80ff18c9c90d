import {
  type DefaultTenantProfileConfiguration,
  parseRateLimits,
  type TenantProfile,
} from '@meridian/common';
import type { TenantProfileDraft } from '../../api/tenant-profiles';

type ConfigurationKey = Exclude<keyof DefaultTenantProfileConfiguration, 'type'>;

/** Limits stored as Java `int` on the reference; the others are `long`. */
const INT_LIMIT_KEYS: readonly ConfigurationKey[] = [
  'maxRuleNodeExecutionsPerMessage',
  'defaultStorageTtlDays',
  'alarmsTtlDays',
  'rpcTtlDays',
];
const JAVA_INT_MAX = 2147483647;

/** The numeric limits of the form, grouped as the form shows them (reference console §3.3). */
export const LIMIT_GROUPS = [
  {
    id: 'entities',
    keys: ['maxDevices', 'maxAssets', 'maxCustomers', 'maxUsers', 'maxDashboards', 'maxRuleChains'],
  },
  { id: 'files', keys: ['maxResourcesInBytes', 'maxOtaPackagesInBytes'] },
  { id: 'rule-engine', keys: ['maxREExecutions', 'maxJSExecutions', 'maxRuleNodeExecutionsPerMessage'] },
  { id: 'transport', keys: ['maxTransportMessages', 'maxTransportDataPoints'] },
  { id: 'storage', keys: ['maxDPStorageDays', 'defaultStorageTtlDays', 'alarmsTtlDays', 'rpcTtlDays'] },
  { id: 'alarms-and-notifications', keys: ['maxEmails', 'maxSms', 'maxCreatedAlarms'] },
] as const satisfies readonly { id: string; keys: readonly ConfigurationKey[] }[];

export type LimitKey = (typeof LIMIT_GROUPS)[number]['keys'][number];

/** The six transport rate limits, `capacity:seconds,…` strings. */
export const RATE_LIMIT_KEYS = [
  'transportTenantMsgRateLimit',
  'transportTenantTelemetryMsgRateLimit',
  'transportTenantTelemetryDataPointsRateLimit',
  'transportDeviceMsgRateLimit',
  'transportDeviceTelemetryMsgRateLimit',
  'transportDeviceTelemetryDataPointsRateLimit',
] as const satisfies readonly ConfigurationKey[];

export type RateLimitKey = (typeof RATE_LIMIT_KEYS)[number];

const LIMIT_KEYS: readonly LimitKey[] = LIMIT_GROUPS.flatMap((group) => group.keys);

/** Values of the tenant profile form. Limits are whole numbers, 0 meaning unlimited. */
export interface TenantProfileValues {
  name: string;
  description: string;
  isolatedTbCore: boolean;
  isolatedTbRuleEngine: boolean;
  limits: Record<LimitKey, number | null>;
  rateLimits: Record<RateLimitKey, string>;
}

/** Largest value a limit may hold. */
export function limitMaximum(key: LimitKey): number {
  return INT_LIMIT_KEYS.includes(key) ? JAVA_INT_MAX : Number.MAX_SAFE_INTEGER;
}

/** Message key of a limit's error, or true: required, whole, not negative, within its range. */
export function validateLimit(key: LimitKey, value: number | null): string | true {
  if (value === null || Number.isNaN(value)) {
    return 'tenant-profiles.limit-required';
  }
  if (!Number.isInteger(value) || value < 0) {
    return 'tenant-profiles.limit-invalid';
  }
  return value <= limitMaximum(key) || 'tenant-profiles.limit-too-large';
}

export function validateRateLimit(value: string): string | true {
  return parseRateLimits(value) !== null || 'tenant-profiles.rate-limit-invalid';
}

export function tenantProfileValuesOf(profile: TenantProfile | null): TenantProfileValues {
  const configuration: Partial<DefaultTenantProfileConfiguration> = profile?.profileData?.configuration ?? {};
  const limits = {} as Record<LimitKey, number | null>;
  for (const key of LIMIT_KEYS) {
    const value = configuration[key];
    limits[key] = typeof value === 'number' ? value : 0;
  }
  const rateLimits = {} as Record<RateLimitKey, string>;
  for (const key of RATE_LIMIT_KEYS) {
    rateLimits[key] = configuration[key] ?? '';
  }
  return {
    name: profile?.name ?? '',
    description: profile?.description ?? '',
    isolatedTbCore: profile?.isolatedTbCore ?? false,
    isolatedTbRuleEngine: profile?.isolatedTbRuleEngine ?? false,
    limits,
    rateLimits,
  };
}

/**
 * The profile to save: the stored one (if any) with the form's changes. Configuration keys the
 * form does not show (e.g. `warnThreshold`) are kept; empty rate limits are sent as null.
 */
export function tenantProfileOfValues(
  values: TenantProfileValues,
  profile: TenantProfile | null,
): TenantProfileDraft {
  const configuration: DefaultTenantProfileConfiguration = {
    ...(profile?.profileData?.configuration ?? {}),
    type: 'DEFAULT',
  };
  for (const key of LIMIT_KEYS) {
    configuration[key] = values.limits[key] ?? 0;
  }
  for (const key of RATE_LIMIT_KEYS) {
    const text = values.rateLimits[key].trim();
    configuration[key] = text.length > 0 ? text : null;
  }
  const description = values.description.trim();
  return {
    ...(profile ?? {}),
    name: values.name.trim(),
    description: description.length > 0 ? values.description : null,
    default: profile?.default ?? false,
    isolatedTbCore: profile ? profile.isolatedTbCore : values.isolatedTbCore,
    isolatedTbRuleEngine: profile ? profile.isolatedTbRuleEngine : values.isolatedTbRuleEngine,
    profileData: { ...(profile?.profileData ?? {}), configuration },
  };
}

/** The JSON file "Export" writes: the profile without its id and creation time, never default. */
export function exportedTenantProfile(profile: TenantProfile): TenantProfileDraft {
  const { id: _id, createdTime: _createdTime, ...rest } = profile;
  return { ...rest, default: false };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A profile read from an exported file, ready to be created; null unless it has a name, profile
 * data with a configuration, and both isolation flags.
 */
export function parseImportedTenantProfile(text: string): TenantProfileDraft | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (
    !isObject(parsed) ||
    typeof parsed.name !== 'string' ||
    parsed.name.trim().length === 0 ||
    !isObject(parsed.profileData) ||
    !isObject(parsed.profileData.configuration) ||
    typeof parsed.isolatedTbCore !== 'boolean' ||
    typeof parsed.isolatedTbRuleEngine !== 'boolean'
  ) {
    return null;
  }
  const { id: _id, createdTime: _createdTime, ...rest } = parsed;
  const profile = rest as unknown as TenantProfileDraft;
  return {
    ...profile,
    description: typeof parsed.description === 'string' ? parsed.description : null,
    default: false,
  };
}
