import { isJsonObject, type JsonObject, WIDGET_TYPES, type WidgetType } from '@meridian/common';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getWidgetTypeByAlias } from '../../../api/widgets';
import { useServices } from '../../../app/services/useServices';
import { findWidget } from '../../../widgets/registry';
import {
  effectiveDataKeySettingsSchema,
  effectiveSettingsSchema,
} from '../../../widgets/settings-schemas/class-settings-schema';
import { addWidget, type LayoutRef } from '../config-edit';
import type { DashboardEditor } from '../useDashboardEditor';
import { ActionsTab } from './ActionsTab';
import { AdvancedTab, hasLegend } from './AdvancedTab';
import { DataTab } from './DataTab';
import { datasourcesWithoutKeys } from './data-keys';
import { SettingsTab } from './SettingsTab';
import { useConfigTypeInfo } from './use-type-info';
import { widgetJsonOf, withWidgetConfig } from './widget-config-edit';
import { widgetConfigSelectors as S } from './widget-config-selectors';

/** What the config editor edits: a widget of the dashboard, or a new one it adds on Apply. */
export type WidgetConfigTarget =
  | { mode: 'edit'; widgetId: string }
  | { mode: 'add'; widgetId: string; widget: JsonObject; layoutRef: LayoutRef };

/** How long typing pauses before the dashboard shows the draft (the widget subscribes again). */
const PREVIEW_DELAY_MS = 300;

type TabId = 'data' | 'settings' | 'advanced' | 'actions';

/**
 * The widget configuration editor (reference §5.4, `tb-widget-config` in the edit widget side
 * panel and the Add widget dialog): the Data, Settings and Advanced tabs over a draft of the
 * widget's `config`, which the dashboard shows live behind it. Apply writes it as one undoable
 * edit (adding the widget in add mode); Decline drops it.
 */
export function WidgetConfigPanel({
  editor,
  target,
  onClose,
}: {
  editor: DashboardEditor;
  target: WidgetConfigTarget;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [widget] = useState<JsonObject | null>(() =>
    target.mode === 'add'
      ? target.widget
      : isJsonObject(editor.configuration)
        ? widgetJsonOf(editor.configuration, target.widgetId)
        : null,
  );
  const [draft, setDraft] = useState<JsonObject>(() =>
    widget && isJsonObject(widget.config) ? widget.config : {},
  );
  const [tab, setTab] = useState<TabId>('data');
  const [jsonErrors, setJsonErrors] = useState<ReadonlySet<string>>(new Set());
  const onJsonValidity = useCallback(
    (key: string, invalid: boolean) =>
      setJsonErrors((current) => {
        if (current.has(key) === invalid) return current;
        const next = new Set(current);
        if (invalid) next.add(key);
        else next.delete(key);
        return next;
      }),
    [],
  );

  const bundleAlias = typeof widget?.bundleAlias === 'string' ? widget.bundleAlias : '';
  const typeAlias = typeof widget?.typeAlias === 'string' ? widget.typeAlias : '';
  const isSystem = widget?.isSystemType !== false;
  const type = useQuery({
    queryKey: ['widget-config', 'type', isSystem, bundleAlias, typeAlias],
    queryFn: ({ signal }) => getWidgetTypeByAlias(http, isSystem, bundleAlias, typeAlias, { signal }),
    enabled: Boolean(bundleAlias && typeAlias),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const savedKind = widget?.type;
  const kind: WidgetType =
    type.data?.descriptor.type ??
    ((WIDGET_TYPES as readonly unknown[]).includes(savedKind) ? (savedKind as WidgetType) : 'latest');
  const typeInfo = useConfigTypeInfo(bundleAlias, typeAlias, type.data?.descriptor);
  const keysMissing = datasourcesWithoutKeys(draft, kind, typeInfo.typeParameters).length > 0;

  const change = useCallback(
    (configuration: JsonObject): JsonObject =>
      target.mode === 'edit'
        ? withWidgetConfig(configuration, target.widgetId, draft)
        : addWidget(configuration, target.layoutRef, { ...target.widget, config: draft }, target.widgetId),
    [target, draft],
  );

  // The dashboard shows the draft a moment after each change, and the saved widget again on close.
  const { preview } = editor;
  useEffect(() => {
    const timer = setTimeout(() => preview(change), PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [preview, change]);
  useEffect(() => () => preview(null), [preview]);

  const apply = () => {
    preview(null);
    editor.edit(change);
    editor.select(target.widgetId);
    onClose();
  };
  const decline = () => {
    preview(null);
    onClose();
  };
  const invalid = jsonErrors.size > 0 || keysMissing;
  const title = typeof draft.title === 'string' ? draft.title : '';

  return (
    <Drawer
      anchor="right"
      variant="persistent"
      open
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 560 }, boxShadow: 8 } } }}
    >
      <Box data-testid={S.panel} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            pl: 2,
            pr: 1,
            minHeight: 56,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          <Typography variant="h6" noWrap sx={{ flex: 1 }}>
            {target.mode === 'add'
              ? t('widget-config.add-title', { title })
              : t('widget-config.edit-title', { title })}
          </Typography>
          <Tooltip title={t('action.close')}>
            <IconButton aria-label={t('action.close')} onClick={decline}>
              <Close />
            </IconButton>
          </Tooltip>
        </Box>
        <Tabs value={tab} onChange={(_event, value: TabId) => setTab(value)} variant="fullWidth">
          <Tab value="data" label={t('widget-config.tab-data')} data-testid={S.tab('data')} />
          <Tab value="settings" label={t('widget-config.tab-settings')} data-testid={S.tab('settings')} />
          <Tab value="advanced" label={t('widget-config.tab-advanced')} data-testid={S.tab('advanced')} />
          <Tab value="actions" label={t('widget-config.tab-actions')} data-testid={S.tab('actions')} />
        </Tabs>
        <Box sx={{ flex: 1, overflow: 'auto', p: 2 }}>
          {!widget ? (
            <Alert severity="error">{t('widget-config.widget-missing')}</Alert>
          ) : type.isPending && bundleAlias && typeAlias ? (
            <CircularProgress sx={{ display: 'block', mx: 'auto' }} />
          ) : (
            <>
              {type.isError && (
                <Alert severity="warning" sx={{ mb: 1 }}>
                  {t('widget-config.type-missing')}
                </Alert>
              )}
              {typeInfo.error && (
                <Alert severity="warning" sx={{ mb: 1 }} data-testid={S.typeInfoError}>
                  {t('widget-config.type-info-failed', { error: typeInfo.error })}
                </Alert>
              )}
              <Box hidden={tab !== 'data'}>
                <DataTab
                  config={draft}
                  onChange={setDraft}
                  kind={kind}
                  configuration={isJsonObject(editor.configuration) ? editor.configuration : {}}
                  keySettingsSchema={effectiveDataKeySettingsSchema(
                    bundleAlias,
                    typeAlias,
                    type.data?.descriptor.dataKeySettingsSchema,
                  )}
                  noDataMessage={findWidget({ bundleAlias, typeAlias })?.noDataMessage === true}
                  typeParameters={typeInfo.typeParameters}
                />
              </Box>
              <Box hidden={tab !== 'settings'}>
                <SettingsTab
                  config={draft}
                  onChange={setDraft}
                  settingsSchema={effectiveSettingsSchema(
                    bundleAlias,
                    typeAlias,
                    type.data?.descriptor.settingsSchema,
                  )}
                  onJsonValidity={onJsonValidity}
                />
              </Box>
              <Box hidden={tab !== 'advanced'}>
                <AdvancedTab
                  config={draft}
                  onChange={setDraft}
                  legend={hasLegend(bundleAlias, typeAlias)}
                  onJsonValidity={onJsonValidity}
                />
              </Box>
              <Box hidden={tab !== 'actions'}>
                <ActionsTab
                  config={draft}
                  onChange={setDraft}
                  sources={typeInfo.actionSources}
                  configuration={isJsonObject(editor.configuration) ? editor.configuration : {}}
                />
              </Box>
            </>
          )}
        </Box>
        {jsonErrors.size > 0 && (
          <Alert severity="error" data-testid={S.settingsError} sx={{ mx: 2, mb: 1 }}>
            {t('widget-config.invalid-json-blocks')}
          </Alert>
        )}
        {keysMissing && (
          <Alert severity="error" data-testid={S.keysMissing} sx={{ mx: 2, mb: 1 }}>
            {t('widget-config.data-keys-missing-blocks')}
          </Alert>
        )}
        <Box
          sx={{
            display: 'flex',
            justifyContent: 'flex-end',
            gap: 1,
            p: 1.5,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Button onClick={decline} data-testid={S.decline}>
            {target.mode === 'add' ? t('action.cancel') : t('widget-config.decline')}
          </Button>
          <Button variant="contained" onClick={apply} disabled={invalid || !widget} data-testid={S.apply}>
            {target.mode === 'add' ? t('action.add') : t('widget-config.apply')}
          </Button>
        </Box>
      </Box>
    </Drawer>
  );
}
