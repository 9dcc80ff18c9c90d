import type { JsonObject } from '@meridian/common';
import Settings from '@mui/icons-material/Settings';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../../components/entity-table/DialogFrame';
import type { LayoutId } from '../config-edit';
import { GridSettingsDialog } from './GridSettingsDialog';
import {
  type GridSettingsForm,
  gridSettingsForm,
  hasRightLayout,
  setGridSettings,
  setRightLayout,
} from './layouts-edit';
import { managerSelectors } from './manager-selectors';

/**
 * The layouts of the current state (reference §5.3 "Manage layouts"): the main layout, a switch for
 * the right one, a settings button for each. Save applies everything as one undoable edit.
 */
export function LayoutsDialog({
  configuration,
  stateId,
  onSave,
  onClose,
}: {
  configuration: JsonObject;
  stateId: string;
  onSave: (change: (configuration: JsonObject) => JsonObject) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [right, setRight] = useState(() => hasRightLayout(configuration, stateId));
  const [grids, setGrids] = useState<Partial<Record<LayoutId, GridSettingsForm>>>({});
  const [editing, setEditing] = useState<LayoutId | null>(null);
  // A right layout switched on here starts with the main layout's settings, as it will be saved.
  const draft = setRightLayout(configuration, stateId, right);
  const gridOf = (layoutId: LayoutId) => grids[layoutId] ?? gridSettingsForm(draft, { stateId, layoutId });

  const save = () =>
    onSave((current) => {
      let next = setRightLayout(current, stateId, right);
      for (const layoutId of ['main', 'right'] as const) {
        const grid = grids[layoutId];
        if (grid && (layoutId === 'main' || right)) next = setGridSettings(next, { stateId, layoutId }, grid);
      }
      return next;
    });

  const layoutCard = (layoutId: LayoutId, label: string) => {
    const settingsLabel = t('dashboard-managers.layout-settings', { layout: label });
    return (
      <Paper
        variant="outlined"
        sx={{ flex: 1, p: 2, minHeight: 120, display: 'flex', flexDirection: 'column' }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Typography sx={{ flex: 1 }}>{label}</Typography>
          <Tooltip title={settingsLabel}>
            <IconButton
              aria-label={settingsLabel}
              data-testid={managerSelectors.layoutSettings(layoutId)}
              onClick={() => setEditing(layoutId)}
            >
              <Settings />
            </IconButton>
          </Tooltip>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {t('dashboard-managers.columns-count', { count: gridOf(layoutId).columns })}
        </Typography>
      </Paper>
    );
  };

  return (
    <>
      <DialogFrame
        title={t('dashboard-managers.manage-layouts')}
        onClose={onClose}
        maxWidth="sm"
        testId={managerSelectors.layoutsDialog}
        actions={
          <>
            <Button onClick={onClose} data-testid={managerSelectors.dialogCancel}>
              {t('action.cancel')}
            </Button>
            <Button variant="contained" onClick={save} data-testid={managerSelectors.dialogSave}>
              {t('action.save')}
            </Button>
          </>
        }
      >
        <FormControlLabel
          control={
            <Switch
              checked={right}
              onChange={(_event, checked) => setRight(checked)}
              slotProps={{ input: { 'data-testid': managerSelectors.rightLayoutToggle } as object }}
            />
          }
          label={t('dashboard-managers.right-layout')}
        />
        <Box sx={{ display: 'flex', gap: 2, mt: 1 }}>
          {layoutCard('main', t('dashboard-managers.main-layout'))}
          {right && layoutCard('right', t('dashboard-managers.right-layout-name'))}
        </Box>
      </DialogFrame>
      {editing && (
        <GridSettingsDialog
          title={t('dashboard-managers.layout-settings', {
            layout: t(
              editing === 'main' ? 'dashboard-managers.main-layout' : 'dashboard-managers.right-layout-name',
            ),
          })}
          value={gridOf(editing)}
          onClose={() => setEditing(null)}
          onSave={(grid) => {
            setGrids((current) => ({ ...current, [editing]: grid }));
            setEditing(null);
          }}
        />
      )}
    </>
  );
}
