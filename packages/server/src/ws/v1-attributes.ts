import {
  type AttributeKvEntry,
  type AttributeScope,
  isAttributeScope,
  SubscriptionErrorCode,
} from '@meridian/common';
import { valueAsString } from '../telemetry/values.js';
import type { WsDeps } from './deps.js';
import { readableEntity, splitKeys } from './entity-access.js';
import { failureOf } from './errors.js';
import { LiveFeed } from './live-feed.js';
import type { AttributesCmd } from './parse.js';
import type { WsSession } from './session.js';
import { type V1Data, v1Data, v1Error } from './updates.js';
import { isSubscription } from './v1-command.js';

/**
 * `attrSubCmds` (reference §3.2, §3.3): the current attributes of one entity (one scope or all,
 * some keys or all), then each change of them. Deleted attributes are not reported: the reference
 * documents no message for them on this v1 subscription.
 */

/** Pairs of attributes; a key present in several scopes keeps its newest value. */
function attributeData(entries: readonly AttributeKvEntry[]): V1Data {
  const newest = new Map<string, AttributeKvEntry>();
  for (const entry of entries) {
    const seen = newest.get(entry.key);
    if (!seen || seen.lastUpdateTs <= entry.lastUpdateTs) newest.set(entry.key, entry);
  }
  const data: V1Data = {};
  for (const [key, entry] of newest) data[key] = [[entry.lastUpdateTs, valueAsString(entry.value)]];
  return data;
}

export async function handleAttributesCmd(
  session: WsSession,
  deps: WsDeps,
  cmd: AttributesCmd,
): Promise<void> {
  if (!isSubscription(session, cmd)) return;
  let scope: AttributeScope | undefined;
  if (cmd.scope) {
    if (!isAttributeScope(cmd.scope)) {
      session.send(
        v1Error(cmd.cmdId, SubscriptionErrorCode.BAD_REQUEST, `Invalid attribute scope: ${cmd.scope}`),
      );
      return;
    }
    scope = cmd.scope;
  }
  const keys = splitKeys(cmd.keys);
  const wanted = keys.length > 0 ? new Set(keys) : undefined;
  try {
    const entityId = await readableEntity(
      deps.db,
      session.principal,
      'READ_ATTRIBUTES',
      cmd.entityType,
      cmd.entityId,
    );
    const feed = new LiveFeed(deps.index, (change) => {
      if (change.type !== 'ATTRIBUTES_UPDATED' || (scope && change.scope !== scope)) return;
      const entries = wanted ? change.entries.filter((entry) => wanted.has(entry.key)) : change.entries;
      if (entries.length > 0) session.send(v1Data(cmd.cmdId, attributeData(entries)));
    });
    session.put('v1', cmd.cmdId, feed);
    feed.watch(entityId.id);
    const entries = await deps.telemetry.attributes(entityId, scope, keys.length > 0 ? keys : undefined);
    session.send(v1Data(cmd.cmdId, attributeData(entries)));
    feed.start();
  } catch (error) {
    session.cancel('v1', cmd.cmdId);
    const failure = failureOf(error, 'Failed to fetch attributes!', session.log);
    session.send(v1Error(cmd.cmdId, failure.errorCode, failure.errorMsg));
  }
}
