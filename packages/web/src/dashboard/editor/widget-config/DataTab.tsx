import {
  ALARM_SEARCH_STATUSES,
  type Datasource,
  isJsonObject,
  type JsonObject,
  type Timewindow,
  type WidgetType,
} from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { TimewindowButton } from '../../../components/timewindow/TimewindowButton';
import type { WidgetTypeParameters } from '../../../widgets/widget-definition';
import { dashboardFiltersOf, entityAliasesOf } from './alias-keys';
import { DatasourceEditor } from './DatasourceEditor';
import { belowLimit, datasourcesWithoutKeys, keyCount, moved } from './data-keys';
import { FieldRow } from './FieldRow';
import { widgetConfigSelectors as S } from './widget-config-selectors';

export interface ConfigTabProps {
  config: JsonObject;
  onChange: (config: JsonObject) => void;
}

const arrayOf = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/**
 * The Data tab (reference §5.4 "Data"), by widget kind: time window, datasources and common value
 * display for time-series and latest widgets; the alarm source and status for alarm widgets; the
 * target device alias for RPC widgets; nothing for static ones. The widget type's parameters limit
 * adding datasources and keys; a config saved over the limits is shown as it is.
 */
export function DataTab({
  config,
  onChange,
  kind,
  configuration,
  keySettingsSchema,
  noDataMessage,
  typeParameters,
}: ConfigTabProps & {
  kind: WidgetType;
  /** The widget type's `maxDatasources`, `maxDataKeys` and `dataKeysOptional`. */
  typeParameters: Pick<WidgetTypeParameters, 'maxDatasources' | 'maxDataKeys' | 'dataKeysOptional'>;
  configuration: JsonObject;
  keySettingsSchema: string | undefined;
  /** The widget says "nothing to show" in words of the configuration's choosing. */
  noDataMessage: boolean;
}) {
  const { t } = useTranslation();
  const aliases = entityAliasesOf(configuration);
  const filters = dashboardFiltersOf(configuration);
  const set = (change: JsonObject) => onChange({ ...config, ...change });

  if (kind === 'static') {
    return <Typography color="text.secondary">{t('widget-config.no-data-settings')}</Typography>;
  }
  if (kind === 'rpc') {
    const target = arrayOf<string>(config.targetDeviceAliasIds)[0] ?? '';
    return (
      <TextField
        select
        label={t('widget-config.target-device-alias')}
        value={aliases.some((a) => a.id === target) ? target : ''}
        onChange={(event) => set({ targetDeviceAliasIds: event.target.value ? [event.target.value] : [] })}
        size="small"
        margin="dense"
        fullWidth
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.targetDeviceAlias } as object } }}
      >
        <MenuItem value="">
          <em>{t('widget-config.none')}</em>
        </MenuItem>
        {aliases.map((a) => (
          <MenuItem key={a.id} value={a.id}>
            {a.alias}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  const noDataField = noDataMessage && (
    <TextField
      label={t('widget-config.no-data-display-message')}
      value={typeof config.noDataDisplayMessage === 'string' ? config.noDataDisplayMessage : ''}
      onChange={(event) => set({ noDataDisplayMessage: event.target.value })}
      size="small"
      margin="dense"
      fullWidth
      slotProps={{ htmlInput: { 'data-testid': S.noDataDisplayMessage } }}
    />
  );

  const timewindow = (
    <Box sx={{ mb: 1 }}>
      <FormControlLabel
        label={t('widget-config.use-dashboard-timewindow')}
        control={
          <Checkbox
            checked={config.useDashboardTimewindow !== false}
            onChange={(event) => set({ useDashboardTimewindow: event.target.checked })}
            slotProps={{ input: { 'data-testid': S.useDashboardTimewindow } as object }}
          />
        }
      />
      {config.useDashboardTimewindow === false && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <FormControlLabel
            label={t('widget-config.display-timewindow')}
            control={
              <Checkbox
                checked={config.displayTimewindow !== false}
                onChange={(event) => set({ displayTimewindow: event.target.checked })}
                slotProps={{ input: { 'data-testid': S.displayTimewindow } as object }}
              />
            }
          />
          <TimewindowButton
            value={(isJsonObject(config.timewindow) ? config.timewindow : {}) as Timewindow}
            onChange={(value) => set({ timewindow: value as unknown as JsonObject })}
            testIdPrefix="widget-config-timewindow"
          />
        </Stack>
      )}
    </Box>
  );

  if (kind === 'alarm') {
    const source = (isJsonObject(config.alarmSource)
      ? config.alarmSource
      : { type: 'entity', dataKeys: [] }) as unknown as Datasource;
    return (
      <Stack spacing={1}>
        {timewindow}
        <Typography variant="subtitle2">{t('widget-config.alarm-source')}</Typography>
        <DatasourceEditor
          index={0}
          datasource={source}
          aliases={aliases}
          filters={filters}
          alarm
          types={['entity']}
          keyIndex={source.dataKeys?.length ?? 0}
          keySettingsSchema={keySettingsSchema}
          onChange={(alarmSource) => set({ alarmSource: alarmSource as unknown as JsonObject })}
        />
        <TextField
          select
          label={t('alarm.status-filter')}
          value={ALARM_SEARCH_STATUSES.find((s) => s === config.alarmSearchStatus) ?? 'ANY'}
          onChange={(event) => set({ alarmSearchStatus: event.target.value })}
          size="small"
          margin="dense"
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.alarmStatus } as object } }}
        >
          {ALARM_SEARCH_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`alarm.search-status-${status.toLowerCase()}`)}
            </MenuItem>
          ))}
        </TextField>
        {noDataField}
      </Stack>
    );
  }

  const datasources = arrayOf<Datasource>(config.datasources);
  const setDatasources = (next: Datasource[]) => set({ datasources: next as unknown as JsonObject[] });
  const { maxDatasources, maxDataKeys } = typeParameters;
  const withoutKeys = new Set(datasourcesWithoutKeys(config, kind, typeParameters));
  return (
    <Stack spacing={1}>
      {kind === 'timeseries' && timewindow}
      <Typography variant="subtitle2">{t('widget-config.datasources')}</Typography>
      {datasources.length === 0 && (
        <Typography color="text.secondary" variant="body2">
          {t('widget-config.no-datasources')}
        </Typography>
      )}
      {datasources.map((datasource, index) => (
        <DatasourceEditor
          // biome-ignore lint/suspicious/noArrayIndexKey: datasources have no id; their place is who they are
          key={index}
          index={index}
          datasource={datasource}
          aliases={aliases}
          filters={filters}
          alarm={false}
          keyIndex={keyCount(datasources)}
          keySettingsSchema={keySettingsSchema}
          maxDataKeys={maxDataKeys}
          keysMissing={withoutKeys.has(index)}
          onChange={(changed) => setDatasources(datasources.map((d, i) => (i === index ? changed : d)))}
          onMove={datasources.length > 1 ? (to) => setDatasources(moved(datasources, index, to)) : undefined}
          onRemove={() => setDatasources(datasources.filter((_d, i) => i !== index))}
        />
      ))}
      {belowLimit(datasources.length, maxDatasources) ? (
        <Box>
          <Button
            startIcon={<Add />}
            data-testid={S.addDatasource}
            onClick={() =>
              setDatasources([
                ...datasources,
                { type: 'entity', entityAliasId: aliases[0]?.id ?? null, filterId: null, dataKeys: [] },
              ])
            }
          >
            {t('widget-config.add-datasource')}
          </Button>
        </Box>
      ) : (
        <Typography color="text.secondary" variant="body2" data-testid={S.datasourceLimit}>
          {t('widget-config.max-datasources', { max: maxDatasources })}
        </Typography>
      )}
      <FieldRow>
        <TextField
          label={t('widget-config.units')}
          value={typeof config.units === 'string' ? config.units : ''}
          onChange={(event) => set({ units: event.target.value })}
          size="small"
          margin="dense"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': S.units } }}
        />
        <TextField
          label={t('widget-config.decimals')}
          type="number"
          value={typeof config.decimals === 'number' ? config.decimals : ''}
          onChange={(event) => {
            const value = Number.parseInt(event.target.value, 10);
            set({ decimals: Number.isFinite(value) && value >= 0 ? value : null });
          }}
          size="small"
          margin="dense"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': S.decimals, min: 0, max: 15 } }}
        />
      </FieldRow>
      {noDataField}
    </Stack>
  );
}
