import { SubscriptionErrorCode } from '@meridian/common';
import type { WsSession } from './session.js';
import { v1Error } from './updates.js';

/** What v1 attribute and time-series subscription commands share (reference §3.2). */
interface V1SubscriptionCmd {
  cmdId: number;
  entityId?: string | undefined;
  unsubscribe?: boolean | undefined;
}

/**
 * False when the command was settled here: an unsubscribe (without an entity id it cancels every
 * v1 subscription, as the reference does) or a command without an entity id, which is refused.
 */
export function isSubscription<C extends V1SubscriptionCmd>(
  session: WsSession,
  cmd: C,
): cmd is C & { entityId: string } {
  if (cmd.unsubscribe) {
    if (cmd.entityId) session.cancel('v1', cmd.cmdId);
    else session.cancelAll('v1');
    return false;
  }
  if (!cmd.entityId) {
    session.send(v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, 'Device id is empty!'));
    return false;
  }
  return true;
}
