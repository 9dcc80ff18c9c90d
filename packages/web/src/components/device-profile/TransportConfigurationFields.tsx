import {
  COAP_DEVICE_TYPES,
  DEVICE_TRANSPORT_TYPES,
  isValidLwm2mPort,
  LWM2M_BINDING_MODES,
  LWM2M_SECURITY_MODES,
  SNMP_SPEC_TYPES,
  TELEMETRY_DATA_TYPES,
  TRANSPORT_PAYLOAD_TYPES,
} from '@meridian/common';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../AddButton';
import { FormTextArea } from '../entity-table/FormTextArea';
import { FormCheckbox } from '../FormCheckbox';
import { FormSelectField } from '../FormSelectField';
import { FormTextField } from '../FormTextField';
import { formRow } from '../form-row';
import { PowerModeFields } from './PowerModeFields';
import { RemoveButton } from './RemoveButton';
import {
  DEFAULT_SNMP_QUERYING_FREQUENCY_MS,
  isPollingSpec,
  LWM2M_FW_UPDATE_STRATEGIES,
  LWM2M_SW_UPDATE_STRATEGIES,
  LWM2M_URL_UPDATE_STRATEGY,
  newLwm2mServerValues,
  parseObserveAttr,
  type SnmpMappingValues,
  type TransportFormHost,
} from './transport-values';

export interface TransportFieldsProps {
  control: Control<TransportFormHost>;
  disabled: boolean;
}

const required = (key: string) => (value: string) => value.trim().length > 0 || key;
const nonNegative = (key: string) => (value: number | null) =>
  (value !== null && Number.isInteger(value) && value >= 0) || key;

/** The title of a group of settings; the `first` one sits closer to the fields above it. */
function GroupTitle({ first, children }: { first?: boolean; children: ReactNode }) {
  return (
    <Typography variant="subtitle2" sx={{ mt: first ? 1 : 2 }}>
      {children}
    </Typography>
  );
}

/** The Protobuf schemas of a payload, with the i18n keys of their labels. */
const PROTO_SCHEMAS = [
  { field: 'telemetrySchema', label: 'device-profile.telemetry-proto-schema' },
  { field: 'attributesSchema', label: 'device-profile.attributes-proto-schema' },
  { field: 'rpcRequestSchema', label: 'device-profile.rpc-request-proto-schema' },
  { field: 'rpcResponseSchema', label: 'device-profile.rpc-response-proto-schema' },
] as const;

/** Payload type and, for Protobuf, the four schemas and the two compatibility flags. */
function PayloadFields({
  control,
  disabled,
  prefix,
}: TransportFieldsProps & { prefix: 'transport.mqtt' | 'transport.coap' }) {
  const { t } = useTranslation();
  const payloadType = useWatch({ control, name: `${prefix}.payloadType` });
  const compatible = useWatch({ control, name: `${prefix}.enableCompatibilityWithJsonPayloadFormat` });
  return (
    <Box>
      <FormSelectField
        control={control}
        name={`${prefix}.payloadType`}
        label={t('device-profile.payload-type')}
        disabled={disabled}
        testId="transport-payload-type"
        options={TRANSPORT_PAYLOAD_TYPES}
        optionLabel={(type) => t(`device-profile.payload-types.${type}`)}
      />
      {payloadType === 'PROTOBUF' && (
        <>
          {PROTO_SCHEMAS.map((schema) => (
            <FormTextArea
              key={schema.field}
              control={control}
              name={`${prefix}.${schema.field}`}
              label={t(schema.label)}
              required
              code
              disabled={disabled}
              rules={{ validate: required('device-profile.proto-schema-required') }}
            />
          ))}
          {prefix === 'transport.mqtt' && (
            <>
              <FormCheckbox
                control={control}
                name={`${prefix}.enableCompatibilityWithJsonPayloadFormat`}
                label={t('device-profile.enable-compatibility-with-json')}
                disabled={disabled}
              />
              {compatible && (
                <FormCheckbox
                  control={control}
                  name={`${prefix}.useJsonPayloadFormatForDefaultDownlinkTopics`}
                  label={t('device-profile.use-json-for-default-downlink-topics')}
                  disabled={disabled}
                />
              )}
            </>
          )}
        </>
      )}
    </Box>
  );
}

/** The topic filters of an MQTT device, with the i18n keys and test ids of their fields. */
const MQTT_TOPICS = [
  {
    field: 'deviceTelemetryTopic',
    label: 'device-profile.telemetry-topic-filter',
    missing: 'device-profile.telemetry-topic-filter-required',
    testId: 'transport-mqtt-telemetry-topic',
  },
  {
    field: 'deviceAttributesTopic',
    label: 'device-profile.attributes-topic-filter',
    missing: 'device-profile.attributes-topic-filter-required',
    testId: 'transport-mqtt-attributes-topic',
  },
] as const;

function MqttFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <GroupTitle first>{t('device-profile.mqtt-device-topic-filters')}</GroupTitle>
      {MQTT_TOPICS.map((topic) => (
        <FormTextField
          key={topic.field}
          control={control}
          name={`transport.mqtt.${topic.field}`}
          label={t(topic.label)}
          required
          disabled={disabled}
          rules={{ validate: required(topic.missing) }}
          testId={topic.testId}
        />
      ))}
      <PayloadFields control={control} disabled={disabled} prefix="transport.mqtt" />
    </Box>
  );
}

function CoapFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  const deviceType = useWatch({ control, name: 'transport.coap.coapDeviceType' });
  return (
    <Box>
      <FormSelectField
        control={control}
        name="transport.coap.coapDeviceType"
        label={t('device-profile.coap-device-type')}
        disabled={disabled}
        options={COAP_DEVICE_TYPES}
        optionLabel={(type) => t(`device-profile.coap-device-types.${type}`)}
      />
      {deviceType === 'DEFAULT' && (
        <PayloadFields control={control} disabled={disabled} prefix="transport.coap" />
      )}
      <GroupTitle>{t('device-profile.power-saving')}</GroupTitle>
      <PowerModeFields control={control} prefix="transport.coap" disabled={disabled} />
    </Box>
  );
}

/** The timers of a server, with the i18n keys of their labels. */
const SERVER_TIMER_LABELS = {
  clientHoldOffTime: 'device-profile.lwm2m.client-hold-off-time',
  bootstrapServerAccountTimeout: 'device-profile.lwm2m.account-timeout',
  lifetime: 'device-profile.lwm2m.lifetime',
  defaultMinPeriod: 'device-profile.lwm2m.default-min-period',
} as const;
/** Drawn in two rows: the bootstrap timers, then those of the registration session. */
const BOOTSTRAP_TIMERS = ['clientHoldOffTime', 'bootstrapServerAccountTimeout'] as const;
const SESSION_TIMERS = ['lifetime', 'defaultMinPeriod'] as const;

/** Timers of the server at `index`, side by side in the caller's row. */
function ServerTimers({
  control,
  disabled,
  index,
  timers,
}: TransportFieldsProps & { index: number; timers: readonly (keyof typeof SERVER_TIMER_LABELS)[] }) {
  const { t } = useTranslation();
  return timers.map((timer) => (
    <FormTextField
      key={timer}
      control={control}
      name={`transport.lwm2m.bootstrap.${index}.${timer}`}
      numeric
      label={t(SERVER_TIMER_LABELS[timer])}
      disabled={disabled}
      rules={{ validate: nonNegative('device-profile.timer-invalid') }}
    />
  ));
}

function Lwm2mServers({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  const servers = useFieldArray({ control, name: 'transport.lwm2m.bootstrap' });
  return (
    <Box>
      {servers.fields.map((server, index) => (
        <Paper key={server.id} variant="outlined" sx={{ p: 2, mb: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center' }}>
            <Typography variant="subtitle2" sx={{ flex: 1 }}>
              {server.bootstrapServerIs
                ? t('device-profile.lwm2m.bootstrap-server')
                : t('device-profile.lwm2m.lwm2m-server')}
            </Typography>
            {!disabled && (
              <RemoveButton
                label={t('device-profile.lwm2m.remove-server')}
                onClick={() => servers.remove(index)}
              />
            )}
          </Box>
          <Box sx={formRow}>
            <FormSelectField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.securityMode`}
              label={t('device-profile.lwm2m.security-mode')}
              disabled={disabled}
              options={LWM2M_SECURITY_MODES}
            />
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.serverId`}
              numeric
              label={t('device-profile.lwm2m.short-id')}
              disabled={disabled}
              rules={{ validate: nonNegative('device-profile.lwm2m.short-id-invalid') }}
            />
          </Box>
          <Box sx={formRow}>
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.host`}
              label={t('device-profile.lwm2m.host')}
              required
              disabled={disabled}
              rules={{ validate: required('device-profile.lwm2m.host-required') }}
            />
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.port`}
              numeric
              label={t('device-profile.lwm2m.port')}
              required
              disabled={disabled}
              rules={{
                validate: (value: number | null) =>
                  (value !== null && isValidLwm2mPort(value)) || 'device-profile.lwm2m.port-invalid',
              }}
            />
          </Box>
          <Box sx={formRow}>
            <ServerTimers control={control} disabled={disabled} index={index} timers={BOOTSTRAP_TIMERS} />
          </Box>
          <Box sx={formRow}>
            <ServerTimers control={control} disabled={disabled} index={index} timers={SESSION_TIMERS} />
            <FormSelectField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.binding`}
              label={t('device-profile.lwm2m.binding')}
              disabled={disabled}
              options={LWM2M_BINDING_MODES}
            />
          </Box>
          <FormTextArea
            control={control}
            name={`transport.lwm2m.bootstrap.${index}.serverPublicKey`}
            label={t('device-profile.lwm2m.server-public-key')}
            code
            disabled={disabled}
          />
          <FormCheckbox
            control={control}
            name={`transport.lwm2m.bootstrap.${index}.notifIfDisabled`}
            label={t('device-profile.lwm2m.notification-storing')}
            disabled={disabled}
          />
        </Paper>
      ))}
      {!disabled && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <AddButton
            label={t('device-profile.lwm2m.add-lwm2m-server')}
            onClick={() => servers.append(newLwm2mServerValues(false))}
          />
          <AddButton
            label={t('device-profile.lwm2m.add-bootstrap-server')}
            onClick={() => servers.append(newLwm2mServerValues(true))}
          />
        </Box>
      )}
    </Box>
  );
}

/**
 * Firmware ('fw') or software ('sw') updates: the strategies offered and, for the URL strategy,
 * the resource to download from. Field names and i18n keys are `<kind>UpdateStrategy`,
 * `device-profile.lwm2m.<kind>-update-strategy`, and so on.
 */
function UpdateStrategyFields({
  control,
  disabled,
  kind,
  strategies,
}: TransportFieldsProps & { kind: 'fw' | 'sw'; strategies: readonly number[] }) {
  const { t } = useTranslation();
  const strategy = useWatch({ control, name: `transport.lwm2m.${kind}UpdateStrategy` });
  return (
    <>
      <FormSelectField
        control={control}
        name={`transport.lwm2m.${kind}UpdateStrategy`}
        label={t(`device-profile.lwm2m.${kind}-update-strategy`)}
        disabled={disabled}
        options={strategies}
        optionLabel={(option) => t(`device-profile.lwm2m.${kind}-update-strategies.${option}`)}
      />
      {strategy === LWM2M_URL_UPDATE_STRATEGY && (
        <FormTextField
          control={control}
          name={`transport.lwm2m.${kind}UpdateResource`}
          label={t(`device-profile.lwm2m.${kind}-update-resource`)}
          disabled={disabled}
        />
      )}
    </>
  );
}

/** The flags after the power-saving settings, with the i18n keys of their labels. */
const LWM2M_CLIENT_FLAGS = [
  {
    name: 'transport.lwm2m.clientOnlyObserveAfterConnect',
    label: 'device-profile.lwm2m.client-only-observe-after-connect',
  },
  {
    name: 'transport.lwm2m.compositeOperationsSupport',
    label: 'device-profile.lwm2m.composite-operations-support',
  },
] as const;

function Lwm2mFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <GroupTitle first>{t('device-profile.lwm2m.model')}</GroupTitle>
      <FormTextArea
        control={control}
        name="transport.lwm2m.observeAttrJson"
        label={t('device-profile.lwm2m.observe-attr')}
        helperText={t('device-profile.lwm2m.observe-attr-hint')}
        code
        minRows={4}
        disabled={disabled}
        rules={{
          validate: (value: string) =>
            parseObserveAttr(value) !== null || 'device-profile.lwm2m.observe-attr-invalid',
        }}
      />
      <GroupTitle>{t('device-profile.lwm2m.bootstrap')}</GroupTitle>
      <FormCheckbox
        control={control}
        name="transport.lwm2m.bootstrapServerUpdateEnable"
        label={t('device-profile.lwm2m.bootstrap-update-enable')}
        disabled={disabled}
      />
      <Lwm2mServers control={control} disabled={disabled} />
      <GroupTitle>{t('device-profile.lwm2m.other-settings')}</GroupTitle>
      <UpdateStrategyFields
        control={control}
        disabled={disabled}
        kind="fw"
        strategies={LWM2M_FW_UPDATE_STRATEGIES}
      />
      <UpdateStrategyFields
        control={control}
        disabled={disabled}
        kind="sw"
        strategies={LWM2M_SW_UPDATE_STRATEGIES}
      />
      <PowerModeFields control={control} prefix="transport.lwm2m" disabled={disabled} />
      {LWM2M_CLIENT_FLAGS.map((flag) => (
        <FormCheckbox
          key={flag.name}
          control={control}
          name={flag.name}
          label={t(flag.label)}
          disabled={disabled}
        />
      ))}
    </Box>
  );
}

const NEW_SNMP_MAPPING: SnmpMappingValues = { dataType: 'STRING', key: '', oid: '' };

function SnmpMappings({ control, disabled, index }: TransportFieldsProps & { index: number }) {
  const { t } = useTranslation();
  const mappings = useFieldArray({ control, name: `transport.snmp.communicationConfigs.${index}.mappings` });
  return (
    <Box>
      {mappings.fields.map((mapping, mappingIndex) => (
        <Box key={mapping.id} sx={{ ...formRow, alignItems: { sm: 'center' } }}>
          <FormSelectField
            control={control}
            name={`transport.snmp.communicationConfigs.${index}.mappings.${mappingIndex}.dataType`}
            label={t('device-profile.snmp.data-type')}
            disabled={disabled}
            options={TELEMETRY_DATA_TYPES}
          />
          <FormTextField
            control={control}
            name={`transport.snmp.communicationConfigs.${index}.mappings.${mappingIndex}.key`}
            label={t('device-profile.snmp.data-key')}
            required
            disabled={disabled}
            rules={{ validate: required('device-profile.snmp.data-key-required') }}
          />
          <FormTextField
            control={control}
            name={`transport.snmp.communicationConfigs.${index}.mappings.${mappingIndex}.oid`}
            label={t('device-profile.snmp.oid')}
            required
            disabled={disabled}
            rules={{
              validate: (value: string) =>
                /^\.?(\d+\.)*\d+$/.test(value.trim()) || 'device-profile.snmp.oid-invalid',
            }}
          />
          {!disabled && (
            <RemoveButton
              label={t('device-profile.snmp.remove-mapping')}
              onClick={() => mappings.remove(mappingIndex)}
            />
          )}
        </Box>
      ))}
      {!disabled && (
        <AddButton
          label={t('device-profile.snmp.add-mapping')}
          onClick={() => mappings.append({ ...NEW_SNMP_MAPPING })}
        />
      )}
    </Box>
  );
}

/** The limits of every SNMP request, with the i18n keys of their labels and messages. */
const SNMP_REQUEST_LIMITS = [
  {
    field: 'timeoutMs',
    label: 'device-profile.snmp.timeout-ms',
    invalid: 'device-profile.snmp.timeout-invalid',
  },
  { field: 'retries', label: 'device-profile.snmp.retries', invalid: 'device-profile.snmp.retries-invalid' },
] as const;

function SnmpFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  const configs = useFieldArray({ control, name: 'transport.snmp.communicationConfigs' });
  const specs = useWatch({ control, name: 'transport.snmp.communicationConfigs' });
  return (
    <Box>
      <Box sx={formRow}>
        {SNMP_REQUEST_LIMITS.map((limit) => (
          <FormTextField
            key={limit.field}
            control={control}
            name={`transport.snmp.${limit.field}`}
            numeric
            label={t(limit.label)}
            required
            disabled={disabled}
            rules={{ validate: nonNegative(limit.invalid) }}
          />
        ))}
      </Box>
      <GroupTitle>{t('device-profile.snmp.communication-configs')}</GroupTitle>
      {configs.fields.map((config, index) => (
        <Paper key={config.id} variant="outlined" sx={{ p: 2, mb: 1 }}>
          <Box sx={{ ...formRow, alignItems: { sm: 'center' } }}>
            <FormSelectField
              control={control}
              name={`transport.snmp.communicationConfigs.${index}.spec`}
              label={t('device-profile.snmp.scope')}
              disabled={disabled}
              options={SNMP_SPEC_TYPES}
              optionLabel={(spec) => t(`device-profile.snmp.specs.${spec}`)}
            />
            {specs?.[index] && isPollingSpec(specs[index].spec) && (
              <FormTextField
                control={control}
                name={`transport.snmp.communicationConfigs.${index}.queryingFrequencyMs`}
                numeric
                label={t('device-profile.snmp.querying-frequency')}
                required
                disabled={disabled}
                rules={{
                  validate: (value: number | null) =>
                    (value !== null && Number.isInteger(value) && value > 0) ||
                    'device-profile.snmp.querying-frequency-invalid',
                }}
              />
            )}
            {!disabled && (
              <RemoveButton
                label={t('device-profile.snmp.remove-config')}
                onClick={() => configs.remove(index)}
              />
            )}
          </Box>
          <SnmpMappings control={control} disabled={disabled} index={index} />
        </Paper>
      ))}
      {!disabled && (
        <AddButton
          label={t('device-profile.snmp.add-config')}
          onClick={() =>
            configs.append({
              spec: 'TELEMETRY_QUERYING',
              queryingFrequencyMs: DEFAULT_SNMP_QUERYING_FREQUENCY_MS,
              mappings: [{ ...NEW_SNMP_MAPPING }],
            })
          }
        />
      )}
    </Box>
  );
}

/**
 * Transport configuration of a device profile (reference console §3.7): the transport type and the
 * settings of that type — none for Default, topics and payload for MQTT, device type, payload and
 * power saving for CoAP, model, servers and update settings for LwM2M, polling configs for SNMP.
 */
export function TransportConfigurationFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  const transportType = useWatch({ control, name: 'transportType' });
  return (
    <Box>
      <FormSelectField
        control={control}
        name="transportType"
        label={t('device-profile.transport-type')}
        disabled={disabled}
        testId="transport-type"
        options={DEVICE_TRANSPORT_TYPES}
        optionLabel={(type) => t(`device-profile.transport-types.${type}`)}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`device-profile.transport-type-hints.${transportType}`)}
      </Typography>
      {transportType === 'MQTT' && <MqttFields control={control} disabled={disabled} />}
      {transportType === 'COAP' && <CoapFields control={control} disabled={disabled} />}
      {transportType === 'LWM2M' && <Lwm2mFields control={control} disabled={disabled} />}
      {transportType === 'SNMP' && <SnmpFields control={control} disabled={disabled} />}
    </Box>
  );
}
