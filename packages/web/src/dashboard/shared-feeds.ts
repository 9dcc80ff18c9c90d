import type { DataKey } from '@meridian/common';
import type { TelemetrySocket } from '../api/ws/telemetry-socket';
import { type FeedContext, startEntityFeed } from './datasource-feeds';
import type { AliasEntity } from './runtime/alias-resolution';
import { type EntityValues, initialValues } from './runtime/widget-data';

/**
 * Widgets that show the same keys of the same entities over the same window share one entity data
 * subscription (issue: "subscriptions shared between widgets on the same keys"): the first starts
 * it, later ones get its values so far at once, and the last one to leave ends it.
 */

interface Viewer {
  show: (values: EntityValues[]) => void;
  fail: (message: string) => void;
}

interface SharedFeed {
  values: EntityValues[];
  /** Whether the subscription has delivered anything yet (else a joiner keeps its own initial values). */
  fed: boolean;
  viewers: Set<Viewer>;
  stop: () => void;
}

/** Feeds per socket: a new session (another socket) never reads an old session's values. */
const feedsBySocket = new WeakMap<TelemetrySocket, Map<string, SharedFeed>>();

/** What makes two feeds the same: entities, keys (with their post-processing), mode, window, aggregation. */
export function sharedFeedKey(
  context: Pick<FeedContext, 'mode' | 'window' | 'aggregation'>,
  entities: readonly AliasEntity[],
  dataKeys: readonly DataKey[],
): string {
  return JSON.stringify([
    context.mode,
    context.window,
    context.aggregation ?? null,
    entities.map((e) => [e.id.id, e.name, e.label]),
    dataKeys.map((k) => [k.type, k.name, k.usePostProcessing ? k.postFuncBody : null]),
  ]);
}

/** An entity datasource's feed, shared with every other widget that asks for the same one. */
export function startSharedEntityFeed(
  context: FeedContext,
  index: number,
  entities: readonly AliasEntity[],
  dataKeys: readonly DataKey[],
): () => void {
  let feeds = feedsBySocket.get(context.socket);
  if (!feeds) {
    feeds = new Map();
    feedsBySocket.set(context.socket, feeds);
  }
  const key = sharedFeedKey(context, entities, dataKeys);
  let feed = feeds.get(key);
  if (!feed) {
    const created: SharedFeed = {
      values: initialValues(entities, dataKeys),
      fed: false,
      viewers: new Set(),
      stop: () => undefined,
    };
    created.stop = startEntityFeed(
      {
        ...context,
        update: (_index, change) => {
          created.values = change(created.values);
          created.fed = true;
          for (const viewer of created.viewers) viewer.show(created.values);
        },
        fail: (message) => {
          for (const viewer of created.viewers) viewer.fail(message);
        },
      },
      0,
      entities,
      dataKeys,
    );
    feeds.set(key, created);
    feed = created;
  }
  const viewer: Viewer = {
    show: (values) => context.update(index, () => values),
    fail: context.fail,
  };
  feed.viewers.add(viewer);
  if (feed.fed) viewer.show(feed.values);
  const shared = feed;
  const registry = feeds;
  return () => {
    shared.viewers.delete(viewer);
    if (shared.viewers.size > 0) return;
    shared.stop();
    if (registry.get(key) === shared) registry.delete(key);
  };
}
