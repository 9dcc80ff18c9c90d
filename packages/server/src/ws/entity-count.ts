import { SubscriptionErrorCode } from '@meridian/common';
import type { WsDeps } from './deps.js';
import { failureOf } from './errors.js';
import type { QueryCmd } from './parse.js';
import type { Subscription, WsSession } from './session.js';
import { entityCount, entityCountError, v1Error } from './updates.js';

/**
 * `entityCountCmds` (reference §3.3): count the query's entities now, then re-count every refresh
 * interval and send the count only when it changed.
 */
class EntityCountSubscription implements Subscription {
  private timer: NodeJS.Timeout | undefined;
  private closed = false;

  constructor(
    private readonly session: WsSession,
    private readonly deps: WsDeps,
    private readonly cmdId: number,
    private readonly query: Record<string, unknown>,
    private last: number,
  ) {}

  start(): void {
    this.timer = setInterval(
      () => this.session.enqueue(() => this.recount()),
      this.deps.settings.refreshIntervalMs,
    );
    this.timer.unref();
  }

  private async recount(): Promise<void> {
    if (this.closed) return;
    try {
      const count = await this.deps.queries.count(this.session.principal, this.query);
      if (this.closed || count === this.last) return;
      this.last = count;
      this.session.send(entityCount(this.cmdId, count));
    } catch (error) {
      const failure = failureOf(error, 'Failed to fetch data!', this.session.log);
      this.session.send(entityCountError(this.cmdId, failure.errorCode, failure.errorMsg));
    }
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
  }
}

export async function handleEntityCountCmd(session: WsSession, deps: WsDeps, cmd: QueryCmd): Promise<void> {
  if (cmd.cmdId < 0) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Cmd id is negative value!'));
    return;
  }
  if (!cmd.query) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Query is empty!'));
    return;
  }
  session.cancel('count', cmd.cmdId);
  try {
    const count = await deps.queries.count(session.principal, cmd.query);
    const subscription = new EntityCountSubscription(session, deps, cmd.cmdId, cmd.query, count);
    session.put('count', cmd.cmdId, subscription);
    session.send(entityCount(cmd.cmdId, count));
    subscription.start();
  } catch (error) {
    const failure = failureOf(error, 'Failed to fetch data!', session.log);
    session.send(entityCountError(cmd.cmdId, failure.errorCode, failure.errorMsg));
  }
}
