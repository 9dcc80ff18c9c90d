import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  flotChartSettingsOf,
  flotKeySettingsOf,
  flotLineKeySettingsOf,
} from '../chart-support/flot-settings';
import { compassSettingsOf } from '../compass/compass-option';
import { DIGITAL_GAUGE_DEFAULTS, digitalGaugeSettingsOf } from '../digital-gauge/digital-gauge-model';
import { simpleGaugeSettingsOf } from '../gauge-support/simple-gauge-settings';
import { linearGaugeSettingsOf, THERMOMETER_SCALE_DEFAULTS } from '../linear-gauge/linear-gauge-model';
import { mapSettingsOf, tripSettingsOf } from '../maps/map-settings';
import { flotPieSettingsOf } from '../pie-chart/pie-chart-option';
import { RADIAL_GAUGE_DEFAULTS } from '../radial-gauge/radial-gauge-presets';
import { radialGaugeSettingsOf } from '../radial-gauge/radial-gauge-settings';
import { stateChartSettingsOf } from '../state-chart/state-chart-option';
import { COMPASS_SCHEMA, radialGaugeSchema, THERMOMETER_SCALE_SCHEMA } from './analogue-gauges';
import { digitalGaugeSchema, SIMPLE_GAUGE_SCHEMA } from './digital-gauges';
import {
  FLOT_DATA_KEY_SCHEMA,
  FLOT_LINE_KEY_SCHEMA,
  STATE_CHART_SCHEMA,
  TIME_CHART_SCHEMA,
} from './flot-charts';
import {
  MARKERS_PLACEMENT_SCHEMA,
  OPENSTREETMAP_SCHEMA,
  ROUTE_MAP_SCHEMA,
  TRIP_ANIMATION_SCHEMA,
} from './maps';
import { FLOT_PIE_SCHEMA } from './pie';
import type { SettingsSchema } from './schema-parts';
import { schemaDefaults } from './schema-walk';

/**
 * Each form against the parser its renderer reads settings with: a field's default is what the
 * renderer draws when the key is missing, and every setting the renderer reads has a field.
 */

type Parser = (settings: JsonObject | undefined) => object;

interface Match {
  /** The type's defaults the renderer lays under saved settings (its descriptor's). */
  typeDefaults?: JsonObject;
  /** Parsed fields named apart from their setting (parsed field to setting key). */
  renamed?: Record<string, string>;
  /** Parsed fields the parser shares with other widgets that this widget does not use. */
  unused?: string[];
}

function expectFieldsMatch(value: object, properties: Record<string, JsonValue>, match: Match, path: string) {
  for (const [field, parsed] of Object.entries(value)) {
    if (match.unused?.includes(field)) continue;
    const key = match.renamed?.[field] ?? field;
    const property = properties[key];
    expect(isJsonObject(property), `${path}${key}, read by the renderer, has a field`).toBe(true);
    if (!isJsonObject(property) || match.renamed?.[field]) continue;
    if (isJsonObject(property.properties) && parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      expectFieldsMatch(parsed, property.properties, {}, `${path}${key}.`);
    } else if (property.default !== undefined) {
      expect(parsed, `${path}${key}`).toEqual(property.default);
    } else {
      // No default in the form: the renderer has no value of its own either.
      expect(parsed, `${path}${key}`).toEqual(Array.isArray(parsed) ? [] : undefined);
    }
  }
}

function expectSchemaMatches(schema: SettingsSchema, parse: Parser, match: Match = {}) {
  const unset = parse(match.typeDefaults ?? {});
  // Saving the form's defaults draws what leaving every setting unset draws.
  expect(parse(schemaDefaults(schema.schema.properties))).toEqual(unset);
  expectFieldsMatch(unset, schema.schema.properties, match, '');
}

describe('settings form defaults are the renderers defaults', () => {
  it.each(Object.keys(RADIAL_GAUGE_DEFAULTS))('radial gauge %s', (typeAlias) => {
    expectSchemaMatches(radialGaugeSchema(typeAlias), radialGaugeSettingsOf, {
      typeDefaults: RADIAL_GAUGE_DEFAULTS[typeAlias],
    });
  });

  it('thermometer scale', () => {
    expectSchemaMatches(THERMOMETER_SCALE_SCHEMA, linearGaugeSettingsOf, {
      typeDefaults: THERMOMETER_SCALE_DEFAULTS,
    });
  });

  it('compass', () => {
    expectSchemaMatches(COMPASS_SCHEMA, compassSettingsOf);
  });

  it('simple gauge', () => {
    expectSchemaMatches(SIMPLE_GAUGE_SCHEMA, simpleGaugeSettingsOf);
  });

  it.each(Object.keys(DIGITAL_GAUGE_DEFAULTS).filter((t) => t !== 'simple_gauge_justgage'))(
    'digital gauge %s',
    (typeAlias) => {
      expectSchemaMatches(digitalGaugeSchema(typeAlias), digitalGaugeSettingsOf, {
        typeDefaults: DIGITAL_GAUGE_DEFAULTS[typeAlias],
      });
    },
  );

  it('time-series line and bar charts, and their data keys', () => {
    expectSchemaMatches(TIME_CHART_SCHEMA, flotChartSettingsOf);
    expectSchemaMatches(FLOT_DATA_KEY_SCHEMA, flotKeySettingsOf);
    expectSchemaMatches(FLOT_LINE_KEY_SCHEMA, flotLineKeySettingsOf);
  });

  it('state chart', () => {
    expectSchemaMatches(STATE_CHART_SCHEMA, stateChartSettingsOf);
  });

  it('flot pie', () => {
    expectSchemaMatches(FLOT_PIE_SCHEMA, flotPieSettingsOf);
  });

  const MAP_RENAMED = {
    customTileUrl: 'customProviderTileUrl',
    maxFitZoom: 'minZoomLevel',
    // Saved as "lat,lng" text, read as a pair.
    defaultCenterPosition: 'defaultCenterPosition',
  };

  it('OpenStreetMap and Route Map', () => {
    expectSchemaMatches(OPENSTREETMAP_SCHEMA, mapSettingsOf, {
      renamed: MAP_RENAMED,
      unused: ['strokeWeight', 'strokeOpacity'],
    });
    // A route's marker ends its history: never dragged.
    expectSchemaMatches(ROUTE_MAP_SCHEMA, mapSettingsOf, {
      renamed: MAP_RENAMED,
      unused: ['draggableMarker'],
    });
  });

  it('Trip Animation', () => {
    expectSchemaMatches(TRIP_ANIMATION_SCHEMA, tripSettingsOf, {
      renamed: MAP_RENAMED,
      unused: ['draggableMarker'],
    });
  });

  it('Markers Placement, whose markers are always draggable', () => {
    expectSchemaMatches(MARKERS_PLACEMENT_SCHEMA, mapSettingsOf, {
      renamed: MAP_RENAMED,
      unused: ['strokeWeight', 'strokeOpacity', 'draggableMarker'],
    });
  });

  it('fails a form whose default the renderer does not use', () => {
    const wrong: SettingsSchema = {
      ...COMPASS_SCHEMA,
      schema: {
        ...COMPASS_SCHEMA.schema,
        properties: { ...COMPASS_SCHEMA.schema.properties, minorTicks: { type: 'number', default: 10 } },
      },
    };
    expect(() => expectSchemaMatches(wrong, compassSettingsOf)).toThrow();
    const { animationTarget: _, ...missing } = COMPASS_SCHEMA.schema.properties;
    expect(() =>
      expectSchemaMatches(
        { ...COMPASS_SCHEMA, schema: { ...COMPASS_SCHEMA.schema, properties: missing } },
        compassSettingsOf,
      ),
    ).toThrow();
  });
});
