import { describe, expect, it } from 'vitest';
import { RuleNodeConfigError } from '../../node.js';
import { nodeHarness, testMsg } from '../../testing/node-harness.js';
import { gpsGeofencingFilterNode } from './gps-geofencing-filter.js';

const relationsOf = async (outputs: Promise<{ relations: readonly string[] }[]>) =>
  (await outputs).map((output) => output.relations);

// A square around (50.45, 30.52) with a square hole in its middle.
const SQUARE = [
  [50.4, 30.4],
  [50.5, 30.4],
  [50.5, 30.6],
  [50.4, 30.6],
];
const HOLE = [
  [50.44, 30.49],
  [50.46, 30.49],
  [50.46, 30.51],
  [50.44, 30.51],
];

describe('gps geofencing filter', () => {
  it('checks a point against a polygon perimeter from the metadata', async () => {
    const node = await nodeHarness(gpsGeofencingFilterNode, gpsGeofencingFilterNode.defaultConfiguration, {});
    const perimeter = JSON.stringify(SQUARE);
    const inside = testMsg({ latitude: 50.42, longitude: 30.45 }, { metadata: { perimeter } });
    const outside = testMsg({ latitude: 51, longitude: 30.45 }, { metadata: { perimeter } });
    expect(await relationsOf(node.run(inside))).toEqual([['True']]);
    expect(await relationsOf(node.run(outside))).toEqual([['False']]);
  });

  it('treats a polygon inside another as a hole', async () => {
    const node = await nodeHarness(
      gpsGeofencingFilterNode,
      {
        fetchPerimeterInfoFromMessageMetadata: false,
        perimeterType: 'POLYGON',
        polygonsDefinition: JSON.stringify([SQUARE, HOLE]),
      },
      {},
    );
    expect(await relationsOf(node.run(testMsg({ latitude: 50.45, longitude: 30.5 })))).toEqual([['False']]);
    expect(await relationsOf(node.run(testMsg({ latitude: 50.42, longitude: 30.45 })))).toEqual([['True']]);
  });

  it('checks a configured circle in the configured unit, coordinates as strings or from metadata', async () => {
    const node = await nodeHarness(
      gpsGeofencingFilterNode,
      {
        fetchPerimeterInfoFromMessageMetadata: 'false',
        perimeterType: 'CIRCLE',
        centerLatitude: '50.45',
        centerLongitude: 30.52,
        range: 1,
        rangeUnit: 'KILOMETER',
      },
      {},
    );
    // 0.005 degrees of latitude is about 556 m; 0.01 about 1112 m.
    expect(await relationsOf(node.run(testMsg({ latitude: '50.455', longitude: 30.52 })))).toEqual([
      ['True'],
    ]);
    const fromMetadata = testMsg({}, { metadata: { latitude: '50.46', longitude: '30.52' } });
    expect(await relationsOf(node.run(fromMetadata))).toEqual([['False']]);
  });

  it('reads a circle from the metadata', async () => {
    const node = await nodeHarness(gpsGeofencingFilterNode, {}, {});
    const metadata = { centerLatitude: '50.45', centerLongitude: '30.52', range: '600', rangeUnit: 'METER' };
    expect(
      await relationsOf(node.run(testMsg({ latitude: 50.455, longitude: 30.52 }, { metadata }))),
    ).toEqual([['True']]);
  });

  it('fails messages without coordinates, perimeter or JSON data', async () => {
    const node = await nodeHarness(gpsGeofencingFilterNode, {}, {});
    await expect(
      node.run(testMsg({ latitude: 1 }, { metadata: { perimeter: '[[0,0],[0,1],[1,1]]' } })),
    ).rejects.toThrow('Incoming Message has no longitude in data or metadata!');
    await expect(node.run(testMsg({ latitude: 1, longitude: 2 }, { metadata: {} }))).rejects.toThrow(
      'Missing perimeter definition!',
    );
    await expect(node.run(testMsg('[1]', { metadata: {} }))).rejects.toThrow('not a valid JSON object');
  });

  it('refuses a configured perimeter that cannot work', () => {
    const base = { fetchPerimeterInfoFromMessageMetadata: false };
    expect(() => gpsGeofencingFilterNode.configure({ ...base, perimeterType: 'POLYGON' })).toThrow(
      RuleNodeConfigError,
    );
    expect(() =>
      gpsGeofencingFilterNode.configure({ ...base, perimeterType: 'POLYGON', polygonsDefinition: '[[1,2]]' }),
    ).toThrow(/polygonsDefinition/);
    expect(() =>
      gpsGeofencingFilterNode.configure({ ...base, perimeterType: 'CIRCLE', centerLatitude: 1 }),
    ).toThrow("'centerLongitude' is required for a circle perimeter");
    expect(() => gpsGeofencingFilterNode.configure({ ...base, perimeterType: 'SQUARE' })).toThrow(
      /perimeterType/,
    );
  });
});
