import {
  ALARM_SEVERITIES,
  ALARM_STATUSES,
  type ConfigSchema,
  ENTITY_TYPES,
  type JsonValue,
  schemaOptions,
} from '@meridian/common';
import { severityLabel, statusLabel } from '../../../components/entity-tabs/alarms/alarm-labels';
import { entityTypeLabel } from '../../../components/entity-tabs/entity-type-labels';
import { labelOfKey } from './config-fields';

/**
 * Labels of the schema-built node form: the console's own message where it has one for a setting
 * or a choice (entity types, severities, directions…), else the schema's title or option name.
 */
type Translate = (key: string) => string;
type Exists = (key: string) => boolean;

/** Settings whose label the console already translates. */
const FIELD_LABEL_KEYS: Record<string, string> = {
  direction: 'relation.direction',
  relationType: 'relation.relation-type',
  scope: 'attribute.attributes-scope',
  aggregation: 'timewindow.aggregation',
};

export function fieldLabel(t: Translate, exists: Exists, key: string, schema: ConfigSchema): string {
  const messageKey = FIELD_LABEL_KEYS[key];
  if (messageKey && exists(messageKey)) return t(messageKey);
  return schema.title ?? labelOfKey(key);
}

const SCOPE_KEYS: Record<string, string> = {
  CLIENT_SCOPE: 'attribute.scope-client',
  SERVER_SCOPE: 'attribute.scope-server',
  SHARED_SCOPE: 'attribute.scope-shared',
};

const DIRECTION_KEYS: Record<string, string> = {
  FROM: 'relation.direction-from',
  TO: 'relation.direction-to',
};

const TIME_UNIT_KEYS: Record<string, string> = {
  SECONDS: 'device-profile.alarm-rules.units.SECONDS',
  MINUTES: 'device-profile.alarm-rules.units.MINUTES',
  HOURS: 'device-profile.alarm-rules.units.HOURS',
  DAYS: 'device-profile.alarm-rules.units.DAYS',
};

const all = (values: readonly JsonValue[], known: readonly string[]) =>
  values.length > 0 && values.every((value) => known.includes(String(value)));

/**
 * The labels of a choice's options by their text. A set of options the console knows (all of
 * them entity types, severities, …) reads as it does elsewhere in the console.
 */
export function optionLabels(t: Translate, exists: Exists, schema: ConfigSchema): Map<string, string> {
  const options = schemaOptions(schema) ?? [];
  const values = options.map((option) => option.value).filter((value) => value !== null);
  const translate = (keys: Record<string, string>) => (value: string, fallback: string) => {
    const key = keys[value];
    return key && exists(key) ? t(key) : fallback;
  };
  const labelOf: (value: string, fallback: string) => string = all(values, ENTITY_TYPES)
    ? (value) => entityTypeLabel(t, value)
    : all(values, ALARM_SEVERITIES)
      ? (value) => severityLabel(t, value)
      : all(values, ALARM_STATUSES)
        ? (value) => statusLabel(t, value)
        : all(values, Object.keys(SCOPE_KEYS))
          ? translate(SCOPE_KEYS)
          : all(values, Object.keys(DIRECTION_KEYS))
            ? translate(DIRECTION_KEYS)
            : translate(TIME_UNIT_KEYS);
  return new Map(
    options.map((option) => {
      const text = option.value === null ? '' : String(option.value);
      return [text, option.value === null ? option.label : labelOf(text, option.label)];
    }),
  );
}
