import Paper from '@mui/material/Paper';
import { useQueryClient } from '@tanstack/react-query';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { selectors } from '../../selectors';
import { useConfirmDialog } from './ConfirmDialog';
import { EntityDetailsView } from './EntityDetailsView';
import type { EntityActionContext, EntityTableConfig, RowAction, TableEntity } from './types';

export interface EntityDetailsPageProps<T extends TableEntity, V extends FieldValues> {
  config: EntityTableConfig<T, V>;
  entityId: string;
  /** Where the page goes after the entity is deleted. */
  listPath: string;
}

/**
 * The full-page details of one entity (`/<collection>/<id>`): the same header, form and tabs as the
 * drawer, under the route's breadcrumb.
 */
export function EntityDetailsPage<T extends TableEntity, V extends FieldValues>({
  config,
  entityId,
  listPath,
}: EntityDetailsPageProps<T, V>) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirmElement, confirm] = useConfirmDialog();
  const context: EntityActionContext = {
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: config.queryKey });
    },
    confirm,
    closeDetails: () => {
      void navigate(listPath);
    },
    // The details page runs no bulk actions (they act on a table's selection).
    reportBulk: () => {},
  };
  const runAction = (action: RowAction<T>, entity: T) => {
    void Promise.resolve(action.onAction(entity, context)).catch(() => undefined);
  };
  const onDelete = async (entity: T) => {
    const del = config.delete;
    if (!del || !(await confirm({ title: del.title(entity), message: del.message }))) {
      return;
    }
    try {
      await del.run(entity);
    } catch {
      return;
    }
    context.refresh();
    context.closeDetails();
  };
  return (
    <Paper data-testid={selectors.entityTable.detailsPage} sx={{ overflow: 'hidden' }}>
      <EntityDetailsView
        config={config}
        entityId={entityId}
        variant="page"
        listPath={listPath}
        context={context}
        onDelete={(entity) => void onDelete(entity)}
        runAction={runAction}
      />
      {confirmElement}
    </Paper>
  );
}
