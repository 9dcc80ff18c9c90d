import {
  isSystemWidgetsBundle,
  type JsonObject,
  WIDGET_TYPES,
  type WidgetsBundle,
  type WidgetType,
  type WidgetTypeInfo,
} from '@meridian/common';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Close from '@mui/icons-material/Close';
import Search from '@mui/icons-material/Search';
import Widgets from '@mui/icons-material/Widgets';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bundleWidgetTypesQuery, getWidgetTypeByAlias, widgetsBundlesQuery } from '../../api/widgets';
import { useServices } from '../../app/services/useServices';
import { addWidget, type LayoutRef } from './config-edit';
import { editorSelectors } from './editor-selectors';
import type { DashboardEditor } from './useDashboardEditor';
import { newGuid, widgetOfType } from './widget-item';

/** The bundle shown only with edge support, which this console does not have (spec 3). */
const EDGE_BUNDLE_ALIAS = 'edge_widgets';

const TYPE_LABEL_KEYS: Record<WidgetType, string> = {
  timeseries: 'dashboard-editor.type-timeseries',
  latest: 'dashboard-editor.type-latest',
  rpc: 'dashboard-editor.type-rpc',
  alarm: 'dashboard-editor.type-alarm',
  static: 'dashboard-editor.type-static',
};

/** Bundles whose title contains the search text, ignoring case. */
export function matchingBundles(bundles: readonly WidgetsBundle[], search: string): WidgetsBundle[] {
  const text = search.trim().toLowerCase();
  return bundles.filter(
    (bundle) => bundle.alias !== EDGE_BUNDLE_ALIAS && (!text || bundle.title.toLowerCase().includes(text)),
  );
}

/**
 * The widget library beside the dashboard (reference §5.3 "Add widget"): the widgets bundles with
 * a search, then the chosen bundle's widget types, filtered by kind. Picking a type hands the new
 * widget to `onPick` (the Add widget dialog), else adds it to the layout at the first free place.
 */
export function WidgetLibraryPanel({
  open,
  onClose,
  layoutRef,
  editor,
  onPick,
}: {
  open: boolean;
  onClose: () => void;
  layoutRef: LayoutRef;
  editor: DashboardEditor;
  onPick?: (widget: JsonObject) => void;
}) {
  const { t } = useTranslation();
  const [bundle, setBundle] = useState<WidgetsBundle | null>(null);
  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}
    >
      <Box data-testid={editorSelectors.libraryPanel} sx={{ display: 'contents' }}>
        <Box
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1,
            minHeight: 56,
            borderBottom: 1,
            borderColor: 'divider',
          }}
        >
          {bundle && (
            <Tooltip title={t('dashboard-editor.back-to-bundles')}>
              <IconButton
                aria-label={t('dashboard-editor.back-to-bundles')}
                data-testid={editorSelectors.libraryBack}
                onClick={() => setBundle(null)}
              >
                <ArrowBack />
              </IconButton>
            </Tooltip>
          )}
          <Typography variant="h6" noWrap sx={{ flex: 1, pl: bundle ? 0 : 1 }}>
            {bundle ? bundle.title : t('dashboard-editor.select-bundle')}
          </Typography>
          <Tooltip title={t('action.close')}>
            <IconButton aria-label={t('action.close')} onClick={onClose}>
              <Close />
            </IconButton>
          </Tooltip>
        </Box>
        {bundle ? (
          <WidgetTypes
            bundle={bundle}
            onPick={() => {
              setBundle(null);
              onClose();
            }}
            layoutRef={layoutRef}
            editor={editor}
            onPickWidget={onPick}
          />
        ) : (
          <Bundles onPick={setBundle} />
        )}
      </Box>
    </Drawer>
  );
}

function Bundles({ onPick }: { onPick: (bundle: WidgetsBundle) => void }) {
  const { t } = useTranslation();
  const { http } = useServices();
  const [search, setSearch] = useState('');
  const bundles = useQuery(widgetsBundlesQuery(http));
  const shown = matchingBundles(bundles.data ?? [], search);
  return (
    <Box sx={{ p: 2, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <TextField
        size="small"
        autoFocus
        placeholder={t('dashboard-editor.search-bundles')}
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        slotProps={{
          htmlInput: {
            'data-testid': editorSelectors.bundleSearch,
            'aria-label': t('dashboard-editor.search-bundles'),
          },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search />
              </InputAdornment>
            ),
          },
        }}
      />
      {bundles.isPending && <CircularProgress sx={{ alignSelf: 'center' }} />}
      {bundles.isSuccess && shown.length === 0 && (
        <Typography color="text.secondary">{t('dashboard-editor.no-bundles')}</Typography>
      )}
      {shown.map((b) => (
        <Card key={b.id.id} variant="outlined">
          <CardActionArea
            data-testid={editorSelectors.bundle(b.alias)}
            onClick={() => onPick(b)}
            sx={{ display: 'flex', justifyContent: 'flex-start', gap: 2, p: 1.5 }}
          >
            <Preview image={b.image} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1">{b.title}</Typography>
              {b.description && (
                <Typography variant="body2" color="text.secondary">
                  {b.description}
                </Typography>
              )}
              {isSystemWidgetsBundle(b) && (
                <Typography variant="caption" color="text.secondary">
                  {t('dashboard-editor.system-bundle')}
                </Typography>
              )}
            </Box>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

function WidgetTypes({
  bundle,
  onPick,
  layoutRef,
  editor,
  onPickWidget,
}: {
  bundle: WidgetsBundle;
  onPick: () => void;
  layoutRef: LayoutRef;
  editor: DashboardEditor;
  onPickWidget: ((widget: JsonObject) => void) | undefined;
}) {
  const { t } = useTranslation();
  const { http, toasts } = useServices();
  const isSystem = isSystemWidgetsBundle(bundle);
  const types = useQuery(bundleWidgetTypesQuery(http, isSystem, bundle.alias));
  const [kind, setKind] = useState<WidgetType | 'all'>('all');
  const [adding, setAdding] = useState(false);
  const kinds = WIDGET_TYPES.filter((k) => types.data?.some((type) => type.widgetType === k));
  const shown = (types.data ?? []).filter((type) => kind === 'all' || type.widgetType === kind);

  const pick = async (info: WidgetTypeInfo) => {
    setAdding(true);
    try {
      const type = await getWidgetTypeByAlias(http, isSystem, info.bundleAlias, info.alias);
      const widget = widgetOfType(type, isSystem);
      if (onPickWidget) {
        onPickWidget(widget);
      } else {
        const id = newGuid();
        editor.edit((c) => addWidget(c, layoutRef, widget, id));
        editor.select(id);
      }
      onPick();
    } catch (error) {
      // A type that cannot be read is reported by the HTTP client; a broken default config here.
      if (!(error instanceof Error) || !('status' in error)) {
        toasts.show({ message: error instanceof Error ? error.message : String(error), type: 'error' });
      }
    } finally {
      setAdding(false);
    }
  };

  return (
    <Box sx={{ p: 2, overflow: 'auto', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {kinds.length > 1 && (
        <ToggleButtonGroup
          size="small"
          exclusive
          value={kind}
          onChange={(_event, value: WidgetType | 'all' | null) => value && setKind(value)}
          data-testid={editorSelectors.typeFilter}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="all">{t('dashboard-editor.type-all')}</ToggleButton>
          {kinds.map((k) => (
            <ToggleButton key={k} value={k}>
              {t(TYPE_LABEL_KEYS[k])}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      {types.isPending && <CircularProgress sx={{ alignSelf: 'center' }} />}
      {types.isSuccess && shown.length === 0 && (
        <Typography color="text.secondary">{t('dashboard-editor.no-widget-types')}</Typography>
      )}
      {shown.map((type) => (
        <Card key={type.id.id} variant="outlined">
          <CardActionArea
            disabled={adding}
            data-testid={editorSelectors.widgetType(type.alias)}
            onClick={() => void pick(type)}
            sx={{ display: 'flex', justifyContent: 'flex-start', gap: 2, p: 1.5 }}
          >
            <Preview image={type.image} />
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="subtitle1">{type.name}</Typography>
              <Typography variant="caption" color="text.secondary">
                {t(TYPE_LABEL_KEYS[type.widgetType] ?? TYPE_LABEL_KEYS.latest)}
              </Typography>
              {type.description && (
                <Typography variant="body2" color="text.secondary">
                  {type.description}
                </Typography>
              )}
            </Box>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
}

/** The preview image of a bundle or widget type, or a widgets icon where it has none. */
function Preview({ image }: { image: string | null }) {
  return (
    <Box
      sx={{
        width: 96,
        height: 64,
        flexShrink: 0,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        borderRadius: 1,
        overflow: 'hidden',
      }}
    >
      {image ? (
        <Box component="img" src={image} alt="" sx={{ maxWidth: '100%', maxHeight: '100%' }} />
      ) : (
        <Widgets color="disabled" />
      )}
    </Box>
  );
}
