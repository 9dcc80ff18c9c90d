import { isJsonObject } from '@meridian/common';
import { configBoolean, configEnum, configNumber, configString } from '../../config.js';
import { flag, nodeConfigSchema, PERIMETER_PROPERTIES, text } from '../../config-schema.js';
import type { RuleMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import {
  type Coordinates,
  distance,
  parsePolygons,
  polygonsContain,
  RANGE_UNITS,
  type RangeUnit,
} from '../../services/geo.js';
import { filterResult, TRUE_FALSE } from './filter-result.js';

type Perimeter =
  | { type: 'POLYGON'; polygons: ReturnType<typeof parsePolygons> }
  | { type: 'CIRCLE'; center: Coordinates; range: number; rangeUnit: RangeUnit };

interface GeofencingConfig {
  latitudeKeyName: string;
  longitudeKeyName: string;
  fetchPerimeterInfoFromMessageMetadata: boolean;
  /** The configured perimeter, when it does not come from the metadata. */
  perimeter: Perimeter | undefined;
}

function refuseIfInvalid<T>(read: () => T, key: string): T {
  try {
    return read();
  } catch (error) {
    throw new RuleNodeConfigError(`'${key}': ${(error as Error).message}`);
  }
}

function configuredPerimeter(raw: Parameters<typeof configString>[0]): Perimeter {
  const type = configEnum(raw, 'perimeterType', ['POLYGON', 'CIRCLE'] as const, 'POLYGON');
  if (type === 'POLYGON') {
    const definition = configString(raw, 'polygonsDefinition', '');
    if (definition.trim() === '')
      throw new RuleNodeConfigError("'polygonsDefinition' is required for a polygon perimeter");
    return { type, polygons: refuseIfInvalid(() => parsePolygons(definition), 'polygonsDefinition') };
  }
  for (const key of ['centerLatitude', 'centerLongitude', 'range']) {
    if (raw[key] === undefined || raw[key] === null) {
      throw new RuleNodeConfigError(`'${key}' is required for a circle perimeter`);
    }
  }
  return {
    type,
    center: {
      latitude: configNumber(raw, 'centerLatitude', 0),
      longitude: configNumber(raw, 'centerLongitude', 0),
    },
    range: configNumber(raw, 'range', 0),
    rangeUnit: configEnum(raw, 'rangeUnit', RANGE_UNITS, 'METER'),
  };
}

/** A coordinate from the payload (a number or numeric string) or else from the metadata. */
function coordinate(msg: RuleMsg, data: Record<string, unknown>, key: string): number {
  const fromData = data[key];
  let text: string | undefined;
  if (typeof fromData === 'number') return fromData;
  if (typeof fromData === 'string' || typeof fromData === 'boolean') text = String(fromData);
  else text = msg.metadata[key];
  if (text === undefined || text.trim() === '') {
    throw new Error(`Incoming Message has no ${key} in data or metadata!`);
  }
  const value = Number(text);
  if (!Number.isFinite(value)) throw new Error(`${key} '${text}' is not a number`);
  return value;
}

function metadataNumber(msg: RuleMsg, key: string): number {
  const text = msg.metadata[key];
  const value = text === undefined || text.trim() === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new Error(`Metadata '${key}' must be a number`);
  return value;
}

/** The perimeter of the metadata: `perimeter` (a polygon) or a circle (`centerLatitude`…). */
function metadataPerimeter(msg: RuleMsg): Perimeter {
  const polygon = msg.metadata.perimeter;
  if (polygon !== undefined && polygon !== '') return { type: 'POLYGON', polygons: parsePolygons(polygon) };
  const centerLatitude = msg.metadata.centerLatitude;
  if (centerLatitude !== undefined && centerLatitude !== '') {
    const unit = msg.metadata.rangeUnit ?? '';
    if (!(RANGE_UNITS as readonly string[]).includes(unit)) {
      throw new Error(`Metadata 'rangeUnit' must be one of ${RANGE_UNITS.join(', ')}`);
    }
    return {
      type: 'CIRCLE',
      center: {
        latitude: metadataNumber(msg, 'centerLatitude'),
        longitude: metadataNumber(msg, 'centerLongitude'),
      },
      range: metadataNumber(msg, 'range'),
      rangeUnit: unit as RangeUnit,
    };
  }
  throw new Error('Missing perimeter definition!');
}

export function perimeterContains(perimeter: Perimeter, point: Coordinates): boolean {
  return perimeter.type === 'CIRCLE'
    ? perimeter.range > distance(point, perimeter.center, perimeter.rangeUnit)
    : polygonsContain(perimeter.polygons, point);
}

export const gpsGeofencingFilterNode = defineNode<GeofencingConfig>({
  clazz: 'org.thingsboard.rule.engine.geo.TbGpsGeofencingFilterNode',
  type: 'FILTER',
  name: 'gps geofencing filter',
  description: 'Filter incoming messages by GPS based geofencing',
  details:
    'Reads latitude and longitude from the message data (or else its metadata) and routes the message ' +
    'to <code>True</code> when the point is inside the perimeter, otherwise to <code>False</code>. The ' +
    'perimeter is a polygon or a circle from the configuration, or, when taken from the metadata, the ' +
    'polygon in <code>perimeter</code> or the circle of <code>centerLatitude</code>, ' +
    '<code>centerLongitude</code>, <code>range</code> and <code>rangeUnit</code>.',
  relationTypes: TRUE_FALSE,
  configDirective: 'tbFilterNodeGpsGeofencingConfig',
  defaultConfiguration: {
    latitudeKeyName: 'latitude',
    longitudeKeyName: 'longitude',
    fetchPerimeterInfoFromMessageMetadata: true,
    perimeterType: 'POLYGON',
  },
  configurationSchema: nodeConfigSchema({
    latitudeKeyName: text('Latitude key name'),
    longitudeKeyName: text('Longitude key name'),
    fetchPerimeterInfoFromMessageMetadata: flag('Fetch perimeter information from message metadata'),
    ...PERIMETER_PROPERTIES,
  }),
  configure(raw) {
    const fromMetadata = configBoolean(raw, 'fetchPerimeterInfoFromMessageMetadata', true);
    return {
      latitudeKeyName: configString(raw, 'latitudeKeyName', 'latitude'),
      longitudeKeyName: configString(raw, 'longitudeKeyName', 'longitude'),
      fetchPerimeterInfoFromMessageMetadata: fromMetadata,
      perimeter: fromMetadata ? undefined : configuredPerimeter(raw),
    };
  },
  create: (config) => ({
    onMsg(msg) {
      let data: unknown;
      try {
        data = JSON.parse(msg.data);
      } catch {
        data = undefined;
      }
      if (!isJsonObject(data)) throw new Error('Incoming Message is not a valid JSON object');
      const point = {
        latitude: coordinate(msg, data, config.latitudeKeyName),
        longitude: coordinate(msg, data, config.longitudeKeyName),
      };
      const perimeter = config.perimeter ?? metadataPerimeter(msg);
      return filterResult(msg, perimeterContains(perimeter, point));
    },
  }),
});
