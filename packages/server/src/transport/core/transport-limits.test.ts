import { describe, expect, it } from 'vitest';
import { type LimitedBy, TransportLimitError, TransportLimits } from './transport-limits.js';

function limiter(configuration: Record<string, unknown>, enabled = true) {
  const clock = { now: 0 };
  const source = { configuration, enabled };
  const limits = new TransportLimits({
    configurationOf: () => source.configuration,
    transportEnabled: () => source.enabled,
    now: () => clock.now,
  });
  /** What a message is refused for, or null when it passes. */
  const refusal = (deviceId: string, dataPoints?: number): LimitedBy | null => {
    try {
      limits.check('tenant-1', deviceId, dataPoints);
      return null;
    } catch (error) {
      if (error instanceof TransportLimitError) return error.limitedBy;
      throw error;
    }
  };
  return { clock, source, refusal };
}

describe('TransportLimits', () => {
  it('passes everything when the profile sets no limit', () => {
    const { refusal } = limiter({ type: 'DEFAULT', transportTenantMsgRateLimit: '', maxDevices: 0 });
    for (let i = 0; i < 100; i++) expect(refusal('d1', 10)).toBeNull();
  });

  it("refuses a device over its own message limit, not the tenant's other devices", () => {
    const { clock, refusal } = limiter({ transportDeviceMsgRateLimit: '2:10' });
    expect([refusal('d1'), refusal('d1', 3), refusal('d1')]).toEqual([null, null, 'DEVICE']);
    expect(refusal('d2')).toBeNull();
    clock.now = 5000;
    expect(refusal('d1')).toBeNull();
  });

  it('counts telemetry messages and data points apart from other messages, tenant before device', () => {
    const { refusal } = limiter({
      transportTenantTelemetryMsgRateLimit: '3:60',
      transportDeviceTelemetryDataPointsRateLimit: '10:60',
    });
    // Attribute messages and the like take no telemetry tokens.
    for (let i = 0; i < 5; i++) expect(refusal('d1')).toBeNull();
    expect(refusal('d1', 6)).toBeNull();
    expect(refusal('d1', 6)).toBe('DEVICE');
    expect(refusal('d2', 6)).toBeNull();
    // d1's refused message still took a tenant token (the tenant is checked first): d3's is the fourth.
    expect(refusal('d3', 1)).toBe('TENANT');
  });

  it('refuses everything once the monthly transport usage is spent', () => {
    const { source, refusal } = limiter({}, false);
    expect(refusal('d1')).toBe('API_USAGE_STATE');
    source.enabled = true;
    expect(refusal('d1')).toBeNull();
  });

  it('follows a changed profile, and keeps the buckets when a re-read profile has the same limits', () => {
    const { source, refusal } = limiter({ transportTenantMsgRateLimit: '1:60' });
    expect([refusal('d1'), refusal('d1')]).toEqual([null, 'TENANT']);
    source.configuration = { transportTenantMsgRateLimit: '1:60' };
    expect(refusal('d1')).toBe('TENANT');
    source.configuration = { transportTenantMsgRateLimit: '5:60' };
    expect(refusal('d1')).toBeNull();
    source.configuration = {};
    for (let i = 0; i < 10; i++) expect(refusal('d1')).toBeNull();
  });
});
