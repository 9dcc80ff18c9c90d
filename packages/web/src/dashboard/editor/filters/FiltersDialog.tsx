import type { DashboardFilter, JsonObject } from '@meridian/common';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '../../../components/AddButton';
import { RowIconButton } from '../../../components/editing/RowIconButton';
import { SaveCancelActions } from '../../../components/editing/SaveCancelActions';
import { useConfirmDialog } from '../../../components/entity-table/ConfirmDialog';
import { DialogFrame } from '../../../components/entity-table/DialogFrame';
import { useFormatters } from '../../../i18n/useFormatters';
import { newGuid } from '../widget-item';
import { FilterDialog } from './FilterDialog';
import { filterSelectors as S } from './filter-selectors';
import { filterSummary } from './filter-summary';
import { filtersOf, widgetsUsingFilter, withFilters } from './filter-values';

export interface FiltersDialogProps {
  /** The edited configuration: its filters, and its widgets for the removal question. */
  configuration: JsonObject;
  /** Saves the edited list as a change of the configuration (one undoable edit). */
  onSave: (change: (configuration: JsonObject) => JsonObject) => void;
  onClose: () => void;
}

/**
 * The named filters of the dashboard (reference console §5.3): name, key filters in one line and
 * whether viewers may edit it; add, edit, remove. Changes are kept here until Save, which makes
 * them one undoable edit of the dashboard.
 */
export function FiltersDialog({ configuration, onSave, onClose }: FiltersDialogProps) {
  const { t } = useTranslation();
  const formats = useFormatters();
  const [filters, setFilters] = useState<DashboardFilter[]>(() => filtersOf(configuration));
  const [editing, setEditing] = useState<{ filter: DashboardFilter; isNew: boolean } | null>(null);
  const [confirmDialog, confirm] = useConfirmDialog();

  const remove = async (filter: DashboardFilter) => {
    const widgets = widgetsUsingFilter(configuration, filter.id);
    if (widgets.length > 0) {
      const ok = await confirm({
        title: t('dashboard-filters.remove-used-title', { filter: filter.filter }),
        message: t('dashboard-filters.remove-used-text', { widgets: widgets.join(', ') }),
        okLabel: t('action.yes'),
        cancelLabel: t('action.no'),
      });
      if (!ok) return;
    }
    setFilters((current) => current.filter((item) => item.id !== filter.id));
  };
  const save = (saved: DashboardFilter) => {
    setFilters((current) =>
      current.some((item) => item.id === saved.id)
        ? current.map((item) => (item.id === saved.id ? saved : item))
        : [...current, saved],
    );
    setEditing(null);
  };
  const add = () =>
    setEditing({
      filter: { id: newGuid(), filter: '', keyFilters: [], editable: true },
      isNew: true,
    });

  return (
    <DialogFrame
      title={t('dashboard-filters.title')}
      onClose={onClose}
      maxWidth="md"
      dividers
      testId={S.dialog}
      actions={
        <SaveCancelActions
          onCancel={onClose}
          onSave={() => onSave((current) => withFilters(current, filters))}
          cancelTestId={S.cancel}
          saveTestId={S.save}
        />
      }
    >
      {filters.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('dashboard-filters.none')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard-filters.name')}</TableCell>
              <TableCell>{t('device-profile.alarm-rules.key-filters')}</TableCell>
              <TableCell>{t('dashboard-filters.editable')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {filters.map((filter) => (
              <TableRow key={filter.id} data-testid={S.row(filter.filter)}>
                <TableCell>{filter.filter}</TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {filterSummary(filter, t, formats.dateTime)}
                </TableCell>
                <TableCell padding="checkbox">
                  <Checkbox
                    size="small"
                    checked={filter.editable !== false}
                    disabled
                    slotProps={{ input: { 'aria-label': t('dashboard-filters.editable') } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <RowIconButton
                    label={t('dashboard-filters.edit')}
                    icon={<Edit fontSize="small" />}
                    onClick={() => setEditing({ filter, isNew: false })}
                    testId={S.edit(filter.filter)}
                  />
                  <RowIconButton
                    label={t('dashboard-filters.remove')}
                    icon={<Delete fontSize="small" />}
                    onClick={() => void remove(filter)}
                    testId={S.remove(filter.filter)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AddButton label={t('dashboard-filters.add')} onClick={add} testId={S.add} />
      {editing && (
        <FilterDialog
          filter={editing.filter}
          isNew={editing.isNew}
          filters={filters}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmDialog}
    </DialogFrame>
  );
}
