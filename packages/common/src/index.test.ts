import { describe, expect, it } from 'vitest';
import * as common from './index.js';

describe('package entry', () => {
  it('keeps the original exports', () => {
    expect(common.ENTITY_TYPES[0]).toBe('TENANT');
    expect(common.ENTITY_TYPES[18]).toBe('RPC');
    expect(common.NULL_UUID).toBe('13814000-1dd2-11b2-8080-808080808080');
    expect(common.entityId('DEVICE', 'x')).toEqual({ entityType: 'DEVICE', id: 'x' });
    expect(common.ERROR_CODE_HTTP_STATUS[common.ErrorCode.TOO_MANY_REQUESTS]).toBe(429);
  });

  it('exports the constants other packages rely on', () => {
    expect(common.MAX_SAFE_PAGE_SIZE).toBe(2147483647);
    expect(common.DEFAULT_PAGE_SIZE).toBe(50);
    expect(common.TOKEN_EXPIRY_MARGIN_MS).toBe(2000);
    expect(common.SEARCH_DEBOUNCE_MS).toBe(150);
    expect(common.TOO_MANY_REQUESTS_RETRY_BASE_MS + common.TOO_MANY_REQUESTS_RETRY_JITTER_MS).toBe(4000);
    expect(common.DEFAULT_MAX_DATAPOINTS_LIMIT).toBe(500);
    expect(common.DEFAULT_DECIMALS).toBe(2);
    expect([common.DEFAULT_WIDGET_SIZE_X, common.DEFAULT_WIDGET_SIZE_Y]).toEqual([8, 6]);
    expect(common.PRODUCT_VERSION).toBe('3.3.4');
  });

  it('has no duplicate values in its enum lists', () => {
    const lists: [string, readonly string[]][] = [];
    for (const [name, value] of Object.entries(common) as [string, unknown][]) {
      if (/^[A-Z0-9_]+$/.test(name) && Array.isArray(value) && value.every((v) => typeof v === 'string')) {
        lists.push([name, value]);
      }
    }
    expect(lists.length).toBeGreaterThan(40);
    for (const [name, values] of lists) {
      expect(new Set(values).size, name).toBe(values.length);
    }
  });
});
