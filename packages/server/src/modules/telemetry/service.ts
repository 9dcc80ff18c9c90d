import {
  AGGREGATION_TYPES,
  type AggregationType,
  type AttributeScope,
  DELETABLE_ATTRIBUTE_SCOPES,
  type EntityId,
  type EntityType,
  isAttributeScope,
  isWritableAttributeScope,
  type TsKvEntry,
} from '@meridian/common';
import type { Operation } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import type { EntityMessages } from '../../rule-engine/entity-messages.js';
import type { TelemetryService } from '../../telemetry/service.js';
import {
  parsePayload,
  restAttributeEntries,
  TelemetryInputError,
  telemetryEntries,
} from '../../telemetry/values.js';
import { type EntityOwner, requireEntityAccess } from '../entities/owner.js';
import type { AttributeAudit } from './attribute-audit.js';
import { clipRange, latestInWindow, timeseriesWindow, visibleKeys } from './entity-view-window.js';
import type { DeleteTimeseriesParams, EntityRef, TimeseriesQueryParams } from './schemas.js';
import { attributesJson, timeseriesJson } from './wire.js';

/** Entity types whose attributes and time series the REST API serves. */
export const TELEMETRY_ENTITY_TYPES = [
  'DEVICE',
  'ASSET',
  'ENTITY_VIEW',
  'CUSTOMER',
  'TENANT',
  'USER',
  'DASHBOARD',
  'API_USAGE_STATE',
] as const satisfies readonly EntityType[];

const DEFAULT_LIMIT = 100;

/** Comma-separated keys; empty segments are ignored, so an empty list means "no keys given". */
function splitKeys(keys: string | undefined): string[] {
  return keys ? keys.split(',').filter((key) => key.length > 0) : [];
}

/** Runs a storage call, turning its input errors into 400s. */
async function asBadRequest<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof TelemetryInputError) throw badRequest(error.message);
    throw error;
  }
}

/**
 * The rules of TelemetryController (reference §1.3, §1.4) over the telemetry service: entity and
 * permission checks through the access policy, scope rules, payload parsing, answer shapes.
 */
export class TelemetryApi {
  constructor(
    private readonly db: Db,
    private readonly telemetry: TelemetryService,
    private readonly audit: AttributeAudit,
    /** The rule engine hears of every write (reference: entity action messages). */
    private readonly messages: EntityMessages,
    private readonly now: () => number = Date.now,
  ) {}

  /** Checks the entity type, then loads the entity and checks the operation (404, then 403). */
  private async entity(principal: Principal, ref: EntityRef, operation: Operation): Promise<EntityOwner> {
    if (!(TELEMETRY_ENTITY_TYPES as readonly string[]).includes(ref.entityType)) {
      throw badRequest(`Invalid request: unsupported entity type '${ref.entityType}'`);
    }
    return requireEntityAccess(this.db, principal, operation, {
      entityType: ref.entityType,
      id: ref.entityId,
    });
  }

  private static idOf(owner: EntityOwner): EntityId {
    return { entityType: owner.entityType, id: owner.id };
  }

  /** A scope to read from: one of the three attribute scopes. */
  private static readScope(scope: string): AttributeScope {
    if (!isAttributeScope(scope)) throw badRequest(`Invalid attribute scope: ${scope}`);
    return scope;
  }

  /** A scope the REST API may write: SERVER_SCOPE, or SHARED_SCOPE of a device. */
  private static writeScope(scope: string, owner: EntityOwner): AttributeScope {
    if (!isWritableAttributeScope(scope)) throw badRequest(`Invalid scope: ${scope}`);
    if (scope === 'SHARED_SCOPE' && owner.entityType !== 'DEVICE') {
      throw badRequest(`Invalid scope: ${scope} (only devices have shared attributes)`);
    }
    return scope;
  }

  /** A scope the REST API may delete from: SERVER_SCOPE, or CLIENT_SCOPE and SHARED_SCOPE of a device. */
  private static deleteScope(scope: string, owner: EntityOwner): AttributeScope {
    if (!(DELETABLE_ATTRIBUTE_SCOPES as readonly string[]).includes(scope)) {
      throw badRequest(`Invalid attribute scope: ${scope}`);
    }
    if (scope !== 'SERVER_SCOPE' && owner.entityType !== 'DEVICE') {
      throw badRequest(`Invalid attribute scope: ${scope} (only devices have client and shared attributes)`);
    }
    return scope as AttributeScope;
  }

  private static requiredKeys(keys: string | undefined): string[] {
    const list = splitKeys(keys);
    if (list.length === 0)
      throw badRequest("Invalid request: query parameter 'keys' must name at least one key");
    return list;
  }

  // ----------------------------------------------------------------------------------------------
  // Reads
  // ----------------------------------------------------------------------------------------------

  async attributeKeys(principal: Principal, ref: EntityRef, scope?: string): Promise<string[]> {
    const owner = await this.entity(principal, ref, 'READ_ATTRIBUTES');
    const readScope = scope === undefined ? undefined : TelemetryApi.readScope(scope);
    return this.telemetry.attributeKeys(TelemetryApi.idOf(owner), readScope);
  }

  async attributes(
    principal: Principal,
    ref: EntityRef,
    keys: string | undefined,
    scope?: string,
  ): Promise<string> {
    const owner = await this.entity(principal, ref, 'READ_ATTRIBUTES');
    const readScope = scope === undefined ? undefined : TelemetryApi.readScope(scope);
    const keyList = splitKeys(keys);
    const entries = await this.telemetry.attributes(
      TelemetryApi.idOf(owner),
      readScope,
      keyList.length > 0 ? keyList : undefined,
    );
    return attributesJson(entries);
  }

  async timeseriesKeys(principal: Principal, ref: EntityRef): Promise<string[]> {
    const owner = await this.entity(principal, ref, 'READ_TELEMETRY');
    const window = await timeseriesWindow(this.db, owner);
    const keys = await this.telemetry.timeseriesKeys(window.entityId);
    return window.keys ? keys.filter((key) => window.keys?.has(key)) : keys;
  }

  /**
   * `GET …/values/timeseries`: history when keys, startTs and endTs are all given (the reference
   * routes on exactly these parameters), otherwise latest values.
   */
  async timeseries(principal: Principal, ref: EntityRef, query: TimeseriesQueryParams): Promise<string> {
    const owner = await this.entity(principal, ref, 'READ_TELEMETRY');
    const window = await timeseriesWindow(this.db, owner);
    const strict = query.useStrictDataTypes === true;
    if (query.keys !== undefined && query.startTs !== undefined && query.endTs !== undefined) {
      const agg = query.agg ?? 'NONE';
      if (!(AGGREGATION_TYPES as readonly string[]).includes(agg)) {
        throw badRequest(
          `Invalid request: query parameter 'agg' must be one of ${AGGREGATION_TYPES.join(', ')}, not '${agg}'`,
        );
      }
      const orderBy = (query.orderBy ?? 'DESC').toUpperCase();
      if (orderBy !== 'ASC' && orderBy !== 'DESC') {
        throw badRequest(
          `Invalid request: query parameter 'orderBy' must be ASC or DESC, not '${query.orderBy}'`,
        );
      }
      const keys = visibleKeys(window, TelemetryApi.requiredKeys(query.keys)) ?? [];
      const range = clipRange(window, query.startTs, query.endTs);
      if (keys.length === 0 || !range) return timeseriesJson(new Map(), strict);
      const series = await asBadRequest(() =>
        this.telemetry.history(window.entityId, {
          keys,
          startTs: range.startTs,
          endTs: range.endTs,
          interval: query.interval ?? 0,
          limit: query.limit ?? DEFAULT_LIMIT,
          agg: agg as AggregationType,
          orderBy,
        }),
      );
      return timeseriesJson(series, strict);
    }
    const requested = [...new Set(splitKeys(query.keys))];
    const keys = window.keys ? (visibleKeys(window, requested) ?? []) : requested;
    // Keys were asked for, and the view shows none of them.
    if (requested.length > 0 && keys.length === 0) return timeseriesJson(new Map(), strict);
    const latest = await latestInWindow(this.telemetry, window, keys.length > 0 ? keys : undefined);
    const series = new Map<string, (TsKvEntry | { ts: number; value: null })[]>();
    if (keys.length === 0) {
      for (const entry of latest) series.set(entry.key, [entry]);
    } else {
      // A key without a value answers a point stamped now with a null value, as the reference does.
      const now = this.now();
      for (const key of keys)
        series.set(key, [latest.find((e) => e.key === key) ?? { ts: now, value: null }]);
    }
    return timeseriesJson(series, strict);
  }

  // ----------------------------------------------------------------------------------------------
  // Writes
  // ----------------------------------------------------------------------------------------------

  async saveAttributes(principal: Principal, ref: EntityRef, scope: string, body: unknown): Promise<void> {
    const owner = await this.entity(principal, ref, 'WRITE_ATTRIBUTES');
    const writeScope = TelemetryApi.writeScope(scope, owner);
    const entries = await asBadRequest(async () => {
      const node = parsePayload(requestText(body), 'Invalid request body: malformed JSON');
      return restAttributeEntries(node);
    });
    if (entries.length === 0) throw badRequest('No attributes data found in request body!');
    try {
      await asBadRequest(() => this.telemetry.saveAttributes(TelemetryApi.idOf(owner), writeScope, entries));
    } catch (error) {
      await this.audit.updated(principal, owner, writeScope, entries, error);
      throw error;
    }
    await this.audit.updated(principal, owner, writeScope, entries);
    await this.messages.attributesUpdated(principal, owner, writeScope, entries);
  }

  async saveTimeseries(principal: Principal, ref: EntityRef, body: unknown, ttl = 0): Promise<void> {
    const owner = await this.entity(principal, ref, 'WRITE_TELEMETRY');
    const entries = await asBadRequest(async () => {
      const node = parsePayload(requestText(body), 'Unable to parse timeseries payload: Invalid JSON body!');
      return telemetryEntries(node, this.now(), 'reject');
    });
    if (entries.length === 0) throw badRequest('No timeseries data found in request body!');
    await asBadRequest(() =>
      this.telemetry.saveTimeseries(owner.tenantId, TelemetryApi.idOf(owner), entries, ttl),
    );
    await this.messages.timeseriesUpdated(principal, owner, entries);
  }

  async deleteAttributes(principal: Principal, ref: EntityRef, scope: string, keys: string | undefined) {
    const owner = await this.entity(principal, ref, 'WRITE_ATTRIBUTES');
    const deleteScope = TelemetryApi.deleteScope(scope, owner);
    const keyList = TelemetryApi.requiredKeys(keys);
    try {
      await this.telemetry.deleteAttributes(TelemetryApi.idOf(owner), deleteScope, keyList);
    } catch (error) {
      await this.audit.deleted(principal, owner, deleteScope, keyList, error);
      throw error;
    }
    await this.audit.deleted(principal, owner, deleteScope, keyList);
    await this.messages.attributesDeleted(principal, owner, deleteScope, keyList);
  }

  async deleteTimeseries(principal: Principal, ref: EntityRef, query: DeleteTimeseriesParams): Promise<void> {
    const owner = await this.entity(principal, ref, 'WRITE_TELEMETRY');
    const keys = TelemetryApi.requiredKeys(query.keys);
    let range: { startTs: number; endTs: number } | undefined;
    if (query.deleteAllDataForKeys !== true) {
      if (query.startTs === undefined || query.endTs === undefined) {
        throw badRequest(
          "When deleteAllDataForKeys is false, start and end timestamp values shouldn't be empty",
        );
      }
      range = { startTs: query.startTs, endTs: query.endTs };
    }
    await this.telemetry.deleteTimeseries(
      TelemetryApi.idOf(owner),
      keys,
      range,
      query.rewriteLatestIfDeleted === true,
    );
    await this.messages.timeseriesDeleted(principal, owner, keys, range);
  }
}

/** The request body as text: the telemetry routes hand JSON bodies over unparsed. */
function requestText(body: unknown): string {
  if (typeof body !== 'string' || body.trim() === '') {
    throw new TelemetryInputError('Invalid request body: empty body where JSON is expected');
  }
  return body;
}
