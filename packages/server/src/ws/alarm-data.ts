import { type AlarmData, type AlarmStatus, SubscriptionErrorCode } from '@meridian/common';
import type { AlarmEvent } from '../modules/alarms/events.js';
import { timeRangeOf } from '../modules/alarms/query-parse.js';
import type { AlarmQueryResult } from '../modules/alarms/query-service.js';
import { AlarmsRepo } from '../modules/alarms/repo.js';
import { type AlarmRow, alarmInfoToWire } from '../modules/alarms/wire.js';
import type { WsDeps } from './deps.js';
import { failureOf } from './errors.js';
import type { QueryCmd } from './parse.js';
import type { Subscription, WsSession } from './session.js';
import { alarmDataChanges, alarmDataError, alarmDataPage, v1Error } from './updates.js';

/**
 * `alarmDataCmds` (reference §3.2–3.3, DefaultTbAlarmDataSubscriptionService): run the alarm data
 * query, send its page, then follow the alarms of the query's entities. An alarm on the page that
 * changed and still matches the filters goes out as `update`; one that no longer matches, a deleted
 * one, or a new matching alarm of one of the entities (on the first page only, as the reference
 * does) re-runs the query and sends the page again. Re-queries are limited to
 * `maxAlarmQueriesPerRefreshInterval` per refresh interval; a re-query over the limit waits for
 * the next interval. A `dynamic` page link is also re-run every interval.
 */
class AlarmDataSubscription implements Subscription {
  private result: AlarmQueryResult | undefined;
  /** Entries of the page by alarm id: an alarm propagated to two entities shows twice. */
  private byAlarm = new Map<string, AlarmData[]>();
  private queriesLeft: number;
  private pending = false;
  /** The page last sent without its latest values (entity fields carry "now" as their time). */
  private lastSignature = '';
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => void) | undefined;
  private closed = false;

  constructor(
    private readonly session: WsSession,
    private readonly deps: WsDeps,
    private readonly cmdId: number,
    private readonly query: Record<string, unknown>,
  ) {
    this.queriesLeft = deps.settings.maxAlarmQueriesPerRefreshInterval;
  }

  private get allowed(): number {
    return this.deps.settings.maxEntitiesPerDataSubscription;
  }

  /** Runs the query and sends the page; a failure propagates to the command. */
  async start(): Promise<void> {
    await this.load(true);
    if (this.closed) return;
    this.stopListening = this.deps.alarmEvents.on((event) => this.onEvent(event));
    this.timer = setInterval(
      () => this.session.enqueue(() => this.tick()),
      this.deps.settings.refreshIntervalMs,
    );
    this.timer.unref();
  }

  private async load(always: boolean): Promise<void> {
    const result = await this.deps.alarmQueries.run(this.session.principal, this.query);
    if (this.closed) return;
    this.result = result;
    this.byAlarm = new Map();
    for (const entry of result.page.data) {
      this.byAlarm.set(entry.id.id, [...(this.byAlarm.get(entry.id.id) ?? []), entry]);
    }
    const signature = JSON.stringify([
      result.totalEntities,
      result.page.totalElements,
      result.page.data.map(({ latest: _latest, ...alarm }) => alarm),
    ]);
    if (!always && signature === this.lastSignature) return;
    this.lastSignature = signature;
    this.session.send(alarmDataPage(this.cmdId, result.page, this.allowed, result.totalEntities));
  }

  /** Re-runs the query now if the interval's budget allows, else at the next interval. */
  private async requery(): Promise<void> {
    if (this.queriesLeft <= 0) {
      this.pending = true;
      return;
    }
    this.queriesLeft -= 1;
    await this.reload(true);
  }

  private async reload(always: boolean): Promise<void> {
    try {
      await this.load(always);
    } catch (error) {
      const failure = failureOf(error, 'Failed to fetch data!', this.session.log);
      this.session.send(alarmDataError(this.cmdId, failure.errorCode, failure.errorMsg, this.allowed));
    }
  }

  private async tick(): Promise<void> {
    if (this.closed) return;
    this.queriesLeft = this.deps.settings.maxAlarmQueriesPerRefreshInterval;
    const dynamic = this.result?.input.pageLink.dynamic === true;
    if (!this.pending && !dynamic) return;
    const always = this.pending;
    this.pending = false;
    this.queriesLeft -= 1;
    await this.reload(always);
  }

  private onEvent(event: AlarmEvent): void {
    // Alarms of other tenants never concern this session; nothing else is decided synchronously.
    if (this.closed || event.alarm.tenantId !== this.session.principal.tenantId) return;
    this.session.enqueue(() => this.handle(event));
  }

  private async handle(event: AlarmEvent): Promise<void> {
    const result = this.result;
    if (this.closed || !result) return;
    const alarm = event.alarm;
    const onPage = this.byAlarm.get(alarm.id);
    if (event.type === 'ALARM_DELETE') {
      if (onPage) await this.requery();
      return;
    }
    const matches = this.matches(alarm, result);
    if (onPage) {
      if (matches) this.sendChanged(alarm, onPage, result);
      else await this.requery();
    } else if (matches && result.input.pageLink.page === 0 && (await this.concerns(alarm, result))) {
      await this.requery();
    }
  }

  /** The alarm's new fields on its entries of the page, sent as `update`. */
  private sendChanged(alarm: AlarmRow, entries: AlarmData[], result: AlarmQueryResult): void {
    const info = alarmInfoToWire({ ...alarm, originatorName: entries[0]?.originatorName ?? null });
    const updated = entries.map((entry) => ({ ...info, entityId: entry.entityId, latest: entry.latest }));
    const data = result.page.data;
    for (const entry of updated) {
      const index = data.findIndex((e) => e.id.id === alarm.id && e.entityId.id === entry.entityId.id);
      if (index >= 0) data[index] = entry;
    }
    this.byAlarm.set(alarm.id, updated);
    this.session.send(alarmDataChanges(this.cmdId, updated, this.allowed, result.totalEntities));
  }

  /** Does the alarm pass the page link's type, severity, status and time filters? */
  private matches(alarm: AlarmRow, result: AlarmQueryResult): boolean {
    const link = result.input.pageLink;
    if (link.typeList.length > 0 && !link.typeList.includes(alarm.type)) return false;
    if (link.severityList.length > 0 && !(link.severityList as string[]).includes(alarm.severity)) {
      return false;
    }
    if (link.statuses && !link.statuses.includes(alarm.status as AlarmStatus)) return false;
    const { startTs, endTs } = timeRangeOf(link, Date.now());
    if (startTs > 0 && alarm.createdTime < startTs) return false;
    return !(endTs > 0 && alarm.createdTime > endTs);
  }

  /** Is the alarm one of the query's entities', by originator or (when searched) by propagation? */
  private async concerns(alarm: AlarmRow, result: AlarmQueryResult): Promise<boolean> {
    if (result.entities.has(alarm.originatorId)) return true;
    if (!result.input.pageLink.searchPropagatedAlarms) return false;
    const linked = await new AlarmsRepo(this.deps.db).linkedEntities(alarm.id);
    return linked.some((entity) => result.entities.has(entity.id));
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.stopListening?.();
  }
}

export async function handleAlarmDataCmd(session: WsSession, deps: WsDeps, cmd: QueryCmd): Promise<void> {
  if (cmd.cmdId < 0) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Cmd id is negative value!'));
    return;
  }
  if (!cmd.query) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Query is empty!'));
    return;
  }
  // A new command under an existing id replaces the old one.
  const subscription = new AlarmDataSubscription(session, deps, cmd.cmdId, cmd.query);
  session.put('alarm', cmd.cmdId, subscription);
  try {
    await subscription.start();
  } catch (error) {
    session.cancel('alarm', cmd.cmdId);
    const failure = failureOf(error, 'Failed to fetch data!', session.log);
    session.send(
      alarmDataError(
        cmd.cmdId,
        failure.errorCode,
        failure.errorMsg,
        deps.settings.maxEntitiesPerDataSubscription,
      ),
    );
  }
}
