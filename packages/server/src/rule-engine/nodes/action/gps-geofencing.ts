import { isJsonObject, type JsonObject } from '@meridian/common';
import { configBoolean, configEnum, configInteger, configNumber, configString } from '../../config.js';
import {
  flag,
  integer,
  nodeConfigSchema,
  PERIMETER_PROPERTIES,
  text,
  timeUnit,
} from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { defineNode, type NodeOutput, RuleNodeConfigError } from '../../node.js';
import {
  type Coordinates,
  PERIMETER_TYPES,
  type Perimeter,
  type PerimeterType,
  parsePolygons,
  perimeterContains,
  RANGE_UNITS,
  type RangeUnit,
} from './geofence-perimeter.js';

const TIME_UNITS = {
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
} as const;
type TimeUnit = keyof typeof TIME_UNITS;
const TIME_UNIT_NAMES = Object.keys(TIME_UNITS) as TimeUnit[];
const RANGE_UNIT_NAMES: readonly RangeUnit[] = RANGE_UNITS;

export interface GpsGeofencingConfig {
  latitudeKeyName: string;
  longitudeKeyName: string;
  fetchPerimeterInfoFromMessageMetadata: boolean;
  /** The configured perimeter; unused when it comes from the metadata. */
  perimeter: Perimeter | null;
  minInsideMs: number;
  minOutsideMs: number;
}

/** Where an originator was last seen, since when, and whether its Inside/Outside was reported. */
interface GeofencingState {
  inside: boolean;
  switchedAt: number;
  stayReported: boolean;
}

function configuredPerimeter(raw: JsonObject, type: PerimeterType): Perimeter {
  if (type === 'POLYGON') {
    const definition = configString(raw, 'polygonsDefinition', '');
    if (definition.trim() === '') throw new RuleNodeConfigError("'polygonsDefinition' must be set");
    try {
      return { type, polygons: parsePolygons(definition) };
    } catch (error) {
      throw new RuleNodeConfigError((error as Error).message);
    }
  }
  const centre = (key: string) => {
    const value = configNumber(raw, key, Number.NaN);
    if (Number.isNaN(value)) throw new RuleNodeConfigError(`'${key}' must be set`);
    return value;
  };
  return {
    type,
    latitude: centre('centerLatitude'),
    longitude: centre('centerLongitude'),
    range: centre('range'),
    rangeUnit: configEnum(raw, 'rangeUnit', RANGE_UNIT_NAMES, 'METER'),
  };
}

/** The perimeter a message's metadata gives (reference: `perimeter`, else the circle keys). */
function metadataPerimeter(msg: RuleMsg): Perimeter {
  const metadata = msg.metadata;
  if (metadata.perimeter) return { type: 'POLYGON', polygons: parsePolygons(metadata.perimeter) };
  if (metadata.centerLatitude) {
    const number = (key: string) => {
      const value = Number(metadata[key]);
      if (metadata[key] === undefined || metadata[key] === '' || !Number.isFinite(value)) {
        throw new Error(`Metadata '${key}' must be a number`);
      }
      return value;
    };
    const rangeUnit = metadata.rangeUnit ?? '';
    if (!(RANGE_UNIT_NAMES as string[]).includes(rangeUnit)) {
      throw new Error(`Metadata 'rangeUnit' must be one of ${RANGE_UNIT_NAMES.join(', ')}`);
    }
    return {
      type: 'CIRCLE',
      latitude: number('centerLatitude'),
      longitude: number('centerLongitude'),
      range: number('range'),
      rangeUnit: rangeUnit as RangeUnit,
    };
  }
  throw new Error('Missing perimeter definition!');
}

function coordinate(data: JsonObject, key: string, what: 'latitude' | 'longitude'): number {
  const value = data[key];
  if (value === undefined) throw new Error(`Incoming Message does not contain ${what} field: ${key}`);
  const number = typeof value === 'string' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) {
    throw new Error(`Incoming Message ${what} field '${key}' is not a number`);
  }
  return number;
}

/**
 * Tells whether each originator entered or left a perimeter, and whether it stayed inside or
 * outside long enough (reference TbGpsGeofencingActionNode): Entered / Left on the first message
 * and on every change, then Inside / Outside once the originator stayed past the minimum
 * duration, Success otherwise. The state of each originator lives in memory, per node instance.
 */
export const gpsGeofencingActionNode = defineNode<GpsGeofencingConfig>({
  clazz: 'org.thingsboard.rule.engine.geo.TbGpsGeofencingActionNode',
  type: 'ACTION',
  name: 'gps geofencing events',
  description: 'Produces incoming messages using GPS based geofencing',
  details:
    'Extracts latitude and longitude parameters from incoming message and returns different events based on configuration parameters',
  relationTypes: ['Success', 'Entered', 'Left', 'Inside', 'Outside'],
  configDirective: 'tbActionNodeGpsGeofencingConfig',
  defaultConfiguration: {
    minInsideDuration: 1,
    minOutsideDuration: 1,
    minInsideDurationTimeUnit: 'MINUTES',
    minOutsideDurationTimeUnit: 'MINUTES',
    latitudeKeyName: 'latitude',
    longitudeKeyName: 'longitude',
    perimeterType: 'POLYGON',
    fetchPerimeterInfoFromMessageMetadata: true,
  },
  configurationSchema: nodeConfigSchema({
    latitudeKeyName: text('Latitude key name'),
    longitudeKeyName: text('Longitude key name'),
    fetchPerimeterInfoFromMessageMetadata: flag('Fetch perimeter information from message metadata'),
    ...PERIMETER_PROPERTIES,
    minInsideDuration: integer('Minimal inside duration', { minimum: 0 }),
    minInsideDurationTimeUnit: timeUnit('Minimal inside duration time unit'),
    minOutsideDuration: integer('Minimal outside duration', { minimum: 0 }),
    minOutsideDurationTimeUnit: timeUnit('Minimal outside duration time unit'),
  }),
  configure(raw) {
    const fetchPerimeterInfoFromMessageMetadata = configBoolean(
      raw,
      'fetchPerimeterInfoFromMessageMetadata',
      true,
    );
    const perimeterType = configEnum(raw, 'perimeterType', PERIMETER_TYPES, 'POLYGON');
    const duration = (key: string) => {
      const value = configInteger(raw, key, 1);
      if (value < 0) throw new RuleNodeConfigError(`'${key}' must not be negative`);
      return value * TIME_UNITS[configEnum(raw, `${key}TimeUnit`, TIME_UNIT_NAMES, 'MINUTES')];
    };
    return {
      latitudeKeyName: configString(raw, 'latitudeKeyName', 'latitude'),
      longitudeKeyName: configString(raw, 'longitudeKeyName', 'longitude'),
      fetchPerimeterInfoFromMessageMetadata,
      perimeter: fetchPerimeterInfoFromMessageMetadata ? null : configuredPerimeter(raw, perimeterType),
      minInsideMs: duration('minInsideDuration'),
      minOutsideMs: duration('minOutsideDuration'),
    };
  },
  create(config, { services }) {
    const states = new Map<string, GeofencingState>();

    const coordinatesOf = (msg: RuleMsg): Coordinates => {
      let data: unknown;
      try {
        data = JSON.parse(msg.data);
      } catch {
        throw new Error('message data is not valid JSON');
      }
      if (!isJsonObject(data)) throw new Error('message data is not a JSON object');
      return {
        latitude: coordinate(data, config.latitudeKeyName, 'latitude'),
        longitude: coordinate(data, config.longitudeKeyName, 'longitude'),
      };
    };

    return {
      onMsg(msg): NodeOutput {
        const perimeter = config.perimeter ?? metadataPerimeter(msg);
        const inside = perimeterContains(perimeter, coordinatesOf(msg));
        const now = services.now();
        const key = `${msg.originator.entityType}:${msg.originator.id}`;
        const state = states.get(key);
        if (!state || state.inside !== inside) {
          states.set(key, { inside, switchedAt: now, stayReported: false });
          return { msg, relations: [inside ? 'Entered' : 'Left'] };
        }
        if (
          !state.stayReported &&
          now - state.switchedAt > (inside ? config.minInsideMs : config.minOutsideMs)
        ) {
          state.stayReported = true;
          return { msg, relations: [inside ? 'Inside' : 'Outside'] };
        }
        return { msg, relations: ['Success'] };
      },
    };
  },
});
