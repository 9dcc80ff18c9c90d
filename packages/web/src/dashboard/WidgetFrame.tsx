import type { WidgetAction, WidgetConfig } from '@meridian/common';
import FileDownload from '@mui/icons-material/FileDownload';
import Fullscreen from '@mui/icons-material/Fullscreen';
import FullscreenExit from '@mui/icons-material/FullscreenExit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type CSSProperties, type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDashboardEditing } from './editor/dashboard-edit-context';
import { MaterialIcon } from './MaterialIcon';
import { dashboardSelectors } from './selectors';
import { scopeWidgetCss, widgetCssScopeClass } from './widget-css';

const stringOr = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;
const styleOf = (value: unknown): CSSProperties =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as CSSProperties) : {};
const pixels = (value: unknown, fallback: number): number => {
  const parsed = Number.parseInt(String(value ?? ''), 10);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : fallback;
};

/**
 * The card around a widget (reference console §5.2 "Widget header"): its title with icon and
 * tooltip (unless `showTitle` is false), the header action buttons, the CSV export and the
 * fullscreen toggle (`enableFullscreen`), and the config's background, text colour, padding, margin,
 * shadow, style and CSS (confined to this widget). Without a title the buttons float over the
 * widget's top right corner.
 */
export function WidgetFrame({
  widgetId,
  config,
  headerActions = [],
  onHeaderAction,
  onExport,
  headerEnd,
  children,
}: {
  widgetId: string;
  config: WidgetConfig;
  headerActions?: WidgetAction[];
  onHeaderAction?: (action: WidgetAction, anchor: HTMLElement) => void;
  /** Downloads the widget's data as CSV; no export button without it. */
  onExport?: () => void;
  /** Shown in the title row before the buttons (the widget's own time window). */
  headerEnd?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [fullscreen, setFullscreen] = useState(false);
  const showTitle = config.showTitle !== false && Boolean(config.title);
  const canFullscreen = config.enableFullscreen !== false;
  const icon = config.showTitleIcon === true ? stringOr(config.titleIcon) : undefined;
  const tooltip = stringOr(config.titleTooltip);
  const fullscreenLabel = t(fullscreen ? 'dashboard-viewer.exit-fullscreen' : 'dashboard-viewer.fullscreen');
  const exportLabel = t('dashboard-viewer.export-csv');
  // In edit mode the widget's own buttons give way to the editor's (copy, delete).
  const editing = useDashboardEditing() !== null;
  const scopeClass = widgetCssScopeClass(widgetId);
  const widgetCss = stringOr(config.widgetCss);
  const css = useMemo(
    () => (widgetCss ? scopeWidgetCss(widgetCss, `.${scopeClass}`) : ''),
    [widgetCss, scopeClass],
  );
  const buttons = !editing && (headerActions.length > 0 || canFullscreen || onExport) && (
    <Box sx={{ display: 'flex', alignItems: 'center', flexShrink: 0, ml: 'auto' }}>
      {headerActions.map((action, index) => (
        <Tooltip key={action.id ?? index} title={action.name}>
          <IconButton
            size="small"
            aria-label={action.name}
            data-testid={dashboardSelectors.widgetHeaderAction}
            onClick={(event) => onHeaderAction?.(action, event.currentTarget)}
            sx={{ color: 'inherit' }}
          >
            <MaterialIcon name={stringOr(action.icon) ?? 'more_horiz'} size={20} />
          </IconButton>
        </Tooltip>
      ))}
      {onExport && (
        <Tooltip title={exportLabel}>
          <IconButton
            size="small"
            aria-label={exportLabel}
            data-testid={dashboardSelectors.widgetExport}
            onClick={onExport}
            sx={{ color: 'inherit' }}
          >
            <FileDownload fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canFullscreen && (
        <Tooltip title={fullscreenLabel}>
          <IconButton
            size="small"
            aria-label={fullscreenLabel}
            aria-pressed={fullscreen}
            data-testid={dashboardSelectors.widgetFullscreen}
            onClick={() => setFullscreen((on) => !on)}
            sx={{ color: 'inherit' }}
          >
            {fullscreen ? <FullscreenExit fontSize="small" /> : <Fullscreen fontSize="small" />}
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
  const title = showTitle && (
    <Typography
      data-testid={dashboardSelectors.widgetTitle}
      component="h2"
      noWrap
      sx={{
        fontSize: 16,
        fontWeight: 400,
        color: 'inherit',
        minWidth: 0,
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
      }}
      style={styleOf(config.titleStyle)}
    >
      {icon && (
        <MaterialIcon name={icon} size={pixels(config.iconSize, 24)} color={stringOr(config.iconColor)} />
      )}
      <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {config.title}
      </Box>
    </Typography>
  );
  const margin = typeof config.margin === 'number' ? `${config.margin}px` : stringOr(config.margin);
  const card = (
    <Paper
      className={scopeClass}
      data-testid={dashboardSelectors.widget(widgetId)}
      data-fullscreen={fullscreen || undefined}
      elevation={config.dropShadow === false ? 0 : 1}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
        bgcolor: stringOr(config.backgroundColor),
        color: stringOr(config.color),
        p: stringOr(config.padding) ?? '8px',
        boxSizing: 'border-box',
        position: fullscreen ? 'fixed' : 'relative',
        ...(fullscreen ? { inset: 0, zIndex: (theme) => theme.zIndex.modal, borderRadius: 0 } : {}),
        '&:hover .widget-floating-buttons, &:focus-within .widget-floating-buttons': { opacity: 1 },
      }}
      style={styleOf(config.widgetStyle)}
    >
      {showTitle || headerEnd ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5, flexShrink: 0, minHeight: 28 }}>
          {tooltip && title ? <Tooltip title={tooltip}>{title}</Tooltip> : title}
          {headerEnd && <Box sx={{ ml: 'auto', minWidth: 0, flexShrink: 1 }}>{headerEnd}</Box>}
          {buttons}
        </Box>
      ) : (
        buttons && (
          <Box
            className="widget-floating-buttons"
            sx={{
              position: 'absolute',
              top: 2,
              right: 2,
              zIndex: 1,
              opacity: fullscreen ? 1 : 0,
              transition: 'opacity 150ms',
            }}
          >
            {buttons}
          </Box>
        )
      )}
      {css && <style>{css}</style>}
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>{children}</div>
    </Paper>
  );
  // The margin is space around the card inside its cell; a full-screen card fills the window.
  return margin && !fullscreen ? (
    <Box sx={{ height: '100%', p: margin, boxSizing: 'border-box' }}>{card}</Box>
  ) : (
    card
  );
}
