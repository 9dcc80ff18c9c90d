import { DIGITAL_GAUGE_TYPES } from '../registry';
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

/**
 * The settings schemas of the widget types whose reference schema lives in the widget's class
 * (flot charts, canvas and digital gauges, maps: `settings: 'fromClass'` in native-widgets.ts),
 * whose stored descriptors hold an empty schema. Only the widget config editor imports this (it
 * is a lazy chunk), so the schemas stay out of the dashboard's bundle.
 */

interface ClassSchemas {
  settings: SettingsSchema;
  dataKeySettings?: SettingsSchema;
}

const radial = (typeAlias: string): ClassSchemas => ({ settings: radialGaugeSchema(typeAlias) });
const digital = (typeAlias: string): ClassSchemas => ({ settings: digitalGaugeSchema(typeAlias) });

const CLASS_SCHEMAS: Readonly<Record<string, () => ClassSchemas>> = {
  'charts.basic_timeseries': () => ({ settings: TIME_CHART_SCHEMA, dataKeySettings: FLOT_LINE_KEY_SCHEMA }),
  'charts.timeseries_bars_flot': () => ({
    settings: TIME_CHART_SCHEMA,
    dataKeySettings: FLOT_DATA_KEY_SCHEMA,
  }),
  'charts.state_chart': () => ({ settings: STATE_CHART_SCHEMA, dataKeySettings: FLOT_LINE_KEY_SCHEMA }),
  'charts.pie': () => ({ settings: FLOT_PIE_SCHEMA, dataKeySettings: FLOT_DATA_KEY_SCHEMA }),
  'analogue_gauges.radial_gauge_canvas_gauges': () => radial('radial_gauge_canvas_gauges'),
  'analogue_gauges.temperature_radial_gauge_canvas_gauges': () =>
    radial('temperature_radial_gauge_canvas_gauges'),
  'analogue_gauges.speed_gauge_canvas_gauges': () => radial('speed_gauge_canvas_gauges'),
  'analogue_gauges.temperature_gauge_canvas_gauges': () => ({ settings: THERMOMETER_SCALE_SCHEMA }),
  'analogue_gauges.analogue_compass': () => ({ settings: COMPASS_SCHEMA }),
  'digital_gauges.simple_gauge_justgage': () => ({ settings: SIMPLE_GAUGE_SCHEMA }),
  ...Object.fromEntries(
    DIGITAL_GAUGE_TYPES.map((typeAlias) => [`digital_gauges.${typeAlias}`, () => digital(typeAlias)]),
  ),
  'maps_v2.openstreetmap': () => ({ settings: OPENSTREETMAP_SCHEMA }),
  'maps_v2.route_map_openstreetmap': () => ({ settings: ROUTE_MAP_SCHEMA }),
  'maps_v2.test': () => ({ settings: TRIP_ANIMATION_SCHEMA }),
  'input_widgets.markers_placement_openstreetmap': () => ({ settings: MARKERS_PLACEMENT_SCHEMA }),
};

function classSchemasOf(bundleAlias: string, typeAlias: string): ClassSchemas | undefined {
  return CLASS_SCHEMAS[`${bundleAlias}.${typeAlias}`]?.();
}

/** The settings schema (JSON text) of a widget type whose reference schema is in its class. */
export function classSettingsSchemaOf(bundleAlias: string, typeAlias: string): string | undefined {
  const schemas = classSchemasOf(bundleAlias, typeAlias);
  return schemas ? JSON.stringify(schemas.settings) : undefined;
}

/** The data key settings schema (JSON text) of such a type, when its renderer reads key settings. */
export function classDataKeySettingsSchemaOf(bundleAlias: string, typeAlias: string): string | undefined {
  const schema = classSchemasOf(bundleAlias, typeAlias)?.dataKeySettings;
  return schema ? JSON.stringify(schema) : undefined;
}

/** Whether a descriptor's schema text says nothing: blank, `{}`, or a schema without properties. */
export function isEmptySchema(text: string | undefined | null): boolean {
  if (!text?.trim()) return true;
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object') return false;
    const schema = (parsed as { schema?: { properties?: object } }).schema;
    return (
      Object.keys(parsed).length === 0 ||
      (schema !== undefined && Object.keys(schema.properties ?? {}).length === 0)
    );
  } catch {
    return false;
  }
}

/**
 * The schema a widget type's settings are edited with: the descriptor's own, else (when it is
 * empty, as the reference stores class-schema types) the class schema of the type.
 */
export function effectiveSettingsSchema(
  bundleAlias: string,
  typeAlias: string,
  descriptorSchema: string | undefined,
): string | undefined {
  return isEmptySchema(descriptorSchema)
    ? (classSettingsSchemaOf(bundleAlias, typeAlias) ?? descriptorSchema)
    : descriptorSchema;
}

export function effectiveDataKeySettingsSchema(
  bundleAlias: string,
  typeAlias: string,
  descriptorSchema: string | undefined,
): string | undefined {
  return isEmptySchema(descriptorSchema)
    ? (classDataKeySettingsSchemaOf(bundleAlias, typeAlias) ?? descriptorSchema)
    : descriptorSchema;
}
