import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { MouseEvent, PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { editorSelectors } from './editor-selectors';

/**
 * What covers a widget in edit mode: it takes the pointer from the widget (a drag anywhere moves
 * the widget, the corner handle resizes it), outlines the selected widget, and shows the edit, copy
 * and delete buttons on hover or selection. A double click opens the widget's config editor.
 */
export function WidgetEditChrome({
  widgetId,
  selected,
  invalid,
  onMoveStart,
  onResizeStart,
  onEdit,
  onCopy,
  onDelete,
  onContextMenu,
}: {
  widgetId: string;
  selected: boolean;
  /** The place it is dragged to is taken: the drop will not move it. */
  invalid: boolean;
  onMoveStart: (event: PointerEvent<HTMLElement>) => void;
  onResizeStart: (event: PointerEvent<HTMLElement>) => void;
  onEdit: () => void;
  onCopy: () => void;
  onDelete: () => void;
  onContextMenu: (event: MouseEvent<HTMLElement>) => void;
}) {
  const { t } = useTranslation();
  const stop = (event: PointerEvent) => event.stopPropagation();
  const copyLabel = t('dashboard-editor.copy-widget');
  const deleteLabel = t('dashboard-editor.delete-widget');
  const editLabel = t('dashboard-editor.edit-widget');
  return (
    <Box
      data-testid={editorSelectors.widgetChrome(widgetId)}
      aria-selected={selected}
      onPointerDown={onMoveStart}
      onContextMenu={onContextMenu}
      onDoubleClick={onEdit}
      sx={{
        position: 'absolute',
        inset: 0,
        zIndex: 2,
        cursor: 'move',
        touchAction: 'none',
        borderRadius: 1,
        outline: invalid ? '2px solid' : selected ? '2px solid' : '1px dashed',
        outlineColor: invalid ? 'error.main' : selected ? 'primary.main' : 'divider',
        bgcolor: invalid ? 'rgba(211, 47, 47, 0.08)' : 'transparent',
        '& .widget-edit-actions': { opacity: selected ? 1 : 0, transition: 'opacity 120ms' },
        '&:hover .widget-edit-actions, &:focus-within .widget-edit-actions': { opacity: 1 },
      }}
    >
      <Box
        className="widget-edit-actions"
        onPointerDown={stop}
        onDoubleClick={(event) => event.stopPropagation()}
        sx={{
          position: 'absolute',
          top: 4,
          right: 4,
          display: 'flex',
          gap: 0.5,
          bgcolor: 'background.paper',
          borderRadius: 1,
          boxShadow: 1,
        }}
      >
        <Tooltip title={editLabel}>
          <IconButton
            size="small"
            aria-label={editLabel}
            data-testid={editorSelectors.widgetEdit}
            onClick={onEdit}
          >
            <Edit fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={copyLabel}>
          <IconButton
            size="small"
            aria-label={copyLabel}
            data-testid={editorSelectors.widgetCopy}
            onClick={onCopy}
          >
            <ContentCopy fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={deleteLabel}>
          <IconButton
            size="small"
            aria-label={deleteLabel}
            data-testid={editorSelectors.widgetDelete}
            onClick={onDelete}
          >
            <Delete fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      <Box
        aria-hidden
        data-testid={editorSelectors.widgetResize}
        onPointerDown={(event) => {
          event.stopPropagation();
          onResizeStart(event);
        }}
        sx={{
          position: 'absolute',
          right: 0,
          bottom: 0,
          width: 16,
          height: 16,
          cursor: 'nwse-resize',
          borderRight: '3px solid',
          borderBottom: '3px solid',
          borderColor: selected ? 'primary.main' : 'text.disabled',
          borderBottomRightRadius: 4,
        }}
      />
    </Box>
  );
}
