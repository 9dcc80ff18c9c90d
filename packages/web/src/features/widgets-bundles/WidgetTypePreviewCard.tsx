import type { WidgetTypeDetails } from '@meridian/common';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import FileDownload from '@mui/icons-material/FileDownload';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DashboardWidget } from '../../dashboard/runtime/dashboard-model';
import { WidgetHost } from '../../dashboard/WidgetHost';
import { WidgetMessage } from '../../dashboard/WidgetMessage';
import { widgetLibrarySelectors as S } from './widget-library-selectors';

/** Height of a live preview; its width is the grid column's. */
export const PREVIEW_HEIGHT_PX = 240;

/**
 * One widget type of the library: its default config rendered by the viewer's widget (or why it
 * cannot be), its name under it, and the actions the user may take on it.
 */
export function WidgetTypePreviewCard({
  type,
  widget,
  onEdit,
  onExport,
  onRemove,
}: {
  type: WidgetTypeDetails;
  /** The preview widget; none when the type's default config does not parse. */
  widget: DashboardWidget | undefined;
  /** Absent where the user may not change the type. */
  onEdit?: () => void;
  onExport: () => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const action = (label: string, icon: ReactNode, onClick: () => void, testId: string) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick} data-testid={testId}>
        {icon}
      </IconButton>
    </Tooltip>
  );
  return (
    <Paper
      variant="outlined"
      data-testid={S.library.type(type.alias)}
      sx={{ display: 'flex', flexDirection: 'column', overflow: 'hidden' }}
    >
      <Box sx={{ height: PREVIEW_HEIGHT_PX, position: 'relative', p: 1, bgcolor: 'background.default' }}>
        {widget ? (
          <WidgetHost widget={widget} />
        ) : (
          <WidgetMessage text={t('widget-type.preview-unavailable')} />
        )}
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, px: 1.5, py: 0.5 }}>
        <Typography variant="subtitle2" noWrap sx={{ flex: 1 }} title={type.name}>
          {type.name}
        </Typography>
        {onEdit && action(t('widget-type.edit'), <Edit fontSize="small" />, onEdit, S.library.edit)}
        {action(t('widget-type.export'), <FileDownload fontSize="small" />, onExport, S.library.export)}
        {onRemove && action(t('widget-type.remove'), <Delete fontSize="small" />, onRemove, S.library.remove)}
      </Box>
    </Paper>
  );
}
