import type { RpcDeliveryChannel } from '../modules/rpc/delivery-channel.js';
import type { RpcOutcome } from '../modules/rpc/dispatcher.js';
import type { RpcReplySink, ToDeviceRpc } from '../transport/core/types.js';
import type { ClusterBus, ClusterLog } from './cluster-bus.js';
import type { ClusterMembers } from './membership.js';

/** The transport's session registry, as far as RPC routing needs it. */
export interface LocalRpcSessions extends RpcDeliveryChannel {
  onRpcUnsubscribed(listener: (deviceId: string) => void): () => void;
  rpcSubscribedDeviceIds(): string[];
}

type SubscriberNotice = { deviceIds: string[]; subscribed: boolean };
type Delivery = { deviceId: string; rpc: ToDeviceRpc };
type DeviceAnswer = { deviceId: string; requestId: number } & (
  | { kind: 'delivered' }
  | { kind: 'reply'; payload: string }
);

/** How long a node waits for another to say whether its device session took an RPC. */
const DELIVERY_TIMEOUT_MS = 5000;

/**
 * Server-side RPCs across nodes. A device's session lives on one node, while the RPC is sent by
 * whichever node's dispatcher holds it (the node that took the REST call, or that ran the RPC
 * rule node). Nodes announce which devices listen for RPCs on them; an RPC for a device listening
 * elsewhere is handed to that node, whose session delivers it, and the device's acknowledgement
 * and reply travel back to the dispatcher that sent it. REST calls waiting on one node for an RPC
 * that the rule engine ran on another hear its outcome the same way.
 */
export class ClusterRpcRouting implements RpcDeliveryChannel, RpcReplySink {
  /** Devices listening for RPCs on other nodes: device id → node id. */
  private readonly remoteSubscribers = new Map<string, string>();
  /** RPCs this node's sessions took for another node's dispatcher: `device/requestId` → node id. */
  private readonly forwarded = new Map<string, string>();
  private readonly subscribedListeners = new Set<(deviceId: string) => void>();
  private readonly stops: (() => void)[] = [];
  private sink: RpcReplySink | undefined;
  private knownNodes = new Set<string>();

  constructor(
    private readonly bus: ClusterBus,
    private readonly members: ClusterMembers,
    private readonly local: LocalRpcSessions,
    private readonly log: ClusterLog,
  ) {}

  /**
   * `sink`: this node's dispatcher; `local.completeRest`: this node's waiting REST calls;
   * `local.answerClientRpc`: this node's devices waiting for the answer of their own RPC.
   */
  start(
    sink: RpcReplySink,
    local: {
      completeRest(requestUUID: string, outcome: RpcOutcome): boolean;
      answerClientRpc(id: number, reply: unknown): boolean;
    },
  ): void {
    this.sink = sink;
    const subscribers = this.bus.subject('rpc', 'subscribers');
    this.stops.push(
      this.local.onRpcSubscribed((deviceId) => {
        this.bus.publish(subscribers, { deviceIds: [deviceId], subscribed: true } satisfies SubscriberNotice);
        this.tellSubscribed(deviceId);
      }),
      this.local.onRpcUnsubscribed((deviceId) =>
        this.bus.publish(subscribers, {
          deviceIds: [deviceId],
          subscribed: false,
        } satisfies SubscriberNotice),
      ),
      this.bus.subscribe<SubscriberNotice>(subscribers, (notice, from) => {
        for (const deviceId of notice.deviceIds) {
          if (notice.subscribed) {
            this.remoteSubscribers.set(deviceId, from);
            this.tellSubscribed(deviceId);
          } else if (this.remoteSubscribers.get(deviceId) === from) {
            this.remoteSubscribers.delete(deviceId);
          }
        }
      }),
      this.bus.respond<Delivery, boolean>(
        this.bus.subject('rpc', 'deliver', this.bus.nodeId),
        (delivery, from) => this.deliverForPeer(delivery, from),
      ),
      this.bus.subscribe<DeviceAnswer>(this.bus.subject('rpc', 'answer', this.bus.nodeId), (answer) => {
        if (answer.kind === 'delivered') sink.delivered(answer.deviceId, answer.requestId);
        else sink.reply(answer.deviceId, answer.requestId, answer.payload);
      }),
      this.bus.subscribe<{ requestUUID: string; outcome: RpcOutcome }>(
        this.bus.subject('rpc', 'rest-outcome'),
        ({ requestUUID, outcome }) => void local.completeRest(requestUUID, outcome),
      ),
      this.bus.subscribe<{ id: number; reply: unknown }>(
        this.bus.subject('rpc', 'client-answer', this.bus.nodeId),
        ({ id, reply }) => void local.answerClientRpc(id, reply),
      ),
      // A node that joins hears which devices listen where; a node that left takes its devices along.
      this.members.onChange(() => this.membersChanged(subscribers)),
    );
    this.announceAll(subscribers);
  }

  /** The outcome of an RPC whose REST call does not wait on this node: to the node where it waits. */
  forwardRestOutcome(requestUUID: string, outcome: RpcOutcome): void {
    this.bus.publish(this.bus.subject('rpc', 'rest-outcome'), { requestUUID, outcome });
  }

  /** The answer to a device's own RPC, for the node where the device waits (metadata `serviceId`). */
  forwardClientRpcAnswer(node: string, id: number, reply: unknown): void {
    this.bus.publish(this.bus.subject('rpc', 'client-answer', node), { id, reply });
  }

  // RpcDeliveryChannel, for this node's dispatcher.

  deliverRpc(deviceId: string, rpc: ToDeviceRpc): boolean {
    if (this.local.deliverRpc(deviceId, rpc)) return true;
    const node = this.remoteSubscribers.get(deviceId);
    if (node === undefined) return false;
    this.bus
      .request<boolean>(
        this.bus.subject('rpc', 'deliver', node),
        { deviceId, rpc } satisfies Delivery,
        DELIVERY_TIMEOUT_MS,
      )
      .then(
        (taken) => {
          // Not taken: the session went away; the RPC goes out again when the device listens anew.
          if (!taken && this.remoteSubscribers.get(deviceId) === node)
            this.remoteSubscribers.delete(deviceId);
        },
        (err: unknown) => this.log.warn({ err, deviceId, node }, 'RPC could not be handed to its node'),
      );
    return true;
  }

  hasRpcSubscriber(deviceId: string): boolean {
    return this.local.hasRpcSubscriber(deviceId) || this.remoteSubscribers.has(deviceId);
  }

  onRpcSubscribed(listener: (deviceId: string) => void): () => void {
    this.subscribedListeners.add(listener);
    return () => this.subscribedListeners.delete(listener);
  }

  // RpcReplySink, for this node's device sessions.

  delivered(deviceId: string, requestId: number): void {
    const node = this.forwarded.get(key(deviceId, requestId));
    if (node === undefined) {
      this.sink?.delivered(deviceId, requestId);
      return;
    }
    this.answer(node, { deviceId, requestId, kind: 'delivered' });
  }

  reply(deviceId: string, requestId: number, payload: string): void {
    const node = this.forwarded.get(key(deviceId, requestId));
    if (node === undefined) {
      this.sink?.reply(deviceId, requestId, payload);
      return;
    }
    this.forwarded.delete(key(deviceId, requestId));
    this.answer(node, { deviceId, requestId, kind: 'reply', payload });
  }

  close(): void {
    for (const stop of this.stops.splice(0)) stop();
    this.subscribedListeners.clear();
  }

  private deliverForPeer({ deviceId, rpc }: Delivery, from: string): boolean {
    const id = key(deviceId, rpc.requestId);
    this.forwarded.set(id, from);
    const taken = this.local.deliverRpc(deviceId, rpc);
    // A one-way RPC is done once delivered; a two-way one waits for its reply until it expires.
    if (!taken || rpc.oneway) this.forwarded.delete(id);
    else {
      const forget = setTimeout(
        () => this.forwarded.delete(id),
        Math.max(0, rpc.expirationTime - Date.now()) + DELIVERY_TIMEOUT_MS,
      );
      forget.unref();
    }
    return taken;
  }

  private answer(node: string, answer: DeviceAnswer): void {
    this.bus.publish(this.bus.subject('rpc', 'answer', node), answer);
  }

  private tellSubscribed(deviceId: string): void {
    for (const listener of this.subscribedListeners) {
      try {
        listener(deviceId);
      } catch (err) {
        this.log.error({ err, deviceId }, 'RPC subscription listener failed');
      }
    }
  }

  private membersChanged(subject: string): void {
    const live = new Set(this.members.liveNodes());
    for (const [deviceId, node] of this.remoteSubscribers)
      if (!live.has(node)) this.remoteSubscribers.delete(deviceId);
    const joined = [...live].some((node) => !this.knownNodes.has(node));
    this.knownNodes = live;
    if (joined) this.announceAll(subject);
  }

  private announceAll(subject: string): void {
    this.knownNodes = new Set(this.members.liveNodes());
    const deviceIds = this.local.rpcSubscribedDeviceIds();
    for (let i = 0; i < deviceIds.length; i += 1000) {
      this.bus.publish(subject, {
        deviceIds: deviceIds.slice(i, i + 1000),
        subscribed: true,
      } satisfies SubscriberNotice);
    }
  }
}

function key(deviceId: string, requestId: number): string {
  return `${deviceId}/${requestId}`;
}
