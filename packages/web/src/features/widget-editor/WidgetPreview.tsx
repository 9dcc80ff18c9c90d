import { type Dashboard, NULL_UUID, type WidgetTypeDescriptor } from '@meridian/common';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getDeviceInfos } from '../../api/devices';
import { getTimeseriesKeys } from '../../api/telemetry';
import { useServices } from '../../app/services/useServices';
import { EntityAutocomplete, type PickerOption } from '../../components/entity-table/EntityAutocomplete';
import { KeysListInput } from '../../components/KeysListInput';
import { PreviewDescriptorContext } from '../../dashboard/custom-widget/preview-descriptor';
import { DashboardViewer } from '../../dashboard/DashboardViewer';
import { widgetEditorSelectors as S } from './widget-editor-selectors';

/** The colours the preview gives its keys, in order (the reference's first series colours). */
const KEY_COLORS = ['#2196f3', '#4caf50', '#f44336', '#ffc107', '#607d8b', '#9c27b0'];
const ALIAS_ID = 'widget-preview-device';
const WIDGET_ID = 'widget-preview';

/**
 * The widget being edited, run on the real data of a device the user picks: a one-widget
 * dashboard in memory (never saved) whose alias is that device and whose datasource has the keys
 * typed here, shown by the dashboard viewer with the draft descriptor in place of the stored type.
 */
export function WidgetPreview({
  descriptor,
  bundleAlias,
  typeAlias,
  title,
}: {
  /** The descriptor as last run (Run / Ctrl+Enter), not as being typed. */
  descriptor: WidgetTypeDescriptor;
  bundleAlias: string;
  typeAlias: string;
  title: string;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [device, setDevice] = useState<PickerOption | null>(null);
  const [keys, setKeys] = useState<string[]>([]);
  const dashboard = useMemo(
    () => (device ? previewDashboard(descriptor, { bundleAlias, typeAlias, title }, device.id, keys) : null),
    [descriptor, bundleAlias, typeAlias, title, device, keys],
  );
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: '100%' }}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', px: 1 }}>
        <Box sx={{ flex: 1 }}>
          <EntityAutocomplete<PickerOption>
            label={t('widget-editor.preview-device')}
            value={device}
            onChange={setDevice}
            queryKey={['widget-editor', 'preview-devices']}
            search={async (text, signal) =>
              (
                await getDeviceInfos(
                  http,
                  { kind: 'tenant' },
                  {},
                  { pageSize: 20, page: 0, textSearch: text },
                  { signal },
                )
              ).data.map((info) => ({ id: info.id.id, label: info.name }))
            }
            noOptionsText={(text) =>
              text ? t('widget-editor.no-devices-matching', { text }) : t('widget-editor.no-devices')
            }
            testId={S.previewDevice}
            size="small"
          />
        </Box>
        <Box sx={{ flex: 1 }}>
          <KeysListInput
            label={t('widget-editor.preview-keys')}
            value={keys}
            onChange={setKeys}
            {...(device
              ? {
                  suggestions: {
                    queryKey: ['widget-editor', 'preview-keys', device.id],
                    load: (signal: AbortSignal) =>
                      getTimeseriesKeys(http, { entityType: 'DEVICE', id: device.id }, { signal }),
                  },
                }
              : {})}
            testId={S.previewKeys}
          />
        </Box>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, position: 'relative', overflow: 'auto' }} data-testid={S.preview}>
        {dashboard ? (
          <PreviewDescriptorContext.Provider value={descriptor}>
            <DashboardViewer key={dashboard.id.id} dashboard={dashboard} hideToolbar />
          </PreviewDescriptorContext.Provider>
        ) : (
          <Typography color="text.secondary" sx={{ p: 2 }}>
            {t('widget-editor.choose-device')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

/** The one-widget dashboard of the preview. */
export function previewDashboard(
  descriptor: WidgetTypeDescriptor,
  type: { bundleAlias: string; typeAlias: string; title: string },
  deviceId: string,
  keys: readonly string[],
): Dashboard {
  let defaults: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(descriptor.defaultConfig || '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      defaults = parsed as Record<string, unknown>;
  } catch {
    // A broken default config previews with the console's defaults.
  }
  const dataKeys = keys.map((name, index) => ({
    name,
    type: 'timeseries',
    label: name,
    color: KEY_COLORS[index % KEY_COLORS.length],
    settings: {},
  }));
  const config = {
    ...defaults,
    title: type.title,
    datasources: descriptor.type === 'static' ? [] : [{ type: 'entity', entityAliasId: ALIAS_ID, dataKeys }],
    targetDeviceAliasIds: [ALIAS_ID],
    useDashboardTimewindow: true,
  };
  const sizeX = 24;
  const sizeY = 10;
  return {
    id: { entityType: 'DASHBOARD', id: `${WIDGET_ID}-${deviceId}` },
    createdTime: 0,
    tenantId: { entityType: 'TENANT', id: NULL_UUID },
    title: type.title,
    image: null,
    assignedCustomers: null,
    mobileHide: false,
    mobileOrder: null,
    configuration: {
      entityAliases: {
        [ALIAS_ID]: {
          id: ALIAS_ID,
          alias: 'Device',
          filter: {
            type: 'singleEntity',
            singleEntity: { entityType: 'DEVICE', id: deviceId },
            resolveMultiple: false,
          },
        },
      },
      widgets: {
        [WIDGET_ID]: {
          id: WIDGET_ID,
          bundleAlias: type.bundleAlias,
          typeAlias: type.typeAlias,
          type: descriptor.type,
          sizeX,
          sizeY,
          config,
        },
      },
      states: {
        default: {
          name: type.title,
          root: true,
          layouts: {
            main: {
              widgets: { [WIDGET_ID]: { sizeX, sizeY, row: 0, col: 0 } },
              gridSettings: { columns: 24, margin: 10, backgroundColor: 'transparent' },
            },
          },
        },
      },
      timewindow: { selectedTab: 0, realtime: { timewindowMs: 60_000 } },
      settings: { stateControllerId: 'entity', showTitle: false, showDashboardsSelect: false },
    },
  } as unknown as Dashboard;
}
