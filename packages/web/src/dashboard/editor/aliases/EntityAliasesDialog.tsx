import type { EntityAlias, EntityId, JsonObject } from '@meridian/common';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Checkbox from '@mui/material/Checkbox';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { entitySelectApi } from '../../../api/entity-select';
import { useServices } from '../../../app/services/useServices';
import { AddButton } from '../../../components/AddButton';
import { RowIconButton } from '../../../components/editing/RowIconButton';
import { SaveCancelActions } from '../../../components/editing/SaveCancelActions';
import { useConfirmDialog } from '../../../components/entity-table/ConfirmDialog';
import { DialogFrame } from '../../../components/entity-table/DialogFrame';
import { entityTypeLabel } from '../../../components/entity-tabs/entity-type-labels';
import { newGuid } from '../widget-item';
import { AliasDialog } from './AliasDialog';
import { aliasesOf, widgetsUsingAlias, withAliases } from './alias-config';
import { aliasFilterSummary, newFilterDraft, offersResolveMultiple } from './alias-filter-values';
import { aliasSelectors as S } from './alias-selectors';

/** Names of the entities single-entity aliases name, for their summaries (by id, once loaded). */
function useSingleEntityNames(aliases: readonly EntityAlias[]): Record<string, string> {
  const { http } = useServices();
  const api = useMemo(() => entitySelectApi(http), [http]);
  const ids = aliases.flatMap((alias) => {
    const entity = (alias.filter as { singleEntity?: EntityId | null }).singleEntity;
    return alias.filter.type === 'singleEntity' && entity?.id ? [entity] : [];
  });
  const results = useQueries({
    queries: ids.map((id) => ({
      queryKey: ['entity-select', 'names', id.id],
      queryFn: ({ signal }: { signal: AbortSignal }) => api.entityNames([id], signal),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  return Object.assign({}, ...results.map((result) => result.data ?? {}));
}

export interface EntityAliasesDialogProps {
  /** The edited configuration: its aliases, and its widgets for the removal question. */
  configuration: JsonObject;
  /** Saves the edited list as a change of the configuration (one undoable edit). */
  onSave: (change: (configuration: JsonObject) => JsonObject) => void;
  onClose: () => void;
}

/**
 * The entity aliases of the dashboard (reference console §5.3): name, filter summary and "resolve
 * as multiple entities" of each; add, edit, remove. Changes are kept here until Save, which makes
 * them one undoable edit of the dashboard.
 */
export function EntityAliasesDialog({ configuration, onSave, onClose }: EntityAliasesDialogProps) {
  const { t } = useTranslation();
  const [aliases, setAliases] = useState<EntityAlias[]>(() => aliasesOf(configuration));
  const [editing, setEditing] = useState<{ alias: EntityAlias; isNew: boolean } | null>(null);
  const [confirmDialog, confirm] = useConfirmDialog();
  const typeName = (type: string) => entityTypeLabel(t, type);
  const names = useSingleEntityNames(aliases);

  const remove = async (alias: EntityAlias) => {
    const widgets = widgetsUsingAlias(configuration, alias.id);
    if (widgets.length > 0) {
      const ok = await confirm({
        title: t('dashboard-aliases.remove-used-title', { alias: alias.alias }),
        message: t('dashboard-aliases.remove-used-text', { widgets: widgets.join(', ') }),
        okLabel: t('action.yes'),
        cancelLabel: t('action.no'),
      });
      if (!ok) return;
    }
    setAliases((current) => current.filter((item) => item.id !== alias.id));
  };
  const save = (saved: EntityAlias) => {
    setAliases((current) =>
      current.some((item) => item.id === saved.id)
        ? current.map((item) => (item.id === saved.id ? saved : item))
        : [...current, saved],
    );
    setEditing(null);
  };
  const add = () =>
    setEditing({
      alias: { id: newGuid(), alias: '', filter: newFilterDraft('singleEntity') as never },
      isNew: true,
    });

  return (
    <DialogFrame
      title={t('dashboard-aliases.title')}
      onClose={onClose}
      maxWidth="md"
      dividers
      testId={S.dialog}
      actions={
        <SaveCancelActions
          onCancel={onClose}
          onSave={() => onSave((current) => withAliases(current, aliases))}
          cancelTestId={S.cancel}
          saveTestId={S.save}
        />
      }
    >
      {aliases.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          {t('dashboard-aliases.none')}
        </Typography>
      ) : (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('dashboard-aliases.name')}</TableCell>
              <TableCell>{t('dashboard-aliases.filter')}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('dashboard-aliases.resolve-multiple')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {aliases.map((alias) => (
              <TableRow key={alias.id} data-testid={S.row(alias.alias)}>
                <TableCell>{alias.alias}</TableCell>
                <TableCell>{aliasFilterSummary(alias.filter, t, typeName, (id) => names[id.id])}</TableCell>
                <TableCell padding="checkbox">
                  {offersResolveMultiple(alias.filter.type) && (
                    <Checkbox
                      size="small"
                      checked={alias.filter.resolveMultiple === true}
                      disabled
                      slotProps={{ input: { 'aria-label': t('dashboard-aliases.resolve-multiple') } }}
                    />
                  )}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <RowIconButton
                    label={t('dashboard-aliases.edit')}
                    icon={<Edit fontSize="small" />}
                    onClick={() => setEditing({ alias, isNew: false })}
                    testId={S.edit(alias.alias)}
                  />
                  <RowIconButton
                    label={t('dashboard-aliases.remove')}
                    icon={<Delete fontSize="small" />}
                    onClick={() => void remove(alias)}
                    testId={S.remove(alias.alias)}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <AddButton label={t('dashboard-aliases.add')} onClick={add} testId={S.add} />
      {editing && (
        <AliasDialog
          alias={editing.alias}
          isNew={editing.isNew}
          aliases={aliases}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      {confirmDialog}
    </DialogFrame>
  );
}
