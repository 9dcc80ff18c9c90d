import { Type } from '@sinclair/typebox';

/**
 * Bodies are checked field by field in `parse.ts`, which names the offending field; the schema
 * only asks for a JSON object.
 */
export const EntityQueryBody = Type.Object({}, { additionalProperties: true });

/** `find/keys` flags; both are required request parameters in the reference. */
export const KeysQuerystring = Type.Object({
  timeseries: Type.Boolean(),
  attributes: Type.Boolean(),
});
export interface KeysQuery {
  timeseries: boolean;
  attributes: boolean;
}
