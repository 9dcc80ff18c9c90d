import type { EntityEvent, EventType } from '@meridian/common';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { EntityColumn } from '../../entity-table/types';
import { entityTabsSelectors } from '../selectors';

const S = entityTabsSelectors.events;

/** A body field of an event as text ('' when absent). */
export function bodyText(event: EntityEvent, name: string): string {
  const body = event.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return '';
  const value = (body as Record<string, unknown>)[name];
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Long texts (message data, metadata, error) that open in the content dialog. */
export type ContentField = 'data' | 'metadata' | 'error';

const CONTENT_LABELS: Record<ContentField, string> = {
  data: 'event.data',
  metadata: 'event.metadata',
  error: 'event.error',
};

/**
 * The columns of one event type (reference console §4.4): Error → time, server, method, error;
 * Lifecycle → time, server, event, status, error; Statistics → time, server, counts; Debug →
 * time, server, direction, originator type, message id and type, relation, data, metadata, error.
 * Only the event time sorts (reference: `createdTime, id`).
 */
export function eventColumns(
  t: (key: string) => string,
  type: EventType,
  view: (event: EntityEvent, field: ContentField) => void,
): EntityColumn<EntityEvent>[] {
  const text = (key: string, label: string, keepOnPhone = false): EntityColumn<EntityEvent> => ({
    key,
    label: t(label),
    sortable: false,
    keepOnPhone,
    value: (event) => bodyText(event, key),
  });
  const content = (field: ContentField): EntityColumn<EntityEvent> => ({
    key: field,
    label: t(CONTENT_LABELS[field]),
    sortable: false,
    width: '1%',
    value: (event) =>
      bodyText(event, field) === '' ? (
        ''
      ) : (
        <Tooltip title={t(CONTENT_LABELS[field])}>
          <IconButton
            size="small"
            aria-label={t(CONTENT_LABELS[field])}
            onClick={(click) => {
              click.stopPropagation();
              view(event, field);
            }}
            data-testid={S.view(field)}
          >
            <MoreHoriz fontSize="small" />
          </IconButton>
        </Tooltip>
      ),
  });
  const time: EntityColumn<EntityEvent> = {
    key: 'createdTime',
    label: t('event.event-time'),
    kind: 'date',
    keepOnPhone: true,
    value: (event) => event.createdTime,
  };
  switch (type) {
    case 'ERROR':
      return [time, text('server', 'event.server'), text('method', 'event.method', true), content('error')];
    case 'LC_EVENT':
      return [
        time,
        text('server', 'event.server'),
        text('event', 'event.event', true),
        {
          key: 'success',
          label: t('event.status'),
          sortable: false,
          value: (event) => {
            const body = event.body as Record<string, unknown> | null;
            if (typeof body?.success !== 'boolean') return '';
            return body.success ? t('event.success') : t('event.failure');
          },
        },
        content('error'),
      ];
    case 'STATS':
      return [
        time,
        text('server', 'event.server'),
        text('messagesProcessed', 'event.messages-processed', true),
        text('errorsOccurred', 'event.errors-occurred'),
      ];
    case 'DEBUG_RULE_NODE':
    case 'DEBUG_RULE_CHAIN':
      return [
        time,
        text('server', 'event.server'),
        text('type', 'event.type', true),
        text('entityName', 'event.entity-type'),
        text('msgId', 'event.message-id'),
        text('msgType', 'event.message-type', true),
        text('relationType', 'event.relation-type'),
        content('data'),
        content('metadata'),
        content('error'),
      ];
  }
}

export const CONTENT_FIELD_LABELS = CONTENT_LABELS;
