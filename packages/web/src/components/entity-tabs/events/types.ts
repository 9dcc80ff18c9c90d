import type { EntityEvent, EntityId, EventFilter, EventType, PageData, TimePageLink } from '@meridian/common';

/** What the Events tab asks for: a page of one event type within a time window, narrowed by a filter. */
export interface EventsTabQuery {
  pageLink: TimePageLink;
  filter: EventFilter;
}

/** The calls the Events tab makes (`api/events.ts` provides them). */
export interface EventsTabApi {
  getEvents(entityId: EntityId, query: EventsTabQuery, signal: AbortSignal): Promise<PageData<EntityEvent>>;
  /** Deletes the events the filter selects within the time range. */
  clearEvents(
    entityId: EntityId,
    filter: EventFilter,
    range: { startTime: number; endTime: number },
  ): Promise<unknown>;
}

/** The filter fields of one event type, as the filter dialog edits them (empty: any). */
export type EventFilterFields = Record<string, string | number | boolean | null | undefined>;

/** The types an entity's tab offers, the first being the one it opens on. */
export type EventTypeChoices = readonly EventType[];
