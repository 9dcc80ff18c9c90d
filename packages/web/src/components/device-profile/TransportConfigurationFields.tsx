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
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Control, useFieldArray, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextArea } from '../entity-table/FormTextArea';
import { FormCheckbox } from '../FormCheckbox';
import { FormSelectField } from '../FormSelectField';
import { FormTextField } from '../FormTextField';
import { PowerModeFields } from './PowerModeFields';
import {
  DEFAULT_SNMP_QUERYING_FREQUENCY_MS,
  isPollingSpec,
  LWM2M_FW_UPDATE_STRATEGIES,
  LWM2M_SW_UPDATE_STRATEGIES,
  LWM2M_URL_UPDATE_STRATEGY,
  newLwm2mServerValues,
  parseObserveAttr,
  type TransportFormHost,
} from './transport-values';

export interface TransportFieldsProps {
  control: Control<TransportFormHost>;
  disabled: boolean;
}

const required = (key: string) => (value: string) => value.trim().length > 0 || key;
const nonNegative = (key: string) => (value: number | null) =>
  (value !== null && Number.isInteger(value) && value >= 0) || key;

const row = { display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } } as const;

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
      >
        {TRANSPORT_PAYLOAD_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`device-profile.payload-types.${type}`)}
          </MenuItem>
        ))}
      </FormSelectField>
      {payloadType === 'PROTOBUF' && (
        <>
          <FormTextArea
            control={control}
            name={`${prefix}.telemetrySchema`}
            label={t('device-profile.telemetry-proto-schema')}
            required
            code
            disabled={disabled}
            rules={{ validate: required('device-profile.proto-schema-required') }}
          />
          <FormTextArea
            control={control}
            name={`${prefix}.attributesSchema`}
            label={t('device-profile.attributes-proto-schema')}
            required
            code
            disabled={disabled}
            rules={{ validate: required('device-profile.proto-schema-required') }}
          />
          <FormTextArea
            control={control}
            name={`${prefix}.rpcRequestSchema`}
            label={t('device-profile.rpc-request-proto-schema')}
            required
            code
            disabled={disabled}
            rules={{ validate: required('device-profile.proto-schema-required') }}
          />
          <FormTextArea
            control={control}
            name={`${prefix}.rpcResponseSchema`}
            label={t('device-profile.rpc-response-proto-schema')}
            required
            code
            disabled={disabled}
            rules={{ validate: required('device-profile.proto-schema-required') }}
          />
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

function MqttFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('device-profile.mqtt-device-topic-filters')}
      </Typography>
      <FormTextField
        control={control}
        name="transport.mqtt.deviceTelemetryTopic"
        label={t('device-profile.telemetry-topic-filter')}
        required
        disabled={disabled}
        rules={{ validate: required('device-profile.telemetry-topic-filter-required') }}
        testId="transport-mqtt-telemetry-topic"
      />
      <FormTextField
        control={control}
        name="transport.mqtt.deviceAttributesTopic"
        label={t('device-profile.attributes-topic-filter')}
        required
        disabled={disabled}
        rules={{ validate: required('device-profile.attributes-topic-filter-required') }}
        testId="transport-mqtt-attributes-topic"
      />
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
      >
        {COAP_DEVICE_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`device-profile.coap-device-types.${type}`)}
          </MenuItem>
        ))}
      </FormSelectField>
      {deviceType === 'DEFAULT' && (
        <PayloadFields control={control} disabled={disabled} prefix="transport.coap" />
      )}
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('device-profile.power-saving')}
      </Typography>
      <PowerModeFields control={control} prefix="transport.coap" disabled={disabled} />
    </Box>
  );
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
              <Tooltip title={t('device-profile.lwm2m.remove-server')}>
                <IconButton
                  aria-label={t('device-profile.lwm2m.remove-server')}
                  onClick={() => servers.remove(index)}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
          <Box sx={row}>
            <FormSelectField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.securityMode`}
              label={t('device-profile.lwm2m.security-mode')}
              disabled={disabled}
            >
              {LWM2M_SECURITY_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {mode}
                </MenuItem>
              ))}
            </FormSelectField>
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.serverId`}
              numeric
              label={t('device-profile.lwm2m.short-id')}
              disabled={disabled}
              rules={{ validate: nonNegative('device-profile.lwm2m.short-id-invalid') }}
            />
          </Box>
          <Box sx={row}>
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
          <Box sx={row}>
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.clientHoldOffTime`}
              numeric
              label={t('device-profile.lwm2m.client-hold-off-time')}
              disabled={disabled}
              rules={{ validate: nonNegative('device-profile.timer-invalid') }}
            />
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.bootstrapServerAccountTimeout`}
              numeric
              label={t('device-profile.lwm2m.account-timeout')}
              disabled={disabled}
              rules={{ validate: nonNegative('device-profile.timer-invalid') }}
            />
          </Box>
          <Box sx={row}>
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.lifetime`}
              numeric
              label={t('device-profile.lwm2m.lifetime')}
              disabled={disabled}
              rules={{ validate: nonNegative('device-profile.timer-invalid') }}
            />
            <FormTextField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.defaultMinPeriod`}
              numeric
              label={t('device-profile.lwm2m.default-min-period')}
              disabled={disabled}
              rules={{ validate: nonNegative('device-profile.timer-invalid') }}
            />
            <FormSelectField
              control={control}
              name={`transport.lwm2m.bootstrap.${index}.binding`}
              label={t('device-profile.lwm2m.binding')}
              disabled={disabled}
            >
              {LWM2M_BINDING_MODES.map((mode) => (
                <MenuItem key={mode} value={mode}>
                  {mode}
                </MenuItem>
              ))}
            </FormSelectField>
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
          <Button startIcon={<Add />} onClick={() => servers.append(newLwm2mServerValues(false))}>
            {t('device-profile.lwm2m.add-lwm2m-server')}
          </Button>
          <Button startIcon={<Add />} onClick={() => servers.append(newLwm2mServerValues(true))}>
            {t('device-profile.lwm2m.add-bootstrap-server')}
          </Button>
        </Box>
      )}
    </Box>
  );
}

function Lwm2mFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  const fwStrategy = useWatch({ control, name: 'transport.lwm2m.fwUpdateStrategy' });
  const swStrategy = useWatch({ control, name: 'transport.lwm2m.swUpdateStrategy' });
  return (
    <Box>
      <Typography variant="subtitle2" sx={{ mt: 1 }}>
        {t('device-profile.lwm2m.model')}
      </Typography>
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
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('device-profile.lwm2m.bootstrap')}
      </Typography>
      <FormCheckbox
        control={control}
        name="transport.lwm2m.bootstrapServerUpdateEnable"
        label={t('device-profile.lwm2m.bootstrap-update-enable')}
        disabled={disabled}
      />
      <Lwm2mServers control={control} disabled={disabled} />
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('device-profile.lwm2m.other-settings')}
      </Typography>
      <FormSelectField
        control={control}
        name="transport.lwm2m.fwUpdateStrategy"
        label={t('device-profile.lwm2m.fw-update-strategy')}
        disabled={disabled}
      >
        {LWM2M_FW_UPDATE_STRATEGIES.map((strategy) => (
          <MenuItem key={strategy} value={strategy}>
            {t(`device-profile.lwm2m.fw-update-strategies.${strategy}`)}
          </MenuItem>
        ))}
      </FormSelectField>
      {fwStrategy === LWM2M_URL_UPDATE_STRATEGY && (
        <FormTextField
          control={control}
          name="transport.lwm2m.fwUpdateResource"
          label={t('device-profile.lwm2m.fw-update-resource')}
          disabled={disabled}
        />
      )}
      <FormSelectField
        control={control}
        name="transport.lwm2m.swUpdateStrategy"
        label={t('device-profile.lwm2m.sw-update-strategy')}
        disabled={disabled}
      >
        {LWM2M_SW_UPDATE_STRATEGIES.map((strategy) => (
          <MenuItem key={strategy} value={strategy}>
            {t(`device-profile.lwm2m.sw-update-strategies.${strategy}`)}
          </MenuItem>
        ))}
      </FormSelectField>
      {swStrategy === LWM2M_URL_UPDATE_STRATEGY && (
        <FormTextField
          control={control}
          name="transport.lwm2m.swUpdateResource"
          label={t('device-profile.lwm2m.sw-update-resource')}
          disabled={disabled}
        />
      )}
      <PowerModeFields control={control} prefix="transport.lwm2m" disabled={disabled} />
      <FormCheckbox
        control={control}
        name="transport.lwm2m.clientOnlyObserveAfterConnect"
        label={t('device-profile.lwm2m.client-only-observe-after-connect')}
        disabled={disabled}
      />
      <FormCheckbox
        control={control}
        name="transport.lwm2m.compositeOperationsSupport"
        label={t('device-profile.lwm2m.composite-operations-support')}
        disabled={disabled}
      />
    </Box>
  );
}

function SnmpMappings({ control, disabled, index }: TransportFieldsProps & { index: number }) {
  const { t } = useTranslation();
  const mappings = useFieldArray({ control, name: `transport.snmp.communicationConfigs.${index}.mappings` });
  return (
    <Box>
      {mappings.fields.map((mapping, mappingIndex) => (
        <Box key={mapping.id} sx={{ ...row, alignItems: { sm: 'center' } }}>
          <FormSelectField
            control={control}
            name={`transport.snmp.communicationConfigs.${index}.mappings.${mappingIndex}.dataType`}
            label={t('device-profile.snmp.data-type')}
            disabled={disabled}
          >
            {TELEMETRY_DATA_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {type}
              </MenuItem>
            ))}
          </FormSelectField>
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
            <Tooltip title={t('device-profile.snmp.remove-mapping')}>
              <IconButton
                aria-label={t('device-profile.snmp.remove-mapping')}
                onClick={() => mappings.remove(mappingIndex)}
              >
                <Delete fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </Box>
      ))}
      {!disabled && (
        <Button
          size="small"
          startIcon={<Add />}
          onClick={() => mappings.append({ dataType: 'STRING', key: '', oid: '' })}
        >
          {t('device-profile.snmp.add-mapping')}
        </Button>
      )}
    </Box>
  );
}

function SnmpFields({ control, disabled }: TransportFieldsProps) {
  const { t } = useTranslation();
  const configs = useFieldArray({ control, name: 'transport.snmp.communicationConfigs' });
  const specs = useWatch({ control, name: 'transport.snmp.communicationConfigs' });
  return (
    <Box>
      <Box sx={row}>
        <FormTextField
          control={control}
          name="transport.snmp.timeoutMs"
          numeric
          label={t('device-profile.snmp.timeout-ms')}
          required
          disabled={disabled}
          rules={{ validate: nonNegative('device-profile.snmp.timeout-invalid') }}
        />
        <FormTextField
          control={control}
          name="transport.snmp.retries"
          numeric
          label={t('device-profile.snmp.retries')}
          required
          disabled={disabled}
          rules={{ validate: nonNegative('device-profile.snmp.retries-invalid') }}
        />
      </Box>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {t('device-profile.snmp.communication-configs')}
      </Typography>
      {configs.fields.map((config, index) => (
        <Paper key={config.id} variant="outlined" sx={{ p: 2, mb: 1 }}>
          <Box sx={{ ...row, alignItems: { sm: 'center' } }}>
            <FormSelectField
              control={control}
              name={`transport.snmp.communicationConfigs.${index}.spec`}
              label={t('device-profile.snmp.scope')}
              disabled={disabled}
            >
              {SNMP_SPEC_TYPES.map((spec) => (
                <MenuItem key={spec} value={spec}>
                  {t(`device-profile.snmp.specs.${spec}`)}
                </MenuItem>
              ))}
            </FormSelectField>
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
              <Tooltip title={t('device-profile.snmp.remove-config')}>
                <IconButton
                  aria-label={t('device-profile.snmp.remove-config')}
                  onClick={() => configs.remove(index)}
                >
                  <Delete fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
          <SnmpMappings control={control} disabled={disabled} index={index} />
        </Paper>
      ))}
      {!disabled && (
        <Button
          startIcon={<Add />}
          onClick={() =>
            configs.append({
              spec: 'TELEMETRY_QUERYING',
              queryingFrequencyMs: DEFAULT_SNMP_QUERYING_FREQUENCY_MS,
              mappings: [{ dataType: 'STRING', key: '', oid: '' }],
            })
          }
        >
          {t('device-profile.snmp.add-config')}
        </Button>
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
      >
        {DEVICE_TRANSPORT_TYPES.map((type) => (
          <MenuItem key={type} value={type}>
            {t(`device-profile.transport-types.${type}`)}
          </MenuItem>
        ))}
      </FormSelectField>
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
