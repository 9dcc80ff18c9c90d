import { badRequest } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';

/**
 * Query handling shared by the device, asset and entity view lists.
 */

/**
 * A paged list needs pageSize and page. They are optional in the schema only where the reference
 * puts a second endpoint on the same path (`GET /api/tenant/devices?deviceName=`).
 */
export function requirePage(query: Partial<PageQuery>): PageQuery {
  for (const key of ['pageSize', 'page'] as const) {
    if (query[key] === undefined) throw badRequest(`Invalid request: query parameter '${key}' is required`);
  }
  return query as PageQuery;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `deviceIds=a,b` or repeated `deviceIds=a&deviceIds=b`, as Spring binds a String[] parameter. */
export function parseIdList(values: readonly string[], parameter: string): string[] {
  const ids = values
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  if (ids.length === 0) throw badRequest(`Parameter '${parameter}' can't be empty!`);
  for (const id of ids) {
    if (!UUID.test(id)) {
      throw badRequest(`Invalid request: query parameter '${parameter}' holds an invalid UUID '${id}'`);
    }
  }
  return [...new Set(ids)];
}
