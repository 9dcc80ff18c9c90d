import {
  type AttributeScope,
  type EntityData,
  type EntityKeyType,
  type PageData,
  SubscriptionErrorCode,
  type TsValue,
} from '@meridian/common';
import type { TelemetryChange } from '../telemetry/service.js';
import { valueAsString } from '../telemetry/values.js';
import { UpdateCoalescer } from './coalesce.js';
import type { WsDeps } from './deps.js';
import { failureOf } from './errors.js';
import { LiveFeed } from './live-feed.js';
import type { DataKeyRef, EntityDataCmd, EntityHistoryCmd } from './parse.js';
import type { Subscription, WsSession } from './session.js';
import {
  type EntityDataWire,
  entityDataChanges,
  entityDataError,
  entityDataPage,
  v1Error,
} from './updates.js';
import { readHistory } from './v1-history.js';

/**
 * `entityDataCmds` (reference §3.3 "Sequencing for entityDataCmds"): run an entity query through
 * the entity query service (which confines it to what the principal may read), optionally add
 * history, then follow latest values or time series of the entities on the page. A `dynamic` page
 * is re-run every refresh interval and the subscriptions follow the new set of entities.
 */

/** A deleted value, as the reference reports it in entity data. */
const DELETED: TsValue = { ts: 0, value: '' };

/** Latest key types an attribute change of a scope can touch. */
const ATTRIBUTE_KEY_TYPES: Record<AttributeScope, EntityKeyType> = {
  CLIENT_SCOPE: 'CLIENT_ATTRIBUTE',
  SERVER_SCOPE: 'SERVER_ATTRIBUTE',
  SHARED_SCOPE: 'SHARED_ATTRIBUTE',
};

type LatestByType = Partial<Record<EntityKeyType, Record<string, TsValue>>>;

/** What the live part follows once the initial data is out. */
type Follow =
  | { kind: 'none' }
  | { kind: 'latest'; keys: Map<EntityKeyType, Set<string>> }
  | { kind: 'timeseries'; keys: Set<string>; startTs: number };

/** Keys each once; the order of first appearance is kept. */
function mergeKeys(first: readonly DataKeyRef[], second: readonly DataKeyRef[]): DataKeyRef[] {
  const seen = new Set<string>();
  return [...first, ...second].filter((key) => {
    const id = `${key.type}\u0000${key.key}`;
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
}

function keyRefs(value: unknown): DataKeyRef[] {
  return Array.isArray(value) ? (value as DataKeyRef[]) : [];
}

export class EntityDataSubscription implements Subscription {
  private page: PageData<EntityData> = { data: [], totalPages: 0, totalElements: 0, hasNext: false };
  private byId = new Map<string, EntityData>();
  private query: Record<string, unknown> = {};
  private initialSent = false;
  private follow: Follow = { kind: 'none' };
  private feed: LiveFeed | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Changes of one event-loop turn go out as one update message. */
  private readonly coalescer = new UpdateCoalescer(
    (updates) => this.closed || this.session.trySend(entityDataChanges(this.cmdId, updates, this.allowed)),
  );

  constructor(
    private readonly session: WsSession,
    private readonly deps: WsDeps,
    readonly cmdId: number,
  ) {}

  private get allowed(): number {
    return this.deps.settings.maxEntitiesPerDataSubscription;
  }

  /** Runs the query (with the latest command's keys among its latest values). */
  async load(query: Record<string, unknown>, latestKeys: readonly DataKeyRef[]): Promise<void> {
    this.query = { ...query, latestValues: mergeKeys(keyRefs(query.latestValues), latestKeys) };
    this.setPage(await this.deps.queries.find(this.session.principal, this.query));
    const pageLink = query.pageLink as { dynamic?: unknown } | undefined;
    if (pageLink?.dynamic === true) {
      this.refreshTimer = setInterval(
        () => this.session.enqueue(() => this.refresh()),
        this.deps.settings.refreshIntervalMs,
      );
      this.refreshTimer.unref();
    }
  }

  private setPage(page: PageData<EntityData>): void {
    // Entities beyond the allowed number are not followed (reference `max_entities_per_data_subscription`).
    this.page = { ...page, data: page.data.slice(0, this.allowed) };
    this.byId = new Map(this.page.data.map((entity) => [entity.entityId.id, entity]));
  }

  private sendPage(): void {
    this.session.send(entityDataPage(this.cmdId, this.page, this.allowed));
    this.initialSent = true;
  }

  /** The page the first time; `updates` afterwards. */
  private sendInitialOr(updates: () => EntityDataWire[]): void {
    if (!this.initialSent) this.sendPage();
    else this.session.send(entityDataChanges(this.cmdId, updates(), this.allowed));
  }

  sendPageIfFirst(): void {
    if (!this.initialSent) this.sendPage();
  }

  /** Stops following; the query and page stay for a following command of the same id. */
  stopFollowing(): void {
    this.coalescer.clear();
    this.feed?.close();
    this.feed = undefined;
    this.follow = { kind: 'none' };
  }

  private async timeseriesOfPage(cmd: EntityHistoryCmd, startTs: number, endTs: number): Promise<void> {
    const keys = [...new Set(cmd.keys.filter((key) => key.length > 0))];
    for (const entity of this.page.data) {
      if (this.closed) return;
      const series = await readHistory(this.deps.telemetry, entity.entityId, keys, {
        ...cmd,
        startTs,
        endTs,
      });
      const timeseries: Record<string, TsValue[]> = {};
      for (const key of keys) {
        timeseries[key] = (series.get(key) ?? []).map((p) => ({ ts: p.ts, value: valueAsString(p.value) }));
      }
      if (cmd.fetchLatestPreviousPoint) {
        // The newest point before the window, so a chart can start with the value in force at startTs.
        const before = await this.deps.telemetry.history(entity.entityId, {
          keys,
          startTs: 0,
          endTs: startTs,
          interval: 0,
          limit: 1,
          agg: 'NONE',
          orderBy: 'DESC',
        });
        for (const [key, points] of before) {
          for (const p of points) timeseries[key]?.push({ ts: p.ts, value: valueAsString(p.value) });
        }
      }
      entity.timeseries = timeseries;
    }
  }

  private timeseriesUpdates(): EntityDataWire[] {
    return this.page.data.map((entity) => ({
      entityId: entity.entityId,
      latest: null,
      timeseries: entity.timeseries,
    }));
  }

  async history(cmd: EntityHistoryCmd): Promise<void> {
    await this.timeseriesOfPage(cmd, cmd.startTs, cmd.endTs);
    if (!this.closed) this.sendInitialOr(() => this.timeseriesUpdates());
  }

  followLatest(keys: readonly DataKeyRef[]): void {
    this.sendPageIfFirst();
    const byType = new Map<EntityKeyType, Set<string>>();
    for (const key of keys) {
      if (key.type === 'ENTITY_FIELD' || key.type === 'ALARM_FIELD') continue;
      const set = byType.get(key.type as EntityKeyType) ?? new Set<string>();
      set.add(key.key);
      byType.set(key.type as EntityKeyType, set);
    }
    this.startFollowing({ kind: 'latest', keys: byType });
  }

  async followTimeseries(cmd: EntityHistoryCmd): Promise<void> {
    await this.timeseriesOfPage(cmd, cmd.startTs, cmd.endTs);
    if (this.closed) return;
    this.sendInitialOr(() => this.timeseriesUpdates());
    this.startFollowing({ kind: 'timeseries', keys: new Set(cmd.keys), startTs: cmd.startTs });
  }

  private startFollowing(follow: Follow): void {
    this.stopFollowing();
    if (this.closed) return;
    this.follow = follow;
    const feed = new LiveFeed(this.deps.index, (change) => this.onChange(change));
    this.feed = feed;
    for (const entity of this.page.data) feed.watch(entity.entityId.id);
    feed.start();
  }

  private onChange(change: TelemetryChange): void {
    const entity = this.byId.get(change.entityId.id);
    if (!entity) return;
    const update =
      this.follow.kind === 'latest'
        ? this.latestUpdate(entity, change, this.follow.keys)
        : this.follow.kind === 'timeseries'
          ? this.timeseriesUpdate(entity, change, this.follow.keys, this.follow.startTs)
          : undefined;
    if (update) this.coalescer.add(update);
  }

  /**
   * Changed latest values of the followed keys, without values older than (or equal to) what the
   * client already has; deletions always pass.
   */
  private latestUpdate(
    entity: EntityData,
    change: TelemetryChange,
    keys: Map<EntityKeyType, Set<string>>,
  ): EntityDataWire | undefined {
    const latest: LatestByType = {};
    let changed = false;
    const offer = (type: EntityKeyType, key: string, value: TsValue, deletion: boolean) => {
      if (!keys.get(type)?.has(key)) return;
      const known = entity.latest[type] ?? {};
      entity.latest[type] = known;
      const current = known[key];
      if (
        !deletion &&
        current &&
        (value.ts < current.ts || (value.ts === current.ts && value.value === current.value))
      ) {
        return;
      }
      known[key] = value;
      latest[type] = { ...latest[type], [key]: value };
      changed = true;
    };
    const attributeTypes = (scope: AttributeScope): EntityKeyType[] => [
      'ATTRIBUTE',
      ATTRIBUTE_KEY_TYPES[scope],
    ];
    switch (change.type) {
      case 'TIMESERIES_UPDATED':
        for (const p of change.latest)
          offer('TIME_SERIES', p.key, { ts: p.ts, value: valueAsString(p.value) }, false);
        break;
      case 'TIMESERIES_DELETED':
        for (const { key, replacement } of change.latest) {
          const value = replacement
            ? { ts: replacement.ts, value: valueAsString(replacement.value) }
            : DELETED;
          offer('TIME_SERIES', key, value, true);
        }
        break;
      case 'ATTRIBUTES_UPDATED':
        for (const e of change.entries) {
          for (const type of attributeTypes(change.scope)) {
            offer(type, e.key, { ts: e.lastUpdateTs, value: valueAsString(e.value) }, false);
          }
        }
        break;
      case 'ATTRIBUTES_DELETED':
        for (const key of change.keys) {
          for (const type of attributeTypes(change.scope)) offer(type, key, DELETED, true);
        }
        break;
    }
    return changed ? { entityId: entity.entityId, latest, timeseries: null } : undefined;
  }

  /** New points of the followed keys at or after the window's start. */
  private timeseriesUpdate(
    entity: EntityData,
    change: TelemetryChange,
    keys: Set<string>,
    startTs: number,
  ): EntityDataWire | undefined {
    if (change.type !== 'TIMESERIES_UPDATED') return undefined;
    const timeseries: Record<string, TsValue[]> = {};
    let changed = false;
    for (const p of change.entries) {
      if (!keys.has(p.key) || p.ts < startTs) continue;
      const points = timeseries[p.key] ?? [];
      points.push({ ts: p.ts, value: valueAsString(p.value) });
      timeseries[p.key] = points;
      changed = true;
    }
    return changed ? { entityId: entity.entityId, latest: null, timeseries } : undefined;
  }

  /** Re-runs a dynamic query; when the set of entities changed, sends the new page and re-follows. */
  private async refresh(): Promise<void> {
    if (this.closed) return;
    let page: PageData<EntityData>;
    try {
      page = await this.deps.queries.find(this.session.principal, this.query);
    } catch (error) {
      const failure = failureOf(error, 'Failed to fetch data!', this.session.log);
      this.session.send(entityDataError(this.cmdId, failure.errorCode, failure.errorMsg, this.allowed));
      return;
    }
    if (this.closed) return;
    const ids = (p: PageData<EntityData>) =>
      p.data.slice(0, this.allowed).map((entity) => entity.entityId.id);
    const before = new Set(ids(this.page));
    const after = ids(page);
    if (after.length === before.size && after.every((id) => before.has(id))) return;
    this.setPage(page);
    this.sendPage();
    if (this.follow.kind !== 'none') this.startFollowing(this.follow);
  }

  close(): void {
    this.closed = true;
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    this.stopFollowing();
  }
}

export async function handleEntityDataCmd(
  session: WsSession,
  deps: WsDeps,
  cmd: EntityDataCmd,
): Promise<void> {
  if (cmd.cmdId < 0) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Cmd id is negative value!'));
    return;
  }
  const existing = session.get('data', cmd.cmdId);
  let subscription = existing instanceof EntityDataSubscription ? existing : undefined;
  if (!cmd.query && !subscription) {
    // A command without a query can only add history/latest/time series to an earlier one.
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Query is empty!'));
    return;
  }
  const allowed = deps.settings.maxEntitiesPerDataSubscription;
  try {
    if (cmd.query) {
      // A new query under an existing id replaces that command entirely.
      subscription = new EntityDataSubscription(session, deps, cmd.cmdId);
      session.put('data', cmd.cmdId, subscription);
      await subscription.load(cmd.query, cmd.latestCmd?.keys ?? []);
    } else if (subscription && (cmd.historyCmd || cmd.latestCmd || cmd.tsCmd)) {
      subscription.stopFollowing();
    }
    if (!subscription) return;
    if (cmd.historyCmd) await subscription.history(cmd.historyCmd);
    if (cmd.latestCmd) subscription.followLatest(cmd.latestCmd.keys);
    else if (cmd.tsCmd) await subscription.followTimeseries(cmd.tsCmd);
    else subscription.sendPageIfFirst();
  } catch (error) {
    session.cancel('data', cmd.cmdId);
    const failure = failureOf(error, 'Failed to fetch data!', session.log);
    session.send(entityDataError(cmd.cmdId, failure.errorCode, failure.errorMsg, allowed));
  }
}
