import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useCallback, useContext, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dashboardRuntimeKeys } from '../../api/dashboard-runtime';
import { useCan } from '../../app/permissions/useCan';
import { useServices } from '../../app/services/useServices';
import { useConfirmDialog } from '../../components/entity-table/ConfirmDialog';
import { DashboardRuntimeContext } from '../../dashboard/dashboard-runtime-context';
import { EntitiesTable } from '../entities-table/EntitiesTable';
import type { TableRow } from '../table-parts/table-model';
import type { WidgetProps } from '../widget-definition';
import { AdminEntityDialog, EditEntityDialog } from './AdminEntityDialog';
import type { AdminKind } from './admin-kinds';
import { entityAdminSelectors as s } from './selectors';

type OpenDialog = { mode: 'add' } | { mode: 'edit'; entityId: string };

/**
 * Whether this viewer may add, edit and delete here: a tenant administrator (the server lets customer
 * users neither create nor delete devices and assets) on an open dashboard that is not a public
 * read-only view.
 */
function useManages(): { manages: boolean; dashboardId: string | null } {
  const runtime = useContext(DashboardRuntimeContext);
  const allowed = useCan('manageTenantEntities');
  const manages = allowed && runtime !== null && !runtime.readOnly;
  return { manages, dashboardId: runtime?.dashboardId ?? null };
}

/**
 * An entity admin table (reference `entity_admin_widgets`): the entities table of its datasources,
 * and for those who may, an "Add" button and per row "Edit" and "Delete", done natively with the
 * console's forms and REST calls instead of the reference's Angular dialogs. After a change the
 * dashboard's aliases resolve again, so an entity-type or type alias lists the new state.
 */
export function EntityAdminTable<E, V extends FieldValues>({
  config,
  data,
  kind,
}: Pick<WidgetProps, 'config' | 'data'> & { kind: AdminKind<E, V> }) {
  const { t } = useTranslation();
  const { http, queryClient } = useServices();
  const { manages, dashboardId } = useManages();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [confirmElement, confirm] = useConfirmDialog();

  const refresh = useCallback(() => {
    if (dashboardId)
      void queryClient.invalidateQueries({ queryKey: dashboardRuntimeKeys.aliases(dashboardId) });
    void queryClient.invalidateQueries({ queryKey: kind.queryKey });
  }, [queryClient, dashboardId, kind]);
  const close = useCallback(() => setDialog(null), []);
  const saved = useCallback(() => {
    setDialog(null);
    refresh();
  }, [refresh]);

  const remove = async (row: TableRow) => {
    const id = row.target?.entityId?.id;
    if (!id) return;
    const ok = await confirm({
      title: t(kind.texts.deleteTitle, { name: row.target?.entityName ?? '' }),
      message: t(kind.texts.deleteText),
      okLabel: t('action.delete'),
      cancelLabel: t('action.cancel'),
    });
    if (!ok) return;
    try {
      await kind.remove(http, id);
    } catch {
      // The HTTP client shows why.
      return;
    }
    refresh();
  };

  const rowButtons = (row: TableRow) => {
    const entityId = row.target?.entityId;
    // A table over mixed aliases may list other entity types: those it does not manage.
    if (entityId?.entityType !== kind.entityType) return null;
    return (
      <>
        <Tooltip title={t(kind.texts.edit)}>
          <IconButton
            size="small"
            aria-label={t(kind.texts.edit)}
            data-testid={s.editButton}
            onClick={(event) => {
              // The row's own click action must not run as well.
              event.stopPropagation();
              setDialog({ mode: 'edit', entityId: entityId.id });
            }}
          >
            <Edit fontSize="small" />
          </IconButton>
        </Tooltip>
        <Tooltip title={t(kind.texts.delete)}>
          <IconButton
            size="small"
            aria-label={t(kind.texts.delete)}
            data-testid={s.deleteButton}
            onClick={(event) => {
              event.stopPropagation();
              void remove(row);
            }}
          >
            <Delete fontSize="small" />
          </IconButton>
        </Tooltip>
      </>
    );
  };

  const addButton = (
    <Tooltip title={t(kind.texts.add)}>
      <IconButton
        size="small"
        aria-label={t(kind.texts.add)}
        data-testid={s.addButton}
        onClick={() => setDialog({ mode: 'add' })}
      >
        <Add fontSize="small" />
      </IconButton>
    </Tooltip>
  );

  return (
    <>
      <EntitiesTable
        config={config}
        data={data}
        toolbar={manages ? addButton : undefined}
        ownRowActions={manages ? rowButtons : undefined}
      />
      {manages && dialog?.mode === 'add' && (
        <AdminEntityDialog kind={kind} entity={null} onClose={close} onSaved={saved} />
      )}
      {manages && dialog?.mode === 'edit' && (
        <EditEntityDialog kind={kind} entityId={dialog.entityId} onClose={close} onSaved={saved} />
      )}
      {confirmElement}
    </>
  );
}
