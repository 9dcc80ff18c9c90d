import type { JsonObject } from '@meridian/common';
import { booleanSetting } from '../control-support/rpc-command';
import { stringSetting } from '../gauge-support/gauge-value';
import type { WidgetProps } from '../widget-definition';

export interface LocationSettings {
  latKeyName: string;
  lngKeyName: string;
  showLabel: boolean;
  latLabel?: string;
  lngLabel?: string;
  requiredErrorMessage?: string;
  showResultMessage: boolean;
  enableHighAccuracy: boolean;
  showGetLocation: boolean;
  /** Latitude beside longitude ('row') or under it ('column'). */
  row: boolean;
  latRequired: boolean;
  lngRequired: boolean;
}

/** The reference's settings with its defaults: keys `latitude` and `longitude`, both required. */
export function locationSettings(settings: JsonObject | undefined): LocationSettings {
  return {
    latKeyName: stringSetting(settings, 'latKeyName') ?? 'latitude',
    lngKeyName: stringSetting(settings, 'lngKeyName') ?? 'longitude',
    showLabel: booleanSetting(settings, 'showLabel', true),
    latLabel: stringSetting(settings, 'latLabel'),
    lngLabel: stringSetting(settings, 'lngLabel'),
    requiredErrorMessage: stringSetting(settings, 'requiredErrorMessage'),
    showResultMessage: booleanSetting(settings, 'showResultMessage', true),
    enableHighAccuracy: booleanSetting(settings, 'enableHighAccuracy', false),
    showGetLocation: booleanSetting(settings, 'showGetLocation', true),
    row: stringSetting(settings, 'inputFieldsAlignment') === 'row',
    latRequired: booleanSetting(settings, 'isLatRequired', true),
    lngRequired: booleanSetting(settings, 'isLngRequired', true),
  };
}

/** The latest value of a key of the widget's first entity, found by name among its data keys. */
export function latestOfKey(data: WidgetProps['data'], name: string): string | undefined {
  const source = data[0];
  const index = source?.dataKeys.findIndex((key) => key.name === name) ?? -1;
  return index < 0 ? undefined : source?.entities[0]?.latest[index]?.value;
}
