import { describe, expect, it } from 'vitest';
import {
  createDefaultLwm2mProfileTransportConfiguration,
  isValidLwm2mPort,
  lwm2mPskIdentity,
  validateLwm2mAttributes,
} from './lwm2m.js';

describe('isValidLwm2mPort', () => {
  it('accepts integers from 0 to 65535', () => {
    expect(isValidLwm2mPort(0)).toBe(true);
    expect(isValidLwm2mPort(5685)).toBe(true);
    expect(isValidLwm2mPort(65535)).toBe(true);
    expect(isValidLwm2mPort(65536)).toBe(false);
    expect(isValidLwm2mPort(-1)).toBe(false);
    expect(isValidLwm2mPort(80.5)).toBe(false);
  });
});

describe('validateLwm2mAttributes', () => {
  it('requires at least one attribute', () => {
    expect(validateLwm2mAttributes({})).toEqual([{ code: 'required' }]);
    expect(validateLwm2mAttributes({ pmin: null, gt: undefined })).toEqual([{ code: 'required' }]);
  });

  it('accepts whole non-negative periods and numeric thresholds', () => {
    expect(validateLwm2mAttributes({ pmin: 0, pmax: '60', gt: -2.5, lt: '10', st: 0.1 })).toEqual([]);
  });

  it('rejects negative, fractional or non-digit periods', () => {
    expect(validateLwm2mAttributes({ pmin: -1, pmax: 1.5 })).toEqual([
      { code: 'notNonNegativeInteger', name: 'pmin' },
      { code: 'notNonNegativeInteger', name: 'pmax' },
    ]);
    expect(validateLwm2mAttributes({ pmax: '1e3' })).toEqual([
      { code: 'notNonNegativeInteger', name: 'pmax' },
    ]);
  });

  it('rejects non-numeric thresholds and unknown names', () => {
    expect(validateLwm2mAttributes({ gt: 'abc', st: '', ver: 1 })).toEqual([
      { code: 'notANumber', name: 'gt' },
      { code: 'notANumber', name: 'st' },
      { code: 'unknownAttribute', name: 'ver' },
    ]);
  });
});

describe('LwM2M defaults and credentials', () => {
  it('starts with update strategies 1 and power mode DRX', () => {
    const config = createDefaultLwm2mProfileTransportConfiguration();
    expect(config.clientLwM2mSettings).toMatchObject({
      fwUpdateStrategy: 1,
      swUpdateStrategy: 1,
      powerMode: 'DRX',
    });
    expect(config.observeAttr).toEqual({
      observe: [],
      attribute: [],
      telemetry: [],
      keyName: {},
      attributeLwm2m: {},
    });
  });

  it('defaults the PSK identity to the endpoint', () => {
    expect(lwm2mPskIdentity({ endpoint: 'ep-1' })).toBe('ep-1');
    expect(lwm2mPskIdentity({ endpoint: 'ep-1', identity: '' })).toBe('ep-1');
    expect(lwm2mPskIdentity({ endpoint: 'ep-1', identity: 'psk-id' })).toBe('psk-id');
  });
});
