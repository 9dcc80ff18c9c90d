import { applyPageLink, type PageLink } from '@meridian/common';
import type { FakeReply } from './fake-backend';

/**
 * Test-only: the replies the fake backends give, as the server gives them — its error bodies, its
 * paging, and what its find, save, delete and set-default calls answer. Imported as a namespace:
 * `reply.notFound()`, `reply.page(…)`.
 */

/** What the fake stores keep: entities with an id. */
interface Stored {
  id: { id: string };
}

export function error(
  status: number,
  errorCode: number,
  message: string,
  extra: Record<string, unknown> = {},
): FakeReply {
  return { status, body: { status, errorCode, message, timestamp: 0, ...extra } };
}

export const notFound = (): FakeReply => error(404, 32, "Requested item wasn't found!");

export const badRequest = (message: string): FakeReply => error(400, 31, message);

function pageLinkOf(query: URLSearchParams): PageLink {
  const pageLink: PageLink = { pageSize: Number(query.get('pageSize')), page: Number(query.get('page')) };
  const text = query.get('textSearch');
  if (text) {
    pageLink.textSearch = text;
  }
  const property = query.get('sortProperty');
  if (property) {
    pageLink.sortOrder = { property, direction: query.get('sortOrder') === 'DESC' ? 'DESC' : 'ASC' };
  }
  return pageLink;
}

/** A page of the items for the query: `textSearch` matches `searchProperty` (the name or title) only. */
export function page<T extends object>(
  items: readonly T[],
  query: URLSearchParams,
  searchProperty: string,
): FakeReply {
  return { body: applyPageLink(items, pageLinkOf(query), { searchProperty }) };
}

/** What `answer` makes of the entity, or 404 when there is none. */
export function ifFound<T>(entity: T | undefined, answer: (entity: T) => FakeReply): FakeReply {
  return entity ? answer(entity) : notFound();
}

/** The entity, or 404 when there is none. */
export function found(entity: unknown): FakeReply {
  return ifFound(entity, (body) => ({ body }));
}

/** Deletes the entity with this id from the list; 404 when there is none. */
export function deleted(items: Stored[], id: string | undefined): FakeReply {
  const index = items.findIndex((item) => item.id.id === id);
  if (index < 0) {
    return notFound();
  }
  items.splice(index, 1);
  return { status: 200 };
}

/** Saves over the stored entity with the body's id, or adds `create()` to the list. */
export function saved<T extends Stored>(items: T[], body: Partial<T>, create: () => T): FakeReply {
  const existing = items.find((item) => item.id.id === body.id?.id);
  if (existing) {
    Object.assign(existing, body);
    return { body: existing };
  }
  const created = create();
  items.push(created);
  return { body: created };
}

/**
 * Saves a profile as the server checks it: with a name, unique among the profiles. `kind` names
 * the profile in the messages ('Device profile').
 */
export function savedProfile<T extends Stored & { name: string }>(
  profiles: T[],
  body: T,
  kind: string,
  create: () => T,
): FakeReply {
  if (!body.name) {
    return badRequest(`${kind} name should be specified!`);
  }
  if (profiles.some((profile) => profile.name === body.name && profile.id.id !== body.id?.id)) {
    return badRequest(`${kind} with such name already exists!`);
  }
  return saved(profiles, body, create);
}

/** Makes the profile with this id the default of its list; 404 when there is none. */
export function madeDefault(profiles: (Stored & { default: boolean })[], id: string | undefined): FakeReply {
  const chosen = profiles.find((profile) => profile.id.id === id);
  if (!chosen) {
    return notFound();
  }
  for (const profile of profiles) {
    profile.default = profile === chosen;
  }
  return { body: chosen };
}
