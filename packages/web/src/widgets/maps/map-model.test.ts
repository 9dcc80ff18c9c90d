import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import {
  fillPattern,
  keyIndex,
  mapEntities,
  mapRoutes,
  mapViewOf,
  type PatternContext,
  positionAt,
  positionOf,
  routePoints,
  routesSpan,
  routeValuesAt,
  sanitizeTooltip,
} from './map-model';
import { mapSettingsOf, parseCenterPosition, tripSettingsOf } from './map-settings';
import { tileProviderOf } from './tile-providers';

const lat = dataKey('latitude');
const lng = dataKey('longitude');
const speed = dataKey('speed', { label: 'Speed' });
const defaults = mapSettingsOf(undefined);

describe('map settings', () => {
  it('takes the reference defaults for what is not saved', () => {
    expect(defaults).toMatchObject({
      latKeyName: 'latitude',
      lngKeyName: 'longitude',
      mapProvider: 'OpenStreetMap.Mapnik',
      customTileUrl: undefined,
      showLabel: false,
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
      label: '${entityName}',
      showTooltip: false,
      fitMapBounds: true,
      defaultZoomLevel: undefined,
      color: '#FE7569',
      strokeWeight: 2,
    });
    expect(tripSettingsOf({}).normalizationStep).toBe(1000);
  });

  it('reads saved keys, the custom tile URL only when it is switched on', () => {
    const saved = mapSettingsOf({
      latKeyName: 'lat',
      defaultZoomLevel: '12',
      customProviderTileUrl: 'http://tiles.local/{z}/{x}/{y}.png',
      useCustomProvider: false,
    });
    expect(saved.latKeyName).toBe('lat');
    expect(saved.defaultZoomLevel).toBe(12);
    expect(saved.customTileUrl).toBeUndefined();
    const custom = mapSettingsOf({
      useCustomProvider: true,
      customProviderTileUrl: 'http://tiles.local/{z}/{x}/{y}.png',
    });
    expect(tileProviderOf(custom.mapProvider, custom.customTileUrl).url).toBe(
      'http://tiles.local/{z}/{x}/{y}.png',
    );
    expect(tileProviderOf('CartoDB.DarkMatter', undefined).url).toContain('dark_all');
    expect(tileProviderOf('Unknown.Provider', undefined).url).toContain('tile.openstreetmap.org');
  });

  it('parses the default centre from "lat,lng" or an array, else 0,0', () => {
    expect(parseCenterPosition('51.5, -0.12')).toEqual([51.5, -0.12]);
    expect(parseCenterPosition([10, 20])).toEqual([10, 20]);
    expect(parseCenterPosition('nowhere')).toEqual([0, 0]);
  });
});

describe('positions', () => {
  it('finds keys by label, else name', () => {
    expect(keyIndex([lat, lng, speed], 'Speed')).toBe(2);
    expect(keyIndex([lat, lng, speed], 'speed')).toBe(2);
    expect(keyIndex([lat, lng], 'altitude')).toBe(-1);
  });

  it('needs both coordinates as numbers in range', () => {
    expect(positionOf('51.5', '-0.1')).toEqual([51.5, -0.1]);
    expect(positionOf('51.5', undefined)).toBeNull();
    expect(positionOf('abc', '1')).toBeNull();
    expect(positionOf('95', '1')).toBeNull();
  });

  it('gives every entity its position, none without values', () => {
    const props = widgetProps(
      [lat, lng, speed],
      [entityData('Truck 1', ['51.5', '-0.1', '40']), entityData('Truck 2', [undefined, '3'])],
    );
    const entities = mapEntities(props.data, defaults);
    expect(entities.map((e) => e.position)).toEqual([[51.5, -0.1], null]);
    expect(entities[0]?.values).toMatchObject({ speed: '40', Speed: '40' });
    expect(entities[0]?.id).toBe('0:id-Truck 1');
  });

  it('joins latitude and longitude series by time into a route', () => {
    const points = routePoints(
      [
        { ts: 3, value: '3' },
        { ts: 1, value: '1' },
        { ts: 2, value: '2' },
      ],
      [
        { ts: 1, value: '10' },
        { ts: 3, value: '30' },
      ],
    );
    expect(points).toEqual([
      { ts: 1, position: [1, 10] },
      { ts: 3, position: [3, 30] },
    ]);
  });

  it('moves along a route linearly and stops at its ends', () => {
    const points = [
      { ts: 0, position: [0, 0] as [number, number] },
      { ts: 10, position: [10, 20] as [number, number] },
      { ts: 20, position: [10, 40] as [number, number] },
    ];
    expect(positionAt(points, -5)).toEqual([0, 0]);
    expect(positionAt(points, 5)).toEqual([5, 10]);
    expect(positionAt(points, 15)).toEqual([10, 30]);
    expect(positionAt(points, 99)).toEqual([10, 40]);
    expect(positionAt([], 1)).toBeNull();
  });

  it('reads routes with their span and their values at a time', () => {
    const series = [
      [
        { ts: 100, value: '1' },
        { ts: 200, value: '2' },
      ],
      [
        { ts: 100, value: '5' },
        { ts: 200, value: '6' },
      ],
      [
        { ts: 100, value: '30' },
        { ts: 150, value: '35' },
      ],
    ];
    const props = widgetProps([lat, lng, speed], [entityData('Truck 1', ['2', '6', '35'], series)]);
    const routes = mapRoutes(props.data, defaults);
    expect(routes[0]?.points).toHaveLength(2);
    expect(routesSpan(routes)).toEqual({ startTs: 100, endTs: 200 });
    expect(routeValuesAt(routes[0] as (typeof routes)[number], 170).Speed).toBe('35');
    expect(routeValuesAt(routes[0] as (typeof routes)[number], 120).Speed).toBe('30');
    expect(routesSpan([])).toBeNull();
  });
});

describe('patterns', () => {
  const context: PatternContext = {
    entity: { id: { entityType: 'DEVICE', id: 'd1' }, name: 'Truck 1', label: '' },
    values: { latitude: '51.123456789', Speed: '40.26', state: 'moving' },
  };

  it('fills entity fields and key values, rounding with decimals', () => {
    expect(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
      fillPattern('${entityName} (${entityType}) ${latitude:3} ${Speed:1} km/h, ${state:2}', context),
    ).toBe('Truck 1 (DEVICE) 51.123 40.3 km/h, moving');
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
    expect(fillPattern('${entityLabel}/${missing}', context)).toBe('Truck 1/');
  });

  it('strips scripts from tooltips and keeps action links as a hook', () => {
    const html = sanitizeTooltip(
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax, not a JS template
      "<b>${entityName}</b><img src=x onerror=alert(1)><script>alert(2)</script><link-act name='details'>Details</link-act>",
    );
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script');
    expect(html).toContain('<a href="#" data-map-action="details">Details</a>');
  });
});

describe('map view', () => {
  it('centres on the default position without positions', () => {
    expect(mapViewOf([], defaults)).toEqual({ kind: 'center', center: [0, 0], zoom: 8 });
  });

  it('fits the bounds of the positions, zoomed in no further than 16', () => {
    expect(
      mapViewOf(
        [
          [1, 2],
          [3, -4],
        ],
        defaults,
      ),
    ).toEqual({
      kind: 'fit',
      bounds: [
        [1, -4],
        [3, 2],
      ],
      maxZoom: 16,
    });
  });

  it('keeps the saved zoom when fitting is off, around the fixed centre when there is one', () => {
    const noFit = mapSettingsOf({ fitMapBounds: false, defaultZoomLevel: 5 });
    expect(
      mapViewOf(
        [
          [0, 0],
          [2, 2],
        ],
        noFit,
      ),
    ).toEqual({ kind: 'center', center: [1, 1], zoom: 5 });
    const fixed = mapSettingsOf({
      useDefaultCenterPosition: true,
      defaultCenterPosition: '50,10',
      defaultZoomLevel: 6,
    });
    expect(mapViewOf([[0, 0]], fixed)).toEqual({ kind: 'center', center: [50, 10], zoom: 6 });
  });
});
