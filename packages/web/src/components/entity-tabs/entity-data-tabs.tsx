import type {
  AttributeScope,
  AuditLog,
  EntityId,
  EntityType,
  PageData,
  TimePageLink,
} from '@meridian/common';
import { eventTypesOf } from '@meridian/common';
import { useMemo } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { EntityTab } from '../entity-table/types';
import { AlarmTable } from './alarms/AlarmTable';
import type { AlarmsTabApi } from './alarms/types';
import { AttributeTable } from './attributes/AttributeTable';
import type { AttributesTabApi } from './attributes/types';
import { AuditLogTable } from './audit-logs/AuditLogTable';
import { EventTable } from './events/EventTable';
import type { EventsTabApi } from './events/types';
import { RelationTable } from './relations/RelationTable';
import type { RelationsTabApi } from './relations/types';

/** The fetch of an Audit logs tab (`api/audit-logs.ts` provides it): by entity, customer or user. */
export interface AuditLogsTabSource {
  mode: 'entity' | 'customer' | 'user';
  fetch(entityId: EntityId, pageLink: TimePageLink, signal: AbortSignal): Promise<PageData<AuditLog>>;
}

export interface EntityDataTabsOptions<T> {
  /** The id of the entity a tab shows. */
  entityId: (entity: T) => EntityId;
  /** Attributes and Latest telemetry (an entity view's telemetry is its target's, read through). */
  attributes?: AttributesTabApi;
  /** Attribute scopes offered; server attributes only unless told (devices: client, server, shared). */
  attributeScopes?: readonly AttributeScope[];
  /** Alarms raised by the entity or propagated to it. */
  alarms?: AlarmsTabApi;
  /** Events of the entity: errors, lifecycle and statistics (debug ones too for rule chains). */
  events?: EventsTabApi;
  /** Relations, with the entity types a new relation may point at. */
  relations?: { api: RelationsTabApi; targetTypes: readonly EntityType[] };
  /** Audit logs (tenant administrators only). */
  auditLogs?: AuditLogsTabSource;
}

/** The Audit logs tab of one entity: its log, with its own query key. */
function EntityAuditLogs({ entityId, source }: { entityId: EntityId; source: AuditLogsTabSource }) {
  const { entityType, id } = entityId;
  const queryKey = useMemo(
    () => ['entity-tabs', 'audit-logs', source.mode, entityType, id],
    [source.mode, entityType, id],
  );
  const fetch = useMemo(
    () => (pageLink: TimePageLink, signal: AbortSignal) => source.fetch({ entityType, id }, pageLink, signal),
    [source, entityType, id],
  );
  return <AuditLogTable mode={source.mode} queryKey={queryKey} fetch={fetch} />;
}

/**
 * The data tabs of an entity's details, in the reference's order (reference console §4.1):
 * Attributes, Latest telemetry, Alarms, Events, Relations and Audit logs, each as given in `options`. They are
 * standalone tabs: tables with their own dialogs, outside the entity form.
 */
export function entityDataTabs<T, V extends FieldValues>(
  t: (key: string) => string,
  options: EntityDataTabsOptions<T>,
): EntityTab<T, V>[] {
  const tabs: EntityTab<T, V>[] = [];
  const { attributes, alarms, events, relations, auditLogs } = options;
  if (attributes) tabs.push(...attributeTabs<T, V>(t, options, attributes));
  if (alarms) {
    tabs.push({
      id: 'alarms',
      label: t('alarm.alarms'),
      standalone: true,
      render: ({ entity }) => {
        if (entity === null) return null;
        const entityId = options.entityId(entity);
        return <AlarmTable key={entityId.id} entityId={entityId} api={alarms} />;
      },
    });
  }
  if (events) {
    tabs.push({
      id: 'events',
      label: t('event.events'),
      standalone: true,
      render: ({ entity }) => {
        if (entity === null) return null;
        const entityId = options.entityId(entity);
        return (
          <EventTable
            key={entityId.id}
            entityId={entityId}
            api={events}
            eventTypes={eventTypesOf(entityId.entityType)}
          />
        );
      },
    });
  }
  if (relations) {
    tabs.push({
      id: 'relations',
      label: t('relation.relations'),
      standalone: true,
      render: ({ entity }) => {
        if (entity === null) return null;
        const entityId = options.entityId(entity);
        return (
          <RelationTable
            key={entityId.id}
            entityId={entityId}
            api={relations.api}
            targetTypes={relations.targetTypes}
          />
        );
      },
    });
  }
  if (auditLogs) {
    tabs.push({
      id: 'auditLogs',
      label: t('audit-log.audit-logs'),
      standalone: true,
      render: ({ entity }) => {
        if (entity === null) return null;
        const entityId = options.entityId(entity);
        return <EntityAuditLogs key={entityId.id} entityId={entityId} source={auditLogs} />;
      },
    });
  }
  return tabs;
}

/** The Attributes and Latest telemetry tabs, both over the entity's telemetry API. */
function attributeTabs<T, V extends FieldValues>(
  t: (key: string) => string,
  options: EntityDataTabsOptions<T>,
  api: AttributesTabApi,
): EntityTab<T, V>[] {
  return [
    {
      id: 'attributes',
      label: t('attribute.attributes'),
      standalone: true,
      render: ({ entity }) => {
        if (entity === null) return null;
        const entityId = options.entityId(entity);
        return (
          <AttributeTable
            key={`attributes-${entityId.id}`}
            kind="attributes"
            entityId={entityId}
            api={api}
            scopes={options.attributeScopes}
          />
        );
      },
    },
    {
      id: 'telemetry',
      label: t('attribute.latest-telemetry'),
      standalone: true,
      render: ({ entity }) => {
        if (entity === null) return null;
        const entityId = options.entityId(entity);
        return (
          <AttributeTable key={`telemetry-${entityId.id}`} kind="telemetry" entityId={entityId} api={api} />
        );
      },
    },
  ];
}
