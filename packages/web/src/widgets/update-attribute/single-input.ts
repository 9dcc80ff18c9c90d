import type { JsonObject } from '@meridian/common';
import { booleanSetting } from '../control-support/rpc-command';
import { numberSetting, stringSetting } from '../gauge-support/gauge-value';
import type { InputRules } from '../input-support/input-rules';
import type { WidgetProps } from '../widget-definition';

/** The value kinds of the reference's single-value update widgets. */
export type SingleValueType = 'string' | 'integer' | 'double' | 'boolean';

/** What the widget edits: the first data key of the first entity of its first datasource. */
export interface SingleInputTarget {
  entity: NonNullable<WidgetProps['data'][number]['entities'][number]>['entity'] | null;
  keyName: string | null;
  keyLabel: string;
  /** The key's latest value as text; undefined while none is known. */
  value: string | undefined;
}

export function singleInputTarget(data: WidgetProps['data']): SingleInputTarget {
  const source = data[0];
  const key = source?.dataKeys[0];
  const entity = source?.entities[0];
  return {
    entity: entity?.entity ?? null,
    keyName: key?.name ?? null,
    keyLabel: key?.label || key?.name || '',
    value: entity?.latest[0]?.value,
  };
}

export interface SingleInputSettings {
  showLabel: boolean;
  labelValue: string | undefined;
  requiredErrorMessage: string | undefined;
  showResultMessage: boolean;
  rules: InputRules;
  trueValue: string | undefined;
  falseValue: string | undefined;
}

/** The reference's settings with its defaults (labels shown, value required, result shown). */
export function singleInputSettings(settings: JsonObject | undefined): SingleInputSettings {
  const rules: InputRules = { required: booleanSetting(settings, 'isRequired', true) };
  for (const key of ['minValue', 'maxValue', 'minLength', 'maxLength'] as const) {
    const value = numberSetting(settings, key);
    if (value === undefined) continue;
    if (key === 'minValue') rules.min = value;
    else if (key === 'maxValue') rules.max = value;
    else rules[key] = value;
  }
  return {
    showLabel: booleanSetting(settings, 'showLabel', true),
    labelValue: stringSetting(settings, 'labelValue'),
    requiredErrorMessage: stringSetting(settings, 'requiredErrorMessage'),
    showResultMessage: booleanSetting(settings, 'showResultMessage', true),
    rules,
    trueValue: stringSetting(settings, 'trueValue'),
    falseValue: stringSetting(settings, 'falseValue'),
  };
}
