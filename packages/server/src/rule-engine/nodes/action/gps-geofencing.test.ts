import { describe, expect, it } from 'vitest';
import { RuleNodeConfigError } from '../../node.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { distance, parsePolygons, perimeterContains } from './geofence-perimeter.js';
import { gpsGeofencingActionNode } from './gps-geofencing.js';

const SQUARE = '[[50.0,30.0],[50.0,31.0],[51.0,31.0],[51.0,30.0]]';
const INSIDE = { latitude: 50.5, longitude: 30.5 };
const OUTSIDE = { latitude: 52, longitude: 30.5 };

async function geofence(config: Record<string, unknown>) {
  let now = 0;
  const node = await nodeHarness(
    gpsGeofencingActionNode,
    {
      fetchPerimeterInfoFromMessageMetadata: false,
      perimeterType: 'POLYGON',
      polygonsDefinition: SQUARE,
      ...config,
    },
    { now: () => now },
  );
  return {
    relationsAt: async (at: number, position: object, metadata: Record<string, string> = {}) => {
      now = at;
      const [out] = await node.run(testMsg(position, { metadata }));
      return out?.relations;
    },
  };
}

describe('gps geofencing events', () => {
  it('tells Entered/Left on changes and Inside/Outside once past the minimum durations', async () => {
    const node = await geofence({
      minInsideDuration: 10,
      minInsideDurationTimeUnit: 'SECONDS',
      minOutsideDuration: 1,
      minOutsideDurationTimeUnit: 'MINUTES',
    });
    expect(await node.relationsAt(0, INSIDE)).toEqual(['Entered']);
    expect(await node.relationsAt(5_000, INSIDE)).toEqual(['Success']);
    expect(await node.relationsAt(10_001, INSIDE)).toEqual(['Inside']);
    expect(await node.relationsAt(20_000, INSIDE)).toEqual(['Success']);
    expect(await node.relationsAt(21_000, OUTSIDE)).toEqual(['Left']);
    expect(await node.relationsAt(60_000, OUTSIDE)).toEqual(['Success']);
    expect(await node.relationsAt(81_001, OUTSIDE)).toEqual(['Outside']);
    expect(await node.relationsAt(90_000, INSIDE)).toEqual(['Entered']);
  });

  it('starts with Left for an originator first seen outside', async () => {
    const node = await geofence({});
    expect(await node.relationsAt(0, OUTSIDE)).toEqual(['Left']);
  });

  it('takes a circle perimeter from the metadata', async () => {
    const node = await geofence({ fetchPerimeterInfoFromMessageMetadata: true });
    const circle = { centerLatitude: '50.5', centerLongitude: '30.5', range: '2', rangeUnit: 'KILOMETER' };
    expect(await node.relationsAt(0, { latitude: 50.51, longitude: 30.5 }, circle)).toEqual(['Entered']);
    expect(await node.relationsAt(1, { latitude: 50.6, longitude: 30.5 }, circle)).toEqual(['Left']);
    await expect(node.relationsAt(2, INSIDE)).rejects.toThrow('Missing perimeter definition!');
  });

  it('fails messages without coordinates and refuses a configured polygon it cannot read', async () => {
    const node = await geofence({});
    await expect(node.relationsAt(0, { latitude: 50 })).rejects.toThrow(
      'Incoming Message does not contain longitude field: longitude',
    );
    expect(() =>
      gpsGeofencingActionNode.configure({
        fetchPerimeterInfoFromMessageMetadata: false,
        polygonsDefinition: '[1,2',
      }),
    ).toThrow(RuleNodeConfigError);
  });
});

describe('geofence perimeters', () => {
  it('treat a polygon inside another as a hole', () => {
    const polygons = parsePolygons(`[${SQUARE}, [[50.4,30.4],[50.4,30.6],[50.6,30.6],[50.6,30.4]]]`);
    expect(perimeterContains({ type: 'POLYGON', polygons }, { latitude: 50.2, longitude: 30.2 })).toBe(true);
    expect(perimeterContains({ type: 'POLYGON', polygons }, INSIDE)).toBe(false);
  });

  it('measure distances in the range units', () => {
    // One degree along a meridian is 1/360 of the mean Earth circumference: 111.195 km.
    const a = { latitude: 10, longitude: 20 };
    const b = { latitude: 11, longitude: 20 };
    expect(distance(a, b, 'KILOMETER')).toBeCloseTo(111.195, 3);
    expect(distance(a, b, 'METER')).toBeCloseTo(111_195, 0);
    expect(distance(a, b, 'MILE')).toBeCloseTo(111.195 * 0.62137, 2);
  });
});
