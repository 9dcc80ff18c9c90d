import type { EventFilter, EventType } from '@meridian/common';
import type { EventFilterFields } from './types';

/**
 * The fields of the Events filter per event type (reference console §4.4, EventFilter of
 * backend §1.3): free text matched as "contains", choices, minimum counts and the error flag.
 */
export interface FilterFieldSpec {
  name: string;
  /** Message key of the label. */
  label: string;
  kind: 'text' | 'count' | 'select' | 'flag';
  /** Choices of a select: value and message key ('' = any is added by the dialog). */
  options?: readonly { value: string; label: string }[];
  /** Shown only when this flag field is on (the error text of debug events). */
  dependsOn?: string;
}

const server: FilterFieldSpec = { name: 'server', label: 'event.server', kind: 'text' };
const errorText: FilterFieldSpec = { name: 'errorStr', label: 'event.error-message', kind: 'text' };

const DEBUG_FIELDS: readonly FilterFieldSpec[] = [
  {
    name: 'msgDirectionType',
    label: 'event.direction',
    kind: 'select',
    options: [
      { value: 'IN', label: 'event.direction-in' },
      { value: 'OUT', label: 'event.direction-out' },
    ],
  },
  server,
  { name: 'dataSearch', label: 'event.data', kind: 'text' },
  { name: 'metadataSearch', label: 'event.metadata', kind: 'text' },
  { name: 'entityName', label: 'event.entity-type', kind: 'text' },
  { name: 'entityId', label: 'event.entity-id', kind: 'text' },
  { name: 'msgType', label: 'event.message-type', kind: 'text' },
  { name: 'relationType', label: 'event.relation-type', kind: 'text' },
  { name: 'isError', label: 'event.has-error', kind: 'flag' },
  { ...errorText, dependsOn: 'isError' },
];

export const FILTER_FIELDS: Record<EventType, readonly FilterFieldSpec[]> = {
  ERROR: [server, { name: 'method', label: 'event.method', kind: 'text' }, errorText],
  LC_EVENT: [
    server,
    {
      name: 'event',
      label: 'event.event',
      kind: 'select',
      options: [
        { value: 'STARTED', label: 'event.lc-started' },
        { value: 'UPDATED', label: 'event.lc-updated' },
        { value: 'STOPPED', label: 'event.lc-stopped' },
      ],
    },
    {
      name: 'status',
      label: 'event.status',
      kind: 'select',
      options: [
        { value: 'Success', label: 'event.success' },
        { value: 'Failure', label: 'event.failure' },
      ],
    },
    errorText,
  ],
  STATS: [
    server,
    { name: 'messagesProcessed', label: 'event.min-messages-processed', kind: 'count' },
    { name: 'errorsOccurred', label: 'event.min-errors-occurred', kind: 'count' },
  ],
  DEBUG_RULE_NODE: DEBUG_FIELDS,
  DEBUG_RULE_CHAIN: DEBUG_FIELDS,
};

const isSet = (value: EventFilterFields[string]) =>
  value !== undefined && value !== null && value !== '' && value !== false;

/** The fields of `type` that narrow the list (a dependent field counts only with its flag on). */
export function activeFields(type: EventType, fields: EventFilterFields): string[] {
  return FILTER_FIELDS[type]
    .filter((spec) => isSet(fields[spec.name]) && (!spec.dependsOn || isSet(fields[spec.dependsOn])))
    .map((spec) => spec.name);
}

/** The request body: the event type and its set fields, text trimmed and counts as numbers. */
export function toEventFilter(type: EventType, fields: EventFilterFields): EventFilter {
  const set: Record<string, string | number | boolean> = {};
  for (const name of activeFields(type, fields)) {
    const value = fields[name];
    if (value !== undefined && value !== null) set[name] = typeof value === 'string' ? value.trim() : value;
  }
  // The fields come from FILTER_FIELDS of this type, so they are the type's filter fields.
  return { ...set, eventType: type } as EventFilter;
}
