import type { JsonObject, JsonValue } from '@meridian/common';
import type { CompiledRule } from './compile.js';
import type { DataSnapshot } from './snapshot.js';
import { textOf } from './values.js';

/**
 * The details an alarm gets from the rule that raised or cleared it (reference AlarmState
 * createDetails): with an `alarmDetails` text, `{"data": text}` where each `${key}` of the rule's
 * filter keys is replaced by the key's value as Java prints it; with a dashboard, its id as
 * `dashboardId`. A rule with neither keeps the alarm's current details (`{}` for a new alarm).
 */
export function alarmDetailsOf(
  rule: CompiledRule,
  snapshot: DataSnapshot,
  currentDetails: JsonValue | null | undefined,
): JsonValue {
  if (!rule.alarmDetails && !rule.dashboardId) return currentDetails ?? {};
  const details: JsonObject = {};
  if (rule.alarmDetails) {
    let text = rule.alarmDetails;
    for (const filter of rule.filters) {
      const value = snapshot.get(filter.key);
      // Literal replacement: a key or value holding `$` or regex characters is taken as it is.
      if (value) text = text.split(`\${${filter.key.key}}`).join(textOf(value));
    }
    details.data = text;
  }
  if (rule.dashboardId) details.dashboardId = rule.dashboardId;
  return details;
}
