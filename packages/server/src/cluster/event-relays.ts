import type { LoginThrottle, SignInOutcome } from '../auth/login-throttle.js';
import type { TokenOutdating, TokenOutdatingChange } from '../auth/token-outdating.js';
import type { ApiUsageService, UsageDeltas } from '../modules/api-usage/service.js';
import type { TelemetryChange, TelemetryService } from '../telemetry/service.js';
import type { ClusterBus } from './cluster-bus.js';

/** An in-process notice bus (device, alarm, rule chain events): listeners and a synchronous emit. */
export interface NoticeBus<T> {
  on(listener: (event: T) => void): () => void;
  emit(event: T): void;
}

/**
 * Sends what `onLocal` reports to the other nodes under `topic`, and hands what they send to
 * `applyRemote`. Returns the remover.
 */
function relay<T>(
  bus: ClusterBus,
  topic: string,
  onLocal: (listener: (event: T) => void) => () => void,
  applyRemote: (event: T) => void,
): () => void {
  const subject = bus.subject('events', topic);
  const stopLocal = onLocal((event) => bus.publish(subject, event));
  const stopRemote = bus.subscribe<T>(subject, applyRemote);
  return () => {
    stopLocal();
    stopRemote();
  };
}

/**
 * Carries a notice bus's events to the other nodes and theirs to this one's listeners, so every
 * node's caches, sessions and subscribers hear every change whichever node made it. `relaying`
 * keeps an event heard from another node from being sent out again (emit is synchronous).
 */
export function relayNotices<T>(topic: string, notices: NoticeBus<T>): NoticeRelay {
  return (bus) => relayNoticesOn(bus, topic, notices);
}

/** A relay to start once the node joined: returns its remover. */
export type NoticeRelay = (bus: ClusterBus) => () => void;

function relayNoticesOn<T>(bus: ClusterBus, topic: string, notices: NoticeBus<T>): () => void {
  let relaying = false;
  return relay<T>(
    bus,
    topic,
    (listener) =>
      notices.on((event) => {
        if (!relaying) listener(event);
      }),
    (event) => {
      relaying = true;
      try {
        notices.emit(event);
      } finally {
        relaying = false;
      }
    },
  );
}

/**
 * Telemetry writes reach the WebSocket subscribers, device sessions and caches of every node.
 * Only this node's writes go out; the others' reach the listeners of every change here.
 */
export function relayTelemetry(bus: ClusterBus, telemetry: TelemetryService): () => void {
  return relay<TelemetryChange>(
    bus,
    'telemetry',
    (listener) => telemetry.onLocalChange(listener),
    (change) => telemetry.applyRemoteChange(change),
  );
}

/** Outdated tokens and removed users or customers are refused by every node at once. */
export function relayTokenOutdating(bus: ClusterBus, outdating: TokenOutdating): () => void {
  return relay<TokenOutdatingChange>(
    bus,
    'token-outdating',
    (listener) => outdating.onLocalChange(listener),
    (change) => outdating.applyRemoteChange(change),
  );
}

/** Sign-in throttling holds across nodes: every node counts every node's failed sign-ins. */
export function relaySignInOutcomes(bus: ClusterBus, throttle: LoginThrottle): () => void {
  return relay<SignInOutcome>(
    bus,
    'sign-in',
    (listener) => throttle.onLocalOutcome(listener),
    (outcome) => throttle.applyRemoteOutcome(outcome),
  );
}

/** Monthly API usage counts (and so its limits) are the whole cluster's on every node. */
export function relayApiUsage(bus: ClusterBus, usage: ApiUsageService): () => void {
  return relay<UsageDeltas>(
    bus,
    'api-usage',
    (listener) => usage.onLocalDeltas(listener),
    (deltas) => usage.applyRemoteDeltas(deltas),
  );
}
