import BugReport from '@mui/icons-material/BugReport';
import Close from '@mui/icons-material/Close';
import Delete from '@mui/icons-material/Delete';
import Done from '@mui/icons-material/Done';
import FileDownload from '@mui/icons-material/FileDownload';
import FileUpload from '@mui/icons-material/FileUpload';
import Redo from '@mui/icons-material/Redo';
import Undo from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { selectors } from '../../../selectors';

function ToolButton(props: {
  label: string;
  testId: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  const { label, testId, disabled = false, onClick, children } = props;
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} data-testid={testId} disabled={disabled} onClick={onClick}>
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The editor's bar: chain name, undo / redo, delete selected, export / import, decline and apply. */
export function EditorToolbar(props: {
  name: string;
  dirty: boolean;
  saving: boolean;
  canUndo: boolean;
  canRedo: boolean;
  canRevert: boolean;
  onUndo: () => void;
  onRedo: () => void;
  onDeleteSelected: () => void;
  /** Present when some node is in debug mode. */
  onResetDebug?: (() => void) | undefined;
  onExport: () => void;
  onImport: () => void;
  onRevert: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  const s = selectors.ruleChains;
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        px: 1,
        py: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography variant="h6" data-testid={s.editorTitle} sx={{ flex: 1, minWidth: 0 }} noWrap>
        {props.name}
        {props.dirty ? ' *' : ''}
      </Typography>
      <ToolButton
        label={t('rule-chain.undo')}
        testId={s.undo}
        disabled={!props.canUndo}
        onClick={props.onUndo}
      >
        <Undo />
      </ToolButton>
      <ToolButton
        label={t('rule-chain.redo')}
        testId={s.redo}
        disabled={!props.canRedo}
        onClick={props.onRedo}
      >
        <Redo />
      </ToolButton>
      <ToolButton
        label={t('rule-chain.delete-selected')}
        testId={s.deleteSelected}
        onClick={props.onDeleteSelected}
      >
        <Delete />
      </ToolButton>
      <ToolButton
        label={t('rule-chain.reset-debug-mode')}
        testId={s.resetDebug}
        disabled={!props.onResetDebug}
        onClick={() => props.onResetDebug?.()}
      >
        <BugReport />
      </ToolButton>
      <ToolButton label={t('rule-chain.export')} testId={s.exportChain} onClick={props.onExport}>
        <FileDownload />
      </ToolButton>
      <ToolButton label={t('rule-chain.import')} testId={s.importChain} onClick={props.onImport}>
        <FileUpload />
      </ToolButton>
      <Button
        startIcon={<Close />}
        data-testid={s.revert}
        disabled={!props.canRevert || props.saving}
        onClick={props.onRevert}
      >
        {t('action.decline')}
      </Button>
      <Button
        variant="contained"
        startIcon={<Done />}
        data-testid={s.save}
        disabled={!props.dirty || props.saving}
        onClick={props.onSave}
      >
        {t('action.apply')}
      </Button>
    </Box>
  );
}
