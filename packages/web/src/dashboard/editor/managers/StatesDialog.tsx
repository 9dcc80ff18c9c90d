import type { JsonObject } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Search from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowIconButton } from '../../../components/editing/RowIconButton';
import { SaveCancelActions } from '../../../components/editing/SaveCancelActions';
import { useConfirmDialog } from '../../../components/entity-table/ConfirmDialog';
import { DialogFrame } from '../../../components/entity-table/DialogFrame';
import { managerSelectors } from './manager-selectors';
import { StateFormDialog } from './StateFormDialog';
import { deleteState, type StateRow, saveState, stateRows } from './states-edit';

type Change = (configuration: JsonObject) => JsonObject;

/**
 * The dashboard states (reference §5.3 "Manage dashboard states"): a searchable table of name, id
 * and root; add, edit, and delete of the states that are not root. The changes made here are
 * applied on Save, as one undoable edit.
 */
export function StatesDialog({
  configuration,
  onSave,
  onClose,
}: {
  configuration: JsonObject;
  onSave: (change: Change) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [confirmDialog, confirm] = useConfirmDialog();
  // The changes in order, replayed on the configuration current at Save.
  const [changes, setChanges] = useState<Change[]>([]);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<StateRow | 'new' | null>(null);
  const draft = changes.reduce((c, change) => change(c), configuration);
  const rows = stateRows(draft);
  const text = search.trim().toLowerCase();
  const shown = text
    ? rows.filter((row) => row.name.toLowerCase().includes(text) || row.id.toLowerCase().includes(text))
    : rows;
  const push = (change: Change) => setChanges((current) => [...current, change]);

  const remove = async (row: StateRow) => {
    const ok = await confirm({
      title: t('dashboard-managers.delete-state-title', { name: row.name }),
      message: t('dashboard-managers.delete-state-text'),
      okLabel: t('action.yes'),
      cancelLabel: t('action.no'),
    });
    if (ok) push((c) => deleteState(c, row.id));
  };

  const editedId = editing && editing !== 'new' ? editing.id : null;
  return (
    <>
      <DialogFrame
        title={t('dashboard-managers.manage-states')}
        onClose={onClose}
        maxWidth="md"
        dividers
        testId={managerSelectors.statesDialog}
        actions={
          <SaveCancelActions
            onCancel={onClose}
            onSave={() => onSave((c) => changes.reduce((acc, change) => change(acc), c))}
            cancelTestId={managerSelectors.dialogCancel}
            saveTestId={managerSelectors.dialogSave}
            saveDisabled={changes.length === 0}
          />
        }
      >
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 1 }}>
          <TextField
            size="small"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('dashboard-managers.search-states')}
            sx={{ flex: 1 }}
            slotProps={{
              htmlInput: {
                'data-testid': managerSelectors.statesSearch,
                'aria-label': t('dashboard-managers.search-states'),
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
          <Button
            startIcon={<Add />}
            onClick={() => setEditing('new')}
            data-testid={managerSelectors.stateAdd}
          >
            {t('dashboard-managers.add-state')}
          </Button>
        </Box>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard-managers.state-name')}</TableCell>
              <TableCell>{t('dashboard-managers.state-id')}</TableCell>
              <TableCell align="center">{t('dashboard-managers.state-root')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.map((row) => (
              <TableRow key={row.id} data-testid={managerSelectors.stateRow(row.id)}>
                <TableCell>{row.name}</TableCell>
                <TableCell>{row.id}</TableCell>
                <TableCell align="center">
                  {row.root && <Check fontSize="small" aria-label={t('dashboard-managers.state-root')} />}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <RowIconButton
                    label={t('dashboard-managers.edit-state')}
                    icon={<Edit fontSize="small" />}
                    onClick={() => setEditing(row)}
                    testId={managerSelectors.stateEdit(row.id)}
                  />
                  {!row.root && (
                    <RowIconButton
                      label={t('dashboard-managers.delete-state')}
                      icon={<Delete fontSize="small" />}
                      onClick={() => void remove(row)}
                      testId={managerSelectors.stateDelete(row.id)}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
            {shown.length === 0 && (
              <TableRow>
                <TableCell colSpan={4} align="center">
                  {t('dashboard-managers.no-states')}
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </DialogFrame>
      {editing && (
        <StateFormDialog
          state={editing === 'new' ? null : editing}
          takenIds={new Set(rows.map((row) => row.id).filter((id) => id !== editedId))}
          onClose={() => setEditing(null)}
          onSave={(row) => {
            push((c) => saveState(c, editedId, row));
            setEditing(null);
          }}
        />
      )}
      {confirmDialog}
    </>
  );
}
