import { describe, expect, it } from 'vitest';
import { bulkImportLineError, bulkImportRowDiffers } from './bulk-import.js';
import { otaReportedKeys, otaSharedAttributeKey } from './ota.js';
import { randomAlphanumeric } from './random-string.js';
import { tooManyRequestsRetryDelayMs } from './request-retry.js';
import { serverTimeDiff, timeUnitToMs } from './time.js';
import { isSystemWidgetsBundle } from './widget.js';

describe('bulk import', () => {
  const existing = {
    type: 'thermostat',
    label: 'Kitchen',
    additionalInfo: { description: 'old', gateway: false },
    routingKey: null,
    secret: null,
  };

  it('updates only when a compared field differs', () => {
    expect(
      bulkImportRowDiffers(existing, { lineNumber: 2, name: 'T1', type: 'thermostat', label: 'Kitchen' }),
    ).toBe(false);
    expect(bulkImportRowDiffers(existing, { lineNumber: 2, name: 'T1', label: 'Hall' })).toBe(true);
    expect(bulkImportRowDiffers(existing, { lineNumber: 2, name: 'T1', description: 'new' })).toBe(true);
    expect(bulkImportRowDiffers(existing, { lineNumber: 2, name: 'T1', gateway: true })).toBe(true);
    expect(bulkImportRowDiffers(existing, { lineNumber: 2, name: 'T1', gateway: false })).toBe(false);
    expect(bulkImportRowDiffers(existing, { lineNumber: 2, name: 'T1', secret: '' })).toBe(false);
    expect(bulkImportRowDiffers(existing, { lineNumber: 2, name: 'T1', routingKey: 'rk' })).toBe(true);
  });

  it('formats per-line errors', () => {
    expect(bulkImportLineError(3, 'Device name is required')).toBe('Line: 3; Error: Device name is required');
  });
});

describe('small rules', () => {
  it('name OTA attributes', () => {
    expect(otaSharedAttributeKey('FIRMWARE', 'checksum_algorithm')).toBe('fw_checksum_algorithm');
    expect(otaSharedAttributeKey('SOFTWARE', 'title')).toBe('sw_title');
    expect(otaReportedKeys('FIRMWARE')).toEqual({
      currentTitle: 'current_fw_title',
      currentVersion: 'current_fw_version',
      state: 'fw_state',
    });
  });

  it('delay 429 retries by 1 to 4 seconds', () => {
    expect(tooManyRequestsRetryDelayMs(() => 0)).toBe(1000);
    expect(tooManyRequestsRetryDelayMs(() => 0.5)).toBe(2500);
    expect(tooManyRequestsRetryDelayMs(() => 0.9999999)).toBe(3999);
  });

  it('generate alphanumerics from the given source', () => {
    expect(randomAlphanumeric(5, () => 0)).toBe('AAAAA');
    expect(randomAlphanumeric(3, (n) => n - 1)).toBe('999');
    expect(randomAlphanumeric(0, () => 0)).toBe('');
    expect(() => randomAlphanumeric(1, (n) => n)).toThrow(RangeError);
  });

  it('estimate the server clock offset from the round-trip midpoint', () => {
    expect(serverTimeDiff(10_500, 1_000, 2_000)).toBe(9_000);
    expect(serverTimeDiff(1_000, 1_000, 1_001)).toBe(0);
  });

  it('convert time units', () => {
    expect(timeUnitToMs(3, 'MINUTES')).toBe(180_000);
    expect(timeUnitToMs(2, 'DAYS')).toBe(172_800_000);
  });

  it('spot system widget bundles by the null tenant', () => {
    expect(
      isSystemWidgetsBundle({
        tenantId: { entityType: 'TENANT', id: '13814000-1dd2-11b2-8080-808080808080' },
      }),
    ).toBe(true);
    expect(isSystemWidgetsBundle({ tenantId: { entityType: 'TENANT', id: 'f1e2' } })).toBe(false);
  });
});
