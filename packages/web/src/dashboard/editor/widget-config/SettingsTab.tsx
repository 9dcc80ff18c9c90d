import { isJsonObject, type JsonObject, type JsonValue } from '@meridian/common';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { JsonField, JsonSchemaForm } from '../../../components/json-form/JsonSchemaForm';
import { parseSettingsSchema } from '../../../components/json-form/json-form-model';
import type { ConfigTabProps } from './DataTab';
import { widgetConfigSelectors as S } from './widget-config-selectors';

/**
 * The Settings tab (reference §5.4 "Settings"): the form of the widget type's settings schema over
 * `config.settings`; for the types whose reference schema lives in their widget class (charts,
 * gauges, maps) the panel passes the class schema (settings-schemas/class-settings-schema.ts). A
 * type without a schema, or with one this console cannot read, gets its settings as JSON, so they
 * stay editable.
 */
export function SettingsTab({
  config,
  onChange,
  settingsSchema,
  onJsonValidity,
}: ConfigTabProps & {
  settingsSchema: string | undefined;
  onJsonValidity: (key: string, invalid: boolean) => void;
}) {
  const { t } = useTranslation();
  const form = useMemo(() => parseSettingsSchema(settingsSchema), [settingsSchema]);
  const settings = (isJsonObject(config.settings) ? config.settings : {}) as JsonObject;
  const set = (value: JsonValue | undefined) =>
    onChange({ ...config, settings: isJsonObject(value) ? value : {} });
  if (!form || form.fields.length === 0) {
    return (
      <JsonField
        label={t('widget-config.settings-json')}
        value={settings}
        onChange={set}
        testId={S.setting}
        setError={onJsonValidity}
        errorKey="settings"
      />
    );
  }
  return (
    <JsonSchemaForm
      form={form}
      value={settings}
      onChange={set}
      onValidityChange={(valid) => onJsonValidity('settings', !valid)}
      testIdPrefix={S.setting}
    />
  );
}
