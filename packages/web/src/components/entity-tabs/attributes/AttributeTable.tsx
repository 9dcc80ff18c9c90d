import type { AttributeData, AttributeScope, EntityId, JsonValue, PageLink } from '@meridian/common';
import Add from '@mui/icons-material/Add';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EntityTable } from '../../entity-table/EntityTable';
import type { EntityTableConfig } from '../../entity-table/types';
import { clientPage, useDropOnUnmount, wholeList } from '../client-page';
import { entityTabsSelectors } from '../selectors';
import { AddAttributeDialog } from './AddAttributeDialog';
import { EditAttributeValuePanel } from './EditAttributeValuePanel';
import { LiveOverlay } from './live-overlay';
import { type AttributesTabApi, type LivePoint, SERVER_ATTRIBUTE_SCOPES } from './types';
import { valueText } from './value-input';

const S = entityTabsSelectors.attributes;

/** One row: an attribute, or the latest point of a time-series key. */
export interface AttributeRow {
  /** The key, as the framework's row id. */
  id: { id: string };
  createdTime: number;
  key: string;
  lastUpdateTs: number;
  value: JsonValue;
}

const rowOf = (data: AttributeData): AttributeRow => ({
  id: { id: data.key },
  createdTime: data.lastUpdateTs,
  key: data.key,
  lastUpdateTs: data.lastUpdateTs,
  value: data.value,
});

const SCOPE_LABELS: Record<AttributeScope, string> = {
  CLIENT_SCOPE: 'attribute.scope-client',
  SERVER_SCOPE: 'attribute.scope-server',
  SHARED_SCOPE: 'attribute.scope-shared',
};

export interface AttributeTableProps {
  entityId: EntityId;
  api: AttributesTabApi;
  /** `attributes`: the entity's attributes of the chosen scope; `telemetry`: its latest time series. */
  kind: 'attributes' | 'telemetry';
  /** Scopes offered (a selector shows when there are several); the first is shown first. */
  scopes?: readonly AttributeScope[];
}

/**
 * The Attributes / Latest telemetry tab (reference console §4.2): last update time, key and value;
 * the whole list is loaded, then searched by key, sorted and paged in the browser. Server and shared
 * attributes can be added, edited in place (click the value) and deleted; client attributes are
 * read-only. Latest telemetry can be refreshed and its keys deleted with all their data.
 *
 * With `api.live` the list follows the entity: an attribute subscription of the shown scope (or a
 * latest time-series subscription) lays each new value over the loaded list.
 */
export function AttributeTable({
  entityId: givenId,
  api,
  kind,
  scopes = SERVER_ATTRIBUTE_SCOPES,
}: AttributeTableProps) {
  // One id object per entity, whatever the caller passes on each render.
  const entityId = useMemo(
    () => ({ entityType: givenId.entityType, id: givenId.id }),
    [givenId.entityType, givenId.id],
  );
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<AttributeScope>(scopes[0] ?? 'SERVER_SCOPE');
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<{ row: AttributeRow; anchor: HTMLElement } | null>(null);
  const telemetry = kind === 'telemetry';
  const listName = telemetry ? 'LATEST_TELEMETRY' : scope;
  const baseKey = useMemo(
    () => ['entity-tabs', kind, entityId.entityType, entityId.id] as const,
    [kind, entityId.entityType, entityId.id],
  );
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: baseKey });
  };
  useDropOnUnmount([...baseKey, 'all']);
  const editable = !telemetry && scope !== 'CLIENT_SCOPE';

  // One overlay per shown list: a new scope starts from its own REST list and subscription.
  // biome-ignore lint/correctness/useExhaustiveDependencies: listName and entityId name the list.
  const overlay = useMemo(() => new LiveOverlay(), [listName, entityId]);
  const onLive = (points: ReadonlyMap<string, LivePoint>) => {
    const newKey = overlay.apply(points);
    const listKey = [...baseKey, 'all', listName];
    if (newKey && editable) {
      // The socket sends text: reload the list so a new editable value gets its real type.
      void queryClient.invalidateQueries({ queryKey: listKey });
      void queryClient.invalidateQueries({ queryKey: [...baseKey, 'table', listName] });
      return;
    }
    const loaded = queryClient.getQueryData<AttributeData[]>(listKey);
    if (!loaded) {
      return; // The list is loading; its page is built with the overlay when it arrives.
    }
    const rows = overlay.merge(loaded).map(rowOf);
    // Repaint the cached pages in place (the entity table keys them [...queryKey, 'table', ...listKey,
    // pageLink]): no refetch, so a stream of values does not flash the progress bar.
    for (const [key] of queryClient.getQueriesData({ queryKey: [...baseKey, 'table', listName] })) {
      const pageLink = key.at(-1) as PageLink;
      queryClient.setQueryData(key, clientPage(rows, pageLink, ['key']));
    }
  };
  const liveHandler = useRef(onLive);
  useEffect(() => {
    liveHandler.current = onLive;
  });
  const live = api.live;
  useEffect(() => {
    if (!live) {
      return undefined;
    }
    const listener = (points: ReadonlyMap<string, LivePoint>) => liveHandler.current(points);
    return telemetry ? live.latestTelemetry(entityId, listener) : live.attributes(entityId, scope, listener);
  }, [live, entityId, telemetry, scope]);

  const config = useMemo((): EntityTableConfig<AttributeRow, FieldValues> => {
    const deletable = telemetry || scope !== 'CLIENT_SCOPE';
    const valueCell = (row: AttributeRow) => {
      const text = valueText(row.value);
      if (!editable) {
        return (
          <span data-testid={S.value} style={{ wordBreak: 'break-word' }}>
            {text}
          </span>
        );
      }
      return (
        <ButtonBase
          onClick={(event) => {
            event.stopPropagation();
            setEditing({ row, anchor: event.currentTarget });
          }}
          aria-label={t('attribute.edit-value', { key: row.key })}
          data-testid={S.value}
          sx={{
            gap: 1,
            px: 0.5,
            borderRadius: 1,
            textAlign: 'left',
            justifyContent: 'flex-start',
            wordBreak: 'break-word',
            font: 'inherit',
          }}
        >
          <span>{text}</span>
          <Edit fontSize="small" color="action" />
        </ButtonBase>
      );
    };
    return {
      testId: telemetry ? 'telemetry' : 'attributes',
      title: telemetry ? t('attribute.latest-telemetry') : t(SCOPE_LABELS[scope]),
      entityName: (row) => row.key,
      noEntitiesText: telemetry ? t('attribute.no-telemetry-text') : t('attribute.no-attributes-text'),
      queryKey: baseKey,
      listKey: [listName],
      defaultSort: { property: 'key', direction: 'ASC' },
      fetchPage: async (pageLink) => {
        const all = await wholeList(queryClient, [...baseKey, 'all', listName], async (signal) => {
          const token = overlay.beginLoad();
          const rows = await (telemetry
            ? api.getLatestTelemetry(entityId, signal)
            : api.getAttributes(entityId, scope, signal));
          overlay.loaded(token, rows);
          return rows;
        });
        return clientPage(overlay.merge(all).map(rowOf), pageLink, ['key']);
      },
      headerFilter:
        !telemetry && scopes.length > 1 ? (
          <Box sx={{ width: 220, maxWidth: '100%' }}>
            <TextField
              select
              fullWidth
              size="small"
              label={t('attribute.attributes-scope')}
              value={scope}
              onChange={(event) => {
                setEditing(null);
                setScope(event.target.value as AttributeScope);
              }}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.scope } as object } }}
            >
              {scopes.map((item) => (
                <MenuItem key={item} value={item}>
                  {t(SCOPE_LABELS[item])}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        ) : undefined,
      columns: [
        {
          key: 'lastUpdateTs',
          label: t('attribute.last-update-time'),
          kind: 'date',
          value: (row) => row.lastUpdateTs,
          width: '180px',
        },
        { key: 'key', label: t('attribute.key'), value: (row) => row.key, copyText: (row) => row.key },
        {
          key: 'value',
          label: t('attribute.value'),
          sortable: false,
          keepOnPhone: true,
          value: valueCell,
          copyText: (row) => valueText(row.value) || null,
        },
      ],
      addActions: editable
        ? [
            {
              id: 'addAttribute',
              label: t('attribute.add'),
              icon: <Add fontSize="small" />,
              onAction: () => setAdding(true),
            },
          ]
        : [],
      groupActions: deletable
        ? [
            {
              id: 'delete',
              label: telemetry ? t('attribute.delete-telemetry') : t('attribute.delete-attributes'),
              icon: <Delete />,
              onAction: async (rows, context) => {
                const keys = rows.map((row) => row.key);
                const ok = await context.confirm({
                  title: telemetry
                    ? t('attribute.delete-telemetry-title', { count: keys.length })
                    : t('attribute.delete-attributes-title', { count: keys.length }),
                  message: telemetry
                    ? t('attribute.delete-telemetry-text')
                    : t('attribute.delete-attributes-text'),
                });
                if (!ok) {
                  return;
                }
                try {
                  await (telemetry
                    ? api.deleteTelemetry(entityId, keys)
                    : api.deleteAttributes(entityId, scope, keys));
                  overlay.forget(keys);
                } finally {
                  context.refresh();
                }
              },
            },
          ]
        : [],
    };
  }, [t, queryClient, api, entityId, telemetry, scope, scopes, listName, baseKey, editable, overlay]);

  return (
    <>
      <EntityTable config={config} />
      {adding && (
        <AddAttributeDialog
          onClose={() => setAdding(false)}
          onAdd={async (key, value) => {
            await api.saveAttributes(entityId, scope, { [key]: value });
            setAdding(false);
            refresh();
          }}
        />
      )}
      {editing && (
        <EditAttributeValuePanel
          anchor={editing.anchor}
          attributeKey={editing.row.key}
          value={editing.row.value}
          onClose={() => setEditing(null)}
          onSave={async (value) => {
            await api.saveAttributes(entityId, scope, { [editing.row.key]: value });
            setEditing(null);
            refresh();
          }}
        />
      )}
    </>
  );
}
