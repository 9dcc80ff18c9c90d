import type { TenantProfile } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  parseImportedTenantProfile,
  tenantProfileOfValues,
  tenantProfileValuesOf,
  validateLimit,
  validateRateLimit,
} from './tenant-profile-values';

const stored: TenantProfile = {
  id: { entityType: 'TENANT_PROFILE', id: 'p1' },
  createdTime: 1,
  name: 'Stored',
  description: 'Text',
  default: true,
  isolatedTbCore: true,
  isolatedTbRuleEngine: false,
  profileData: {
    configuration: {
      type: 'DEFAULT',
      maxDevices: 5,
      transportTenantMsgRateLimit: '10:1',
      warnThreshold: 0.5,
    },
  },
};

describe('tenant profile values', () => {
  it('limits are whole numbers from 0; int limits stop at the Java int maximum', () => {
    expect(validateLimit('maxDevices', 0)).toBe(true);
    expect(validateLimit('maxDevices', null)).toBe('tenant-profiles.limit-required');
    expect(validateLimit('maxDevices', Number.NaN)).toBe('tenant-profiles.limit-required');
    expect(validateLimit('maxDevices', 1.5)).toBe('tenant-profiles.limit-invalid');
    expect(validateLimit('maxDevices', -1)).toBe('tenant-profiles.limit-invalid');
    expect(validateLimit('maxDevices', 2_147_483_648)).toBe(true);
    expect(validateLimit('rpcTtlDays', 2_147_483_647)).toBe(true);
    expect(validateLimit('rpcTtlDays', 2_147_483_648)).toBe('tenant-profiles.limit-too-large');
  });

  it('rate limits are empty or capacity:seconds pairs', () => {
    expect(validateRateLimit('')).toBe(true);
    expect(validateRateLimit('100:1,2000:60')).toBe(true);
    expect(validateRateLimit('100')).toBe('tenant-profiles.rate-limit-invalid');
    expect(validateRateLimit('0:1')).toBe('tenant-profiles.rate-limit-invalid');
  });

  it('round-trips a stored profile, keeping flags, default and unknown keys', () => {
    const values = tenantProfileValuesOf(stored);
    expect(values.limits.maxDevices).toBe(5);
    expect(values.limits.maxAssets).toBe(0);
    expect(values.rateLimits.transportTenantMsgRateLimit).toBe('10:1');
    expect(values.rateLimits.transportDeviceMsgRateLimit).toBe('');
    const saved = tenantProfileOfValues({ ...values, isolatedTbCore: false, description: '' }, stored);
    expect(saved).toMatchObject({
      id: stored.id,
      default: true,
      isolatedTbCore: true,
      description: null,
      profileData: {
        configuration: {
          maxDevices: 5,
          warnThreshold: 0.5,
          transportTenantMsgRateLimit: '10:1',
          transportDeviceMsgRateLimit: null,
        },
      },
    });
  });

  it('imports only files with a name, a configuration and both isolation flags', () => {
    expect(parseImportedTenantProfile('not json')).toBeNull();
    expect(parseImportedTenantProfile('[]')).toBeNull();
    expect(parseImportedTenantProfile(JSON.stringify({ ...stored, isolatedTbCore: undefined }))).toBeNull();
    expect(parseImportedTenantProfile(JSON.stringify({ ...stored, profileData: {} }))).toBeNull();
    const imported = parseImportedTenantProfile(JSON.stringify(stored));
    expect(imported).toMatchObject({ name: 'Stored', default: false, isolatedTbCore: true });
    expect(imported).not.toHaveProperty('id');
    expect(imported).not.toHaveProperty('createdTime');
  });
});
