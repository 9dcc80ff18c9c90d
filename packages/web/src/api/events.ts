import {
  type EntityEvent,
  type EntityId,
  type EventFilter,
  type PageData,
  type TimePageLink,
  timePageLinkToQueryString,
} from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';
import type { EventsTabApi, EventsTabQuery } from '../components/entity-tabs/events/types';

/** Event calls of reference §1.3 EventController. */

const id = encodeURIComponent;
const entityPath = (entityId: EntityId) => `/api/events/${entityId.entityType}/${id(entityId.id)}`;

/** `POST /api/events/{entityType}/{entityId}`: one page of the entity's events the filter selects. */
export function getEvents(
  http: HttpClient,
  entityId: EntityId,
  pageLink: TimePageLink,
  filter: EventFilter,
  options: RequestOptions = {},
): Promise<PageData<EntityEvent>> {
  return http.post(`${entityPath(entityId)}?${timePageLinkToQueryString(pageLink)}`, filter, options);
}

/** `POST /api/events/{entityType}/{entityId}/clear`: deletes the filtered events in the time range. */
export function clearEvents(
  http: HttpClient,
  entityId: EntityId,
  filter: EventFilter,
  range: { startTime: number; endTime: number },
): Promise<void> {
  return http.post(
    `${entityPath(entityId)}/clear?startTime=${range.startTime}&endTime=${range.endTime}`,
    filter,
  );
}

/** The calls of the Events tab, bound to the HTTP client. */
export function eventsTabApi(http: HttpClient): EventsTabApi {
  return {
    getEvents: (entityId: EntityId, { pageLink, filter }: EventsTabQuery, signal: AbortSignal) =>
      getEvents(http, entityId, pageLink, filter, { signal }),
    clearEvents: (entityId, filter, range) => clearEvents(http, entityId, filter, range),
  };
}
