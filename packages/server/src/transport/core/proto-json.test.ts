import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { encodeJsonMessage, jsonToMessageObject, ProtoJsonError } from './proto-json.js';

const SCHEMA = `syntax = "proto3";
package p;
enum Mode { OFF = 0; ON = 1; }
message Inner { string label = 1; }
message All {
  string text = 1;
  bool flag = 2;
  int32 small = 3;
  uint32 unsigned = 4;
  sint64 big = 5;
  uint64 ubig = 6;
  double real = 7;
  float single = 8;
  bytes blob = 9;
  Mode mode = 10;
  Inner inner = 11;
  repeated int32 list = 12;
  map<string, Inner> named = 13;
  string snake_case = 14;
}`;

const root = protobuf.parse(SCHEMA, { keepCase: true }).root;
root.resolveAll();
const all = root.lookupType('p.All');
const roundTrip = (json: unknown) =>
  all.toObject(all.decode(encodeJsonMessage(all, json)), { longs: String, enums: String, bytes: String });

describe('encodeJsonMessage', () => {
  it('fills every kind of field from JSON the way the reference parser accepts it', () => {
    expect(
      roundTrip({
        text: 'hi',
        flag: 'true',
        small: '-12',
        unsigned: 4294967295,
        big: '-9223372036854775808',
        ubig: 18446744073709551615n.toString(),
        real: 'NaN',
        single: '1.5',
        blob: 'AQID',
        mode: 'ON',
        inner: { label: 'x' },
        list: [1, '2'],
        named: { a: { label: 'y' } },
        snakeCase: 'by JSON name',
      }),
    ).toEqual({
      text: 'hi',
      flag: true,
      small: -12,
      unsigned: 4294967295,
      big: '-9223372036854775808',
      ubig: '18446744073709551615',
      real: Number.NaN,
      single: 1.5,
      blob: 'AQID',
      mode: 'ON',
      inner: { label: 'x' },
      list: [1, 2],
      named: { a: { label: 'y' } },
      snake_case: 'by JSON name',
    });
  });

  it('skips unknown members and nulls, accepts proto names and enum numbers', () => {
    expect(roundTrip({ snake_case: 'proto name', unknown: 1, constructor: 2, text: null, mode: 1 })).toEqual({
      snake_case: 'proto name',
      mode: 'ON',
    });
  });

  it('writes primitives and JSON structures given for a string field as text', () => {
    expect(jsonToMessageObject(all, { text: 12.5 }, 'All')).toEqual({ text: '12.5' });
    expect(jsonToMessageObject(all, { text: false }, 'All')).toEqual({ text: 'false' });
    expect(jsonToMessageObject(all, { text: { a: [1, 'b'] } }, 'All')).toEqual({ text: '{"a":[1,"b"]}' });
  });

  it('refuses values that do not fit, naming where', () => {
    const fails = (json: unknown, message: RegExp) => {
      expect(() => encodeJsonMessage(all, json)).toThrow(ProtoJsonError);
      expect(() => encodeJsonMessage(all, json)).toThrow(message);
    };
    fails('text', /^All must be a JSON object$/);
    fails({ small: 2147483648 }, /All.small is out of range/);
    fails({ small: 1.5 }, /All.small must be an integer/);
    fails({ unsigned: -1 }, /All.unsigned is out of range/);
    fails({ big: '9223372036854775808' }, /All.big is out of range/);
    fails({ flag: 1 }, /All.flag must be a boolean/);
    fails({ real: 'warm' }, /All.real must be a number/);
    fails({ blob: 'not base64!' }, /All.blob must be a base64 string/);
    fails({ mode: 'DIM' }, /All.mode must be one of OFF, ON/);
    fails({ inner: 'x' }, /All.inner must be a JSON object/);
    fails({ list: 1 }, /All.list must be a JSON array/);
    fails({ list: [1, null] }, /All.list\[1\] must not be null/);
    fails({ named: { a: { label: 'ok' }, b: 3 } }, /All.named.b must be a JSON object/);
  });
});
