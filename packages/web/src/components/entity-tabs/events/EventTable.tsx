import type { EntityEvent, EntityId, EventType } from '@meridian/common';
import DeleteSweep from '@mui/icons-material/DeleteSweep';
import FilterList from '@mui/icons-material/FilterList';
import FilterListOff from '@mui/icons-material/FilterListOff';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useConfirmDialog } from '../../entity-table/ConfirmDialog';
import { EntityTable } from '../../entity-table/EntityTable';
import type { EntityTableConfig } from '../../entity-table/types';
import { HistoryWindowButton } from '../history-window/HistoryWindowButton';
import {
  DEFAULT_HISTORY_WINDOW,
  type HistoryWindow,
  historyWindowRange,
} from '../history-window/history-window';
import { entityTabsSelectors } from '../selectors';
import { EventContentDialog } from './EventContentDialog';
import { EventFilterDialog } from './EventFilterDialog';
import { bodyText, CONTENT_FIELD_LABELS, type ContentField, eventColumns } from './event-columns';
import { activeFields, toEventFilter } from './event-filter-fields';
import type { EventFilterFields, EventsTabApi } from './types';

const S = entityTabsSelectors.events;

/** Message keys of the event type names. */
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  ERROR: 'event.type-error',
  LC_EVENT: 'event.type-lc-event',
  STATS: 'event.type-stats',
  DEBUG_RULE_NODE: 'event.type-debug-rule-node',
  DEBUG_RULE_CHAIN: 'event.type-debug-rule-chain',
};

export interface EventTableProps {
  entityId: EntityId;
  api: EventsTabApi;
  /** The types offered, the first being the one the tab opens on (see `eventTypesOf`). */
  eventTypes: readonly EventType[];
  /** Current time; Date.now by default. */
  now?: () => number;
}

/**
 * The Events tab (reference console §4.4): one event type at a time within a time window (the last
 * day to start with), newest first, with the columns of that type; an Events filter with the type's
 * fields, Clear filter, and Clear events (those the filter selects in the window, after asking).
 * Long texts open in a content viewer. Refresh reloads, as the reference's table does.
 */
export function EventTable({ entityId: givenId, api, eventTypes, now = Date.now }: EventTableProps) {
  const entityId = useMemo(
    () => ({ entityType: givenId.entityType, id: givenId.id }),
    [givenId.entityType, givenId.id],
  );
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirmElement, confirm] = useConfirmDialog();
  const [type, setType] = useState<EventType>(eventTypes[0] ?? 'ERROR');
  const [timeWindow, setTimeWindow] = useState<HistoryWindow>(DEFAULT_HISTORY_WINDOW);
  // Each type keeps its own filter while the tab is open, as switching types back and forth expects.
  const [filters, setFilters] = useState<Partial<Record<EventType, EventFilterFields>>>({});
  const [filterOpen, setFilterOpen] = useState(false);
  const [content, setContent] = useState<{ title: string; text: string } | null>(null);
  const queryKey = useMemo(
    () => ['entity-tabs', 'events', entityId.entityType, entityId.id] as const,
    [entityId.entityType, entityId.id],
  );
  const fields = filters[type];

  const config = useMemo((): EntityTableConfig<EntityEvent, FieldValues> => {
    const filter = toEventFilter(type, fields ?? {});
    const filtered = activeFields(type, fields ?? {}).length;
    const view = (event: EntityEvent, field: ContentField) =>
      setContent({ title: t(CONTENT_FIELD_LABELS[field]), text: bodyText(event, field) });
    const clearEvents = async () => {
      const ok = await confirm({
        title: t('event.clear-events-title'),
        message: t('event.clear-events-text'),
      });
      if (!ok) return;
      // A failure is shown by the HTTP client; the list then shows what is left.
      await api.clearEvents(entityId, filter, historyWindowRange(timeWindow, now())).catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey });
    };
    return {
      testId: 'events',
      title: t('event.events'),
      entityName: (event) => t(EVENT_TYPE_LABELS[event.type as EventType] ?? event.type),
      noEntitiesText: t('event.no-events-prompt'),
      queryKey,
      listKey: [type, timeWindow, filter],
      fetchPage: (pageLink, signal) =>
        api.getEvents(
          entityId,
          { pageLink: { ...pageLink, ...historyWindowRange(timeWindow, now()) }, filter },
          signal,
        ),
      headerFilter: (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('event.event-type')}
            value={type}
            onChange={(change) => setType(change.target.value as EventType)}
            sx={{ width: 180, maxWidth: '100%' }}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': S.eventType } as object } }}
          >
            {eventTypes.map((choice) => (
              <MenuItem key={choice} value={choice}>
                {t(EVENT_TYPE_LABELS[choice])}
              </MenuItem>
            ))}
          </TextField>
          <HistoryWindowButton value={timeWindow} onChange={setTimeWindow} testIds={S} now={now} />
          <Tooltip title={t('event.events-filter')}>
            <IconButton
              aria-label={t('event.events-filter')}
              onClick={() => setFilterOpen(true)}
              data-testid={S.filter}
            >
              <Badge badgeContent={filtered} color="primary">
                <FilterList />
              </Badge>
            </IconButton>
          </Tooltip>
          {filtered > 0 && (
            <Tooltip title={t('event.clear-filter')}>
              <IconButton
                aria-label={t('event.clear-filter')}
                onClick={() => setFilters((prev) => ({ ...prev, [type]: {} }))}
                data-testid={S.clearFilter}
              >
                <FilterListOff />
              </IconButton>
            </Tooltip>
          )}
          <Tooltip title={t('event.clear-events')}>
            <IconButton
              aria-label={t('event.clear-events')}
              onClick={() => void clearEvents()}
              data-testid={S.clearEvents}
            >
              <DeleteSweep />
            </IconButton>
          </Tooltip>
        </Box>
      ),
      columns: eventColumns(t, type, view),
    };
  }, [t, api, entityId, eventTypes, queryKey, queryClient, confirm, now, type, timeWindow, fields]);

  return (
    <>
      <EntityTable config={config} />
      {filterOpen && (
        <EventFilterDialog
          type={type}
          value={fields ?? {}}
          onApply={(next) => {
            setFilters((prev) => ({ ...prev, [type]: next }));
            setFilterOpen(false);
          }}
          onClose={() => setFilterOpen(false)}
        />
      )}
      {content && (
        <EventContentDialog title={content.title} content={content.text} onClose={() => setContent(null)} />
      )}
      {confirmElement}
    </>
  );
}
