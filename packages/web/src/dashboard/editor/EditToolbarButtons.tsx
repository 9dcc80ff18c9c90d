import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import Edit from '@mui/icons-material/Edit';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EntityAliasesButton } from './aliases/EntityAliasesButton';
import type { AddWidgetActions } from './DashboardEditSession';
import { editorSelectors } from './editor-selectors';
import { FiltersButton } from './filters/FiltersButton';
import { ManagerButtons } from './managers/ManagerButtons';
import type { DashboardEditor } from './useDashboardEditor';

/** The pencil that turns edit mode on (shown to users who may save the dashboard). */
export function EnterEditButton({ editor }: { editor: DashboardEditor }) {
  const { t } = useTranslation();
  const label = t('dashboard-editor.edit');
  return (
    <Tooltip title={label}>
      <IconButton aria-label={label} data-testid={editorSelectors.edit} onClick={editor.start}>
        <Edit />
      </IconButton>
    </Tooltip>
  );
}

/**
 * The toolbar of edit mode: the managers (states, layouts, settings, entity aliases, filters), add
 * widget (from the library or a file), undo, redo, decline, apply.
 */
export function EditToolbarButtons({ editor, add }: { editor: DashboardEditor; add: AddWidgetActions }) {
  const { t } = useTranslation();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const undoLabel = t('dashboard-editor.undo');
  const redoLabel = t('dashboard-editor.redo');
  const addLabel = t('dashboard-editor.add-widget');
  const declineLabel = t('action.decline');
  // One group with small gaps, the rarely used entries as icons with tooltips: the toolbar keeps
  // one line at 1280 px with the managers' entries (reference §5.3).
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexWrap: 'wrap' }}>
      <ManagerButtons />
      <EntityAliasesButton editor={editor} />
      <FiltersButton editor={editor} />
      <Tooltip title={addLabel}>
        <IconButton
          aria-label={addLabel}
          data-testid={editorSelectors.addWidget}
          aria-haspopup="menu"
          onClick={(event) => setMenu(event.currentTarget)}
        >
          <Add />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem
          data-testid={editorSelectors.createWidget}
          onClick={() => {
            setMenu(null);
            add.openLibrary();
          }}
        >
          {t('dashboard-editor.create-widget')}
        </MenuItem>
        <MenuItem
          data-testid={editorSelectors.importWidget}
          onClick={() => {
            setMenu(null);
            add.importWidget();
          }}
        >
          {t('dashboard-editor.import-widget')}
        </MenuItem>
      </Menu>
      <Tooltip title={undoLabel}>
        <span>
          <IconButton
            aria-label={undoLabel}
            data-testid={editorSelectors.undo}
            disabled={!editor.canUndo}
            onClick={editor.undo}
          >
            <Undo />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={redoLabel}>
        <span>
          <IconButton
            aria-label={redoLabel}
            data-testid={editorSelectors.redo}
            disabled={!editor.canRedo}
            onClick={editor.redo}
          >
            <Redo />
          </IconButton>
        </span>
      </Tooltip>
      <Tooltip title={declineLabel}>
        <IconButton aria-label={declineLabel} data-testid={editorSelectors.decline} onClick={editor.decline}>
          <Close />
        </IconButton>
      </Tooltip>
      <Button
        variant="contained"
        startIcon={<Check />}
        data-testid={editorSelectors.apply}
        disabled={editor.saving}
        onClick={() => void editor.apply()}
      >
        {t('action.apply')}
      </Button>
    </Box>
  );
}
