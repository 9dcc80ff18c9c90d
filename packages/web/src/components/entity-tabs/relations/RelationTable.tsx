import type { EntityId, EntityRelationInfo, EntitySearchDirection, EntityType } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityTable } from '../../entity-table/EntityTable';
import type { EntityActionContext, EntityTableConfig } from '../../entity-table/types';
import { clientPage, useDropOnUnmount, wholeList } from '../client-page';
import { entityTypeLabel } from '../entity-type-labels';
import { entityTabsSelectors } from '../selectors';
import { RelationDialog } from './RelationDialog';
import type { RelationsTabApi } from './types';

const S = entityTabsSelectors.relations;

/** One row: a relation with the type and name of the entity at its other end. */
export interface RelationRow {
  id: { id: string };
  createdTime: number;
  relation: EntityRelationInfo;
  type: string;
  /** Translated type of the entity at the other end. */
  entityType: string;
  entityName: string;
}

const rowId = (r: EntityRelationInfo) =>
  [r.from.entityType, r.from.id, r.type, r.typeGroup, r.to.entityType, r.to.id].join('|');

export interface RelationTableProps {
  entityId: EntityId;
  api: RelationsTabApi;
  /** Entity types a new relation may point at. */
  targetTypes: readonly EntityType[];
}

type Dialog = { relation: EntityRelationInfo | null } | null;

/**
 * The Relations tab (reference console §4.5): direction From / To the entity; type, other end's
 * entity type and name; add, edit (additional info) and delete, one or several. The whole list is
 * loaded, then searched, sorted and paged in the browser.
 */
export function RelationTable({ entityId: givenId, api, targetTypes }: RelationTableProps) {
  // One id object per entity, whatever the caller passes on each render.
  const entityId = useMemo(
    () => ({ entityType: givenId.entityType, id: givenId.id }),
    [givenId.entityType, givenId.id],
  );
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [direction, setDirection] = useState<EntitySearchDirection>('FROM');
  const [dialog, setDialog] = useState<Dialog>(null);
  const baseKey = useMemo(
    () => ['entity-tabs', 'relations', entityId.entityType, entityId.id] as const,
    [entityId.entityType, entityId.id],
  );
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: baseKey });
  };
  useDropOnUnmount([...baseKey, 'all']);

  const config = useMemo((): EntityTableConfig<RelationRow, FieldValues> => {
    const from = direction === 'FROM';
    const rowOf = (relation: EntityRelationInfo): RelationRow => ({
      id: { id: rowId(relation) },
      createdTime: 0,
      relation,
      type: relation.type,
      entityType: entityTypeLabel(t, from ? relation.to.entityType : relation.from.entityType),
      entityName: from ? relation.toName : relation.fromName,
    });
    const confirmDelete = (rows: RelationRow[], context: EntityActionContext) => {
      const [only] = rows;
      if (rows.length === 1 && only) {
        return context.confirm({
          title: from
            ? t('relation.delete-to-relation-title', { entityName: only.entityName })
            : t('relation.delete-from-relation-title', { entityName: only.entityName }),
          message: from
            ? t('relation.delete-to-relation-text', { entityName: only.entityName })
            : t('relation.delete-from-relation-text', { entityName: only.entityName }),
        });
      }
      return context.confirm({
        title: t('relation.delete-relations-title', { count: rows.length }),
        message: t('relation.delete-relations-text'),
      });
    };
    return {
      testId: 'relations',
      title: from ? t('relation.from-relations') : t('relation.to-relations'),
      entityName: (row) => `${row.type} ${row.entityName}`,
      noEntitiesText: t('relation.no-relations-text'),
      queryKey: baseKey,
      listKey: [direction],
      defaultSort: { property: 'type', direction: 'ASC' },
      fetchPage: async (pageLink) => {
        const all = await wholeList(queryClient, [...baseKey, 'all', direction], (signal) =>
          api.getRelations(entityId, direction, signal),
        );
        return clientPage(all.map(rowOf), pageLink, ['type', 'entityType', 'entityName']);
      },
      headerFilter: (
        <Box sx={{ width: 160, maxWidth: '100%' }}>
          <TextField
            select
            fullWidth
            size="small"
            label={t('relation.direction')}
            value={direction}
            onChange={(event) => setDirection(event.target.value as EntitySearchDirection)}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.direction } as object } }}
          >
            <MenuItem value="FROM">{t('relation.direction-from')}</MenuItem>
            <MenuItem value="TO">{t('relation.direction-to')}</MenuItem>
          </TextField>
        </Box>
      ),
      columns: [
        // The type tells what a relation means: a phone shows it next to the related entity.
        { key: 'type', label: t('relation.type'), value: (row) => row.type, keepOnPhone: true },
        {
          key: 'entityType',
          label: from ? t('relation.to-entity-type') : t('relation.from-entity-type'),
          value: (row) => row.entityType,
        },
        {
          key: 'entityName',
          label: from ? t('relation.to-entity-name') : t('relation.from-entity-name'),
          value: (row) => row.entityName,
        },
      ],
      addActions: [
        {
          id: 'addRelation',
          label: t('relation.add'),
          icon: <Add fontSize="small" />,
          onAction: () => setDialog({ relation: null }),
        },
      ],
      rowActions: [
        {
          id: 'editRelation',
          label: t('relation.edit'),
          icon: <Edit fontSize="small" />,
          onAction: (row) => setDialog({ relation: row.relation }),
        },
        {
          id: 'deleteRelation',
          label: t('relation.delete'),
          icon: <Delete fontSize="small" />,
          onAction: async (row, context) => {
            if (await confirmDelete([row], context)) {
              try {
                await api.deleteRelation(row.relation);
              } finally {
                context.refresh();
              }
            }
          },
        },
      ],
      groupActions: [
        {
          id: 'delete',
          label: t('relation.delete-relations'),
          icon: <Delete />,
          onAction: async (rows, context) => {
            if (await confirmDelete(rows, context)) {
              await Promise.allSettled(rows.map((row) => api.deleteRelation(row.relation)));
              context.refresh();
            }
          },
        },
      ],
    };
  }, [t, queryClient, api, entityId, direction, baseKey]);

  return (
    <>
      <EntityTable config={config} />
      {dialog && (
        <RelationDialog
          entityId={entityId}
          direction={direction}
          relation={dialog.relation}
          targetTypes={targetTypes}
          searchEntities={api.searchEntities}
          onClose={() => setDialog(null)}
          onSave={async (relation) => {
            await api.saveRelation(relation);
            setDialog(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
