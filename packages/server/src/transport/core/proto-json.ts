import protobuf from 'protobufjs';

/**
 * JSON values into protobuf messages of a schema the device profile defines, the way the reference
 * fills its dynamic messages (`JsonFormat.parser().ignoringUnknownFields()`): members match a field
 * by its proto name or its lowerCamelCase JSON name, unknown members are skipped, `null` leaves a
 * field unset, numbers may be written as strings, 64-bit integers keep all their digits. One
 * leniency of ours: a JSON object or array given for a `string` field is written as its JSON text
 * (the reference rejects the whole message), so the default RPC request schema, whose `params` is
 * a string, still carries object params.
 */

/** A JSON value that does not fit the field it is meant for. */
export class ProtoJsonError extends Error {}

const INT32 = { min: -2147483648, max: 2147483647 };
const UINT32 = { min: 0, max: 4294967295 };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };
const UINT64 = { min: 0n, max: 2n ** 64n - 1n };

const INT32_TYPES = new Set(['int32', 'sint32', 'sfixed32']);
const UINT32_TYPES = new Set(['uint32', 'fixed32']);
const INT64_TYPES = new Set(['int64', 'sint64', 'sfixed64']);
const UINT64_TYPES = new Set(['uint64', 'fixed64']);
const FLOAT_TYPES = new Set(['double', 'float']);
const NON_FINITE: Readonly<Record<string, number>> = {
  NaN: Number.NaN,
  Infinity: Number.POSITIVE_INFINITY,
  '-Infinity': Number.NEGATIVE_INFINITY,
};
/** Standard or URL-safe base64, as the reference's JSON parser accepts for `bytes`. */
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Encodes a JSON object as a message of `type` (resolved, e.g. after `root.resolveAll()`). */
export function encodeJsonMessage(type: protobuf.Type, json: unknown): Uint8Array {
  return type.encode(type.fromObject(jsonToMessageObject(type, json, type.name))).finish();
}

/**
 * The plain object `type.fromObject` takes for a JSON object: values checked against their
 * fields and put in the form protobufjs reads (64-bit integers as decimal strings).
 */
export function jsonToMessageObject(
  type: protobuf.Type,
  json: unknown,
  path: string,
): Record<string, unknown> {
  if (!isObject(json)) throw new ProtoJsonError(`${path} must be a JSON object`);
  const object: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(json)) {
    const field = fieldNamed(type, name);
    if (!field || value === null) continue;
    object[field.name] = fieldValue(field, value, `${path}.${name}`);
  }
  return object;
}

function fieldNamed(type: protobuf.Type, name: string): protobuf.Field | undefined {
  // `fields` is a plain object: a member called `constructor` must not find Object's.
  if (Object.hasOwn(type.fields, name)) return type.fields[name];
  return type.fieldsArray.find((field) => protobuf.util.camelCase(field.name) === name);
}

function fieldValue(field: protobuf.Field, value: unknown, path: string): unknown {
  if (field instanceof protobuf.MapField) {
    if (!isObject(value)) throw new ProtoJsonError(`${path} must be a JSON object`);
    const entries: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value))
      entries[key] = singleValue(field, item, `${path}.${key}`);
    return entries;
  }
  if (field.repeated) {
    if (!Array.isArray(value)) throw new ProtoJsonError(`${path} must be a JSON array`);
    return value.map((item, index) => singleValue(field, item, `${path}[${index}]`));
  }
  return singleValue(field, value, path);
}

function singleValue(field: protobuf.Field, value: unknown, path: string): unknown {
  if (value === null) throw new ProtoJsonError(`${path} must not be null`);
  const resolved = field.resolvedType;
  if (resolved instanceof protobuf.Type) return jsonToMessageObject(resolved, value, path);
  if (resolved instanceof protobuf.Enum) return enumValue(resolved, value, path);
  const type = field.type;
  if (type === 'string') return typeof value === 'string' ? value : stringValue(value);
  if (type === 'bool') return boolValue(value, path);
  if (INT32_TYPES.has(type)) return Number(integerValue(value, INT32, path));
  if (UINT32_TYPES.has(type)) return Number(integerValue(value, UINT32, path));
  if (INT64_TYPES.has(type)) return integerValue(value, INT64, path).toString();
  if (UINT64_TYPES.has(type)) return integerValue(value, UINT64, path).toString();
  if (FLOAT_TYPES.has(type)) return floatValue(value, path);
  if (type === 'bytes') {
    if (typeof value !== 'string' || !BASE64.test(value))
      throw new ProtoJsonError(`${path} must be a base64 string`);
    return Buffer.from(value, 'base64');
  }
  throw new ProtoJsonError(`${path} has the unsupported type ${type}`);
}

/** Primitives as the reference's `getAsString` writes them; objects and arrays as JSON text. */
function stringValue(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function boolValue(value: unknown, path: string): boolean {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'false') return value === 'true';
  throw new ProtoJsonError(`${path} must be a boolean`);
}

function enumValue(type: protobuf.Enum, value: unknown, path: string): number {
  if (typeof value === 'string' && type.values[value] !== undefined) return type.values[value];
  if (typeof value === 'number' && Number.isInteger(value)) return value;
  throw new ProtoJsonError(`${path} must be one of ${Object.keys(type.values).join(', ')}`);
}

/** An integral JSON number, or a string of one, within the field's range. */
function integerValue(
  value: unknown,
  range: { min: number | bigint; max: number | bigint },
  path: string,
): bigint {
  let integer: bigint | undefined;
  if (typeof value === 'number' && Number.isInteger(value)) integer = BigInt(value);
  else if (typeof value === 'string' && /^-?\d+$/.test(value.trim())) integer = BigInt(value.trim());
  if (integer === undefined) throw new ProtoJsonError(`${path} must be an integer`);
  if (integer < BigInt(range.min) || integer > BigInt(range.max))
    throw new ProtoJsonError(`${path} is out of range`);
  return integer;
}

function floatValue(value: unknown, path: string): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string') {
    const special = NON_FINITE[value];
    if (special !== undefined) return special;
    const number = Number(value);
    if (value.trim() !== '' && Number.isFinite(number)) return number;
  }
  throw new ProtoJsonError(`${path} must be a number`);
}
