import type { JsonValue } from '@meridian/common';
import { convertValue } from '../../dashboard/sandbox/protocol';
import { runTenantFunction } from '../../dashboard/sandbox/tenant-scripts';
import type { FieldGroup } from './multiple-input-model';

/**
 * The tenant's `getValueFunctionBody` (`function (value)`) and `setValueFunctionBody`
 * (`function (value, originValue)`) of a data key, run in the tenant script worker (ADR 0026),
 * never on the page.
 */

/** Whether any field maps its received values through a tenant function. */
export const usesGetFunctions = (groups: readonly FieldGroup[]) =>
  groups.some((group) => group.fields.some((field) => field.getValueFunction));

/** Received values as the reference hands them to fields: numeric text as numbers. */
export function convertedValues(groups: readonly FieldGroup[]): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const group of groups) {
    for (const field of group.fields) values[field.id] = convertValue(group.received[field.id]);
  }
  return values;
}

/** The received values with each field's get function applied (a failing function keeps the value). */
export async function receivedThroughFunctions(
  groups: readonly FieldGroup[],
): Promise<Record<string, unknown>> {
  const values = convertedValues(groups);
  const jobs = groups.flatMap((group) =>
    group.fields.flatMap((field) => {
      const body = field.getValueFunction;
      if (!body) return [];
      return [
        runTenantFunction(body, ['value'], [values[field.id]]).then(
          (value) => {
            values[field.id] = value;
          },
          () => undefined,
        ),
      ];
    }),
  );
  await Promise.all(jobs);
  return values;
}

/** A value to write through the field's set function, with the received value as `originValue`. */
export async function throughSetFunction(
  body: string | undefined,
  value: JsonValue,
  originValue: unknown,
): Promise<JsonValue> {
  if (!body) return value;
  return (await runTenantFunction(body, ['value', 'originValue'], [value, originValue ?? null])) as JsonValue;
}
