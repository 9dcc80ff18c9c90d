import type { WidgetConfig } from '@meridian/common';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { CSSProperties, ReactNode } from 'react';
import { dashboardSelectors } from './selectors';

const stringOr = (value: unknown): string | undefined =>
  typeof value === 'string' && value ? value : undefined;
const styleOf = (value: unknown): CSSProperties =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as CSSProperties) : {};

/**
 * The card around a widget: its title (unless `showTitle` is false) in the config's title style,
 * and the config's background, text colour, padding and shadow.
 */
export function WidgetFrame({
  widgetId,
  config,
  headerEnd,
  children,
}: {
  widgetId: string;
  config: WidgetConfig;
  /** Shown at the end of the title row (the widget's own time window). */
  headerEnd?: ReactNode;
  children: ReactNode;
}) {
  const showTitle = config.showTitle !== false && Boolean(config.title);
  return (
    <Paper
      data-testid={dashboardSelectors.widget(widgetId)}
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
      }}
      style={styleOf(config.widgetStyle)}
    >
      {(showTitle || headerEnd) && (
        <div style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 0, flexShrink: 0 }}>
          {showTitle && (
            <Typography
              data-testid={dashboardSelectors.widgetTitle}
              component="h2"
              noWrap
              sx={{ fontSize: 16, fontWeight: 400, color: 'inherit', mb: 0.5, flex: 1, minWidth: 0 }}
              style={styleOf(config.titleStyle)}
            >
              {config.title}
            </Typography>
          )}
          {headerEnd && <div style={{ marginLeft: 'auto', minWidth: 0, flexShrink: 1 }}>{headerEnd}</div>}
        </div>
      )}
      <div style={{ flex: 1, minHeight: 0, position: 'relative' }}>{children}</div>
    </Paper>
  );
}
