import { FAILURE_RELATION } from '@meridian/common';
import { ChainRuntime, type RunningNode } from './chain/chain-runtime.js';
import type { ChainSource } from './chain/chain-source.js';
import type { ComponentStats } from './component-stats.js';
import { ACK_NODE, RULE_CHAIN_INPUT_NODE, RULE_CHAIN_OUTPUT_NODE } from './flow-classes.js';
import { changeMsg, MAIN_QUEUE, type RuleMsg } from './message.js';
import {
  CONSUMED,
  type NodeOutput,
  type NodeResult,
  type RuleEngineLog,
  type RuleEngineServices,
} from './node.js';
import { PartitionedQueue, type QueueItem, type RuleEngineQueue } from './queue/partitioned-queue.js';
import { DEFAULT_QUEUES, type QueueConfig } from './queue/queue-config.js';
import type { RuleNodeRegistry } from './registry.js';

/** What the engine reports for debug events (the events module records them). */
export interface RuleEngineEventSink {
  nodeDebug(event: {
    tenantId: string;
    ruleChainId: string;
    nodeId: string;
    direction: 'IN' | 'OUT';
    msg: RuleMsg;
    relationType?: string;
    error?: string;
  }): void;
  lifecycle(
    tenantId: string,
    entity: { entityType: 'RULE_CHAIN' | 'RULE_NODE'; id: string },
    event: 'STARTED' | 'UPDATED' | 'STOPPED',
    error?: string,
  ): void;
}

export interface RuleEngineDeps {
  registry: RuleNodeRegistry;
  chains: ChainSource;
  services: RuleEngineServices;
  /** The tenant profile's `maxRuleNodeExecutionsPerMessage`; 0 for no limit. */
  executionLimit(tenantId: string): Promise<number>;
  events?: RuleEngineEventSink;
  /** Message and error counts of chains and nodes (STATS and ERROR events). */
  stats?: ComponentStats;
  /** The tenants' monthly API usage: rule node executions count, and a disabled tenant's messages drop. */
  usage?: RuleEngineUsage;
  queues?: readonly QueueConfig[];
  log: RuleEngineLog;
}

export interface RuleEngineUsage {
  /** False once the tenant's rule engine executions reached its monthly limit. */
  ruleEngineEnabled(tenantId: string): boolean;
  ruleNodeExecuted(tenantId: string): void;
}

export class ExecutionLimitError extends Error {}

/** A queued message as it travels between the nodes of a cluster. */
export interface SharedMessage {
  tenantId: string;
  msg: RuleMsg;
  entry: Entry;
}

/**
 * The queues of a cluster (cluster/queue/): a message is stored in the broker, partitioned by
 * `partitionKey`, and processed by whichever node holds its partition, with the queue's strategies.
 */
export interface SharedQueues {
  /** Resolves once the broker stored the message (the device may be acknowledged then). */
  publish(queueName: string, partitionKey: string, tenantKey: string, message: SharedMessage): Promise<void>;
  /** Consumes this node's partitions: `handler` rejects when the message failed. */
  start(handler: (message: SharedMessage) => Promise<void>): Promise<void>;
  /** Stops consuming, finishes what is in flight and hands the partitions over. */
  close(): Promise<void>;
}

/** Where a queued message starts: a chain's first node, or a node's outputs (late sends, checkpoints). */
export type Entry =
  | { kind: 'chain'; ruleChainId: string | null }
  | { kind: 'outputs'; ruleChainId: string; nodeId: string; relations: readonly string[] };

/** A caller's chain, waiting for a nested chain's output node. */
interface ReturnPoint {
  chain: ChainRuntime;
  node: RunningNode;
}

/**
 * One message's processing: the branches it split into along the chain. It completes when every
 * branch ended (acknowledged), and fails when a branch ended on an unconnected Failure.
 */
class MsgRun {
  private pending = 1;
  private error: Error | undefined;
  executions = 0;
  readonly done: Promise<void>;
  private resolve!: () => void;
  private reject!: (error: Error) => void;

  constructor(
    readonly tenantId: string,
    readonly queueName: string,
  ) {
    this.done = new Promise<void>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** The current branch continues as `count` branches (0 ends it), one of them failed with `error`. */
  split(count: number, error?: Error): void {
    if (error && !this.error) this.error = error;
    this.pending += count - 1;
    if (this.pending === 0) {
      if (this.error) this.reject(this.error);
      else this.resolve();
    }
  }

  end(error?: Error): void {
    this.split(0, error);
  }
}

/** Messages of one originator are processed in order: their partition and their group. */
function originatorKeyOf(tenantId: string, msg: RuleMsg): string {
  return `${tenantId}:${msg.originator.id}`;
}

interface Processing {
  process(tenantId: string, msg: RuleMsg, entry: Entry): Promise<void>;
  log: RuleEngineLog;
}

/**
 * A message waiting in an in-process queue. One object with methods rather than an item of
 * closures, and its keys made when asked rather than kept: thousands wait at a time under load,
 * and what each keeps alive is copied by every young-generation collection (issue 14).
 */
class QueuedMessage implements QueueItem {
  constructor(
    private readonly processing: Processing,
    readonly tenantKey: string,
    private readonly msg: RuleMsg,
    private readonly entry: Entry,
    private readonly resolve: () => void,
    private readonly reject: (error: Error) => void,
  ) {}

  get partitionKey(): string {
    return originatorKeyOf(this.tenantKey, this.msg);
  }

  get originatorKey(): string {
    return originatorKeyOf(this.tenantKey, this.msg);
  }

  process(): Promise<void> {
    return this.processing.process(this.tenantKey, this.msg, this.entry);
  }

  settle(outcome: { ok: true } | { ok: false; error: Error }): void {
    if (outcome.ok) this.resolve();
    else if (outcome.error.message === 'The rule engine is stopping') this.reject(outcome.error);
    else {
      const { msg } = this;
      this.processing.log.warn(
        { err: outcome.error, tenantId: this.tenantKey, msgType: msg.type, originator: msg.originator },
        'rule engine message processing failed',
      );
      this.resolve();
    }
  }
}

/** The tenant's chains, started on first use. */
interface TenantChains {
  root: Promise<string | null> | undefined;
  /** The root chain's id once read (null: none); undefined until then. */
  rootValue: string | null | undefined;
  chains: Map<string, Promise<ChainRuntime | undefined>>;
  /** Chains started, by id (a chain that is not there is absent). */
  running: Map<string, ChainRuntime>;
  executionLimit: Promise<number> | undefined;
  executionLimitValue: number | undefined;
}

/**
 * The rule engine (reference §6.3): messages enter a queue, partitioned by tenant and originator;
 * each is delivered to its chain (the device profile's, else the tenant's root chain) and flows
 * from node to node along the connections whose relation type a node answers. A node failure
 * never stops the engine: the message leaves by Failure with the error in its metadata.
 */
export class RuleEngine {
  private readonly queues = new Map<string, RuleEngineQueue>();
  private readonly tenants = new Map<string, TenantChains>();
  private readonly log: RuleEngineLog;
  /** Nodes delivered to within the current synchronous call (see deliverNext). */
  private syncDepth = 0;
  /** In a cluster: the broker's queues replace the in-process ones. */
  private shared: SharedQueues | undefined;
  /** Messages from the shared queues being processed here. */
  private readonly sharedInFlight = new Set<Promise<void>>();

  /** How the in-process queues run a message: one object shared by every queued message. */
  private readonly processing: Processing;

  constructor(private readonly deps: RuleEngineDeps) {
    this.log = deps.log;
    this.processing = {
      process: (tenantId, msg, entry) => this.process(tenantId, msg, entry),
      log: deps.log,
    };
    for (const config of deps.queues ?? DEFAULT_QUEUES) {
      this.queues.set(
        config.name,
        new PartitionedQueue(config, (err) =>
          this.log.error({ err, queue: config.name }, 'rule engine queue failed'),
        ),
      );
    }
  }

  /**
   * Queues a message of a tenant for its chain. Resolves once the queue is done with it: processed,
   * or given up by the queue's processing strategy; in a cluster, once the broker stored it (as the
   * reference acknowledges devices once their message is committed to the queue). Rejects only when
   * the engine is stopping or, in a cluster, when the broker did not take the message.
   */
  push(tenantId: string, msg: RuleMsg): Promise<void> {
    // As the reference, a tenant over its monthly rule engine executions has its messages dropped.
    if (this.deps.usage && !this.deps.usage.ruleEngineEnabled(tenantId)) return Promise.resolve();
    return this.enqueue(tenantId, msg, { kind: 'chain', ruleChainId: msg.ruleChainId });
  }

  /** Queues a message nobody waits for (entity and alarm events); failures are logged. */
  tell(tenantId: string, msg: RuleMsg): void {
    this.push(tenantId, msg).catch((err: unknown) =>
      this.log.warn({ err, msgType: msg.type }, 'rule engine message dropped'),
    );
  }

  /** A chain was saved or deleted: it restarts on its next message. */
  async chainChanged(tenantId: string, ruleChainId: string): Promise<void> {
    const tenant = this.tenants.get(tenantId);
    const running = tenant?.chains.get(ruleChainId);
    if (!tenant || !running) return;
    tenant.chains.delete(ruleChainId);
    tenant.running.delete(ruleChainId);
    const runtime = await running.catch(() => undefined);
    if (runtime) await this.stopChain(runtime);
  }

  /** The tenant's root chain changed. */
  rootChanged(tenantId: string): void {
    const tenant = this.tenants.get(tenantId);
    if (tenant) {
      tenant.root = undefined;
      tenant.rootValue = undefined;
    }
  }

  /** The tenant's profile changed (its limits) or the tenant was deleted: everything restarts. */
  async tenantChanged(tenantId: string): Promise<void> {
    const tenant = this.tenants.get(tenantId);
    if (!tenant) return;
    this.tenants.delete(tenantId);
    for (const running of tenant.chains.values()) {
      const runtime = await running.catch(() => undefined);
      if (runtime) await this.stopChain(runtime);
    }
  }

  /**
   * Cluster mode: from now on messages go to the shared queues, and this node processes those of
   * the partitions it is given.
   */
  async useSharedQueues(shared: SharedQueues): Promise<void> {
    this.shared = shared;
    await shared.start(({ tenantId, msg, entry }) => {
      const processing = this.process(tenantId, msg, entry);
      this.sharedInFlight.add(processing);
      const forget = () => this.sharedInFlight.delete(processing);
      processing.then(forget, forget);
      return processing;
    });
  }

  /** Waits until every queued message is done (tests, shutdown); in a cluster, those processed here. */
  async idle(): Promise<void> {
    while (this.sharedInFlight.size > 0) await Promise.allSettled([...this.sharedInFlight]);
    for (let round = 0; round < 100; round++) {
      await Promise.all([...this.queues.values()].map((queue) => queue.idle()));
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (![...this.queues.values()].some((queue) => queue.busy)) return;
    }
  }

  async close(): Promise<void> {
    await this.shared?.close();
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    for (const tenantId of [...this.tenants.keys()]) await this.tenantChanged(tenantId);
  }

  private queueOf(name: string): RuleEngineQueue {
    return this.queues.get(name) ?? (this.queues.get(MAIN_QUEUE) as RuleEngineQueue);
  }

  private enqueue(tenantId: string, msg: RuleMsg, entry: Entry): Promise<void> {
    const queue = this.queueOf(msg.queueName);
    const queued =
      msg.queueName === queue.config.name ? msg : changeMsg(msg, { queueName: queue.config.name });
    if (this.shared) {
      return this.shared.publish(queue.config.name, originatorKeyOf(tenantId, queued), tenantId, {
        tenantId,
        msg: queued,
        entry,
      });
    }
    return new Promise<void>((resolve, reject) => {
      queue.add(new QueuedMessage(this.processing, tenantId, queued, entry, resolve, reject));
    });
  }

  private process(tenantId: string, msg: RuleMsg, entry: Entry): Promise<void> {
    const run = new MsgRun(tenantId, msg.queueName);
    if (entry.kind === 'chain') {
      const begin = (chain: ChainRuntime | undefined) => {
        const first = chain?.first;
        if (!chain || !first) run.end();
        else {
          this.deps.stats?.processed(tenantId, { entityType: 'RULE_CHAIN', id: chain.chain.id });
          this.deliver(run, chain, first, msg, []);
        }
      };
      // Chains already running are used at once; only the first message of a chain waits for it.
      const known = this.knownChainFor(tenantId, entry.ruleChainId);
      if (known !== null) begin(known);
      else
        return this.chainFor(tenantId, entry.ruleChainId).then((chain) => {
          begin(chain);
          return run.done;
        });
    } else {
      void this.chain(tenantId, entry.ruleChainId).then(
        (chain) => {
          const node = chain?.nodeById(entry.nodeId);
          if (!chain || !node) run.end();
          else this.route(run, chain, node, [{ msg, relations: entry.relations }], []);
        },
        (error: unknown) => run.end(error as Error),
      );
    }
    return run.done;
  }

  /**
   * Runs one node on a message and routes what it answers. Synchronous as far as the nodes are:
   * only a node that answers with a promise (storage, scripts, lookups) makes the message wait,
   * so a message crosses switches and filters without a round through the microtask queue.
   */
  private deliver(
    run: MsgRun,
    chain: ChainRuntime,
    node: RunningNode,
    msg: RuleMsg,
    stack: ReturnPoint[],
  ): void {
    const limit = this.knownExecutionLimit(run.tenantId);
    if (limit === undefined) {
      this.executionLimit(run.tenantId).then(
        () => this.deliver(run, chain, node, msg, stack),
        (error: unknown) => run.end(error as Error),
      );
      return;
    }
    try {
      run.executions++;
      this.deps.usage?.ruleNodeExecuted(run.tenantId);
      if (limit > 0 && run.executions > limit) {
        run.end(new ExecutionLimitError(`Message exceeded the limit of ${limit} rule node executions`));
        return;
      }
      this.debug(chain, node, 'IN', msg);
      this.deps.stats?.processed(run.tenantId, { entityType: 'RULE_NODE', id: node.id });
      if (node.clazz === RULE_CHAIN_INPUT_NODE) {
        this.enterChain(run, chain, node, msg, stack).catch((error: unknown) => run.end(error as Error));
        return;
      }
      if (node.clazz === RULE_CHAIN_OUTPUT_NODE) {
        this.leaveChain(run, node, msg, stack);
        return;
      }
      let result: ReturnType<RunningNode['instance']['onMsg']>;
      try {
        result = node.instance.onMsg(msg);
      } catch (error) {
        this.afterNode(run, chain, node, stack, this.nodeFailed(run, node, msg, error));
        return;
      }
      if (isPromise(result)) {
        result.then(
          (answer) => this.afterNode(run, chain, node, stack, outputsOf(answer)),
          (error: unknown) => this.afterNode(run, chain, node, stack, this.nodeFailed(run, node, msg, error)),
        );
      } else {
        this.afterNode(run, chain, node, stack, outputsOf(result));
      }
    } catch (error) {
      this.log.error({ err: error, node: node.name }, 'rule engine delivery failed');
      run.end(error as Error);
    }
  }

  /** A node threw: counted as its error, and the message leaves by Failure with the error in its metadata. */
  private nodeFailed(run: MsgRun, node: RunningNode, msg: RuleMsg, error: unknown): readonly NodeOutput[] {
    this.deps.stats?.failed(
      run.tenantId,
      { entityType: 'RULE_NODE', id: node.id },
      'onMsg',
      errorText(error),
    );
    return failureOf(msg, error);
  }

  private afterNode(
    run: MsgRun,
    chain: ChainRuntime,
    node: RunningNode,
    stack: ReturnPoint[],
    outputs: readonly NodeOutput[],
  ): void {
    try {
      if (node.clazz === ACK_NODE) {
        // Acknowledged here: what follows runs on its own, and the message's queue (and device) is done.
        run.end();
        const detached = new MsgRun(run.tenantId, run.queueName);
        detached.done.catch((err: unknown) =>
          this.log.warn({ err }, 'message failed after acknowledge node'),
        );
        this.route(detached, chain, node, outputs, stack);
        return;
      }
      if (outputs.length === 0) {
        run.end();
        return;
      }
      this.route(run, chain, node, outputs, stack);
    } catch (error) {
      this.log.error({ err: error, node: node.name }, 'rule engine delivery failed');
      run.end(error as Error);
    }
  }

  /** Sends a node's outputs along the matching connections; the current branch ends here. */
  private route(
    run: MsgRun,
    chain: ChainRuntime,
    node: RunningNode,
    outputs: readonly NodeOutput[],
    stack: ReturnPoint[],
  ): void {
    const branches: [RunningNode, RuleMsg][] = [];
    let failure: Error | undefined;
    for (const output of outputs) {
      for (const relation of output.relations) this.debug(chain, node, 'OUT', output.msg, relation);
      if (output.msg.queueName !== run.queueName) {
        // A checkpoint: the message continues from here in another queue, and is done in this one.
        this.enqueue(run.tenantId, output.msg, {
          kind: 'outputs',
          ruleChainId: chain.chain.id,
          nodeId: node.id,
          relations: output.relations,
        }).catch(() => {});
        continue;
      }
      const targets = chain.targets(node, output.relations);
      if (targets.length === 0) {
        if (ChainRuntime.isFailure(output.relations)) {
          failure = new Error(output.msg.metadata.error ?? `Message failed in rule node '${node.name}'`);
        }
        continue;
      }
      for (const index of targets) branches.push([chain.nodes[index] as RunningNode, output.msg]);
    }
    run.split(branches.length, failure);
    for (const [target, msg] of branches) this.deliverNext(run, chain, target, msg, stack);
  }

  /**
   * Delivers to the next node in the same call while the synchronous depth is small; deeper, it
   * goes through the microtask queue, so a chain that loops through synchronous nodes cannot
   * overflow the stack.
   */
  private deliverNext(
    run: MsgRun,
    chain: ChainRuntime,
    node: RunningNode,
    msg: RuleMsg,
    stack: ReturnPoint[],
  ) {
    if (this.syncDepth >= MAX_SYNC_DEPTH) {
      queueMicrotask(() => this.deliver(run, chain, node, msg, stack));
      return;
    }
    this.syncDepth++;
    try {
      this.deliver(run, chain, node, msg, stack);
    } finally {
      this.syncDepth--;
    }
  }

  private async enterChain(
    run: MsgRun,
    caller: ChainRuntime,
    node: RunningNode,
    msg: RuleMsg,
    stack: ReturnPoint[],
  ): Promise<void> {
    const targetId = node.configuration.ruleChainId;
    const target = typeof targetId === 'string' ? await this.chain(run.tenantId, targetId) : undefined;
    const first = target?.first;
    if (!target || !first) {
      this.route(
        run,
        caller,
        node,
        [
          {
            msg: changeMsg(msg, {
              metadata: { ...msg.metadata, error: `Rule chain ${String(targetId)} not found` },
            }),
            relations: [FAILURE_RELATION],
          },
        ],
        stack,
      );
      return;
    }
    this.deps.stats?.processed(run.tenantId, { entityType: 'RULE_CHAIN', id: target.chain.id });
    this.deliver(run, target, first, msg, [...stack, { chain: caller, node }]);
  }

  /** An output node: back to the calling chain's rule chain node, leaving by this node's name. */
  private leaveChain(run: MsgRun, node: RunningNode, msg: RuleMsg, stack: ReturnPoint[]): void {
    const caller = stack.at(-1);
    if (!caller) {
      run.end();
      return;
    }
    this.route(run, caller.chain, caller.node, [{ msg, relations: [node.name] }], stack.slice(0, -1));
  }

  private debug(
    chain: ChainRuntime,
    node: RunningNode,
    direction: 'IN' | 'OUT',
    msg: RuleMsg,
    relationType?: string,
  ) {
    if (!node.debugMode || !this.deps.events) return;
    const error = relationType === FAILURE_RELATION ? msg.metadata.error : undefined;
    this.deps.events.nodeDebug({
      tenantId: chain.tenantId,
      ruleChainId: chain.chain.id,
      nodeId: node.id,
      direction,
      msg,
      ...(relationType === undefined ? {} : { relationType }),
      ...(error === undefined ? {} : { error }),
    });
  }

  private tenant(tenantId: string): TenantChains {
    let tenant = this.tenants.get(tenantId);
    if (!tenant) {
      tenant = {
        root: undefined,
        rootValue: undefined,
        chains: new Map(),
        running: new Map(),
        executionLimit: undefined,
        executionLimitValue: undefined,
      };
      this.tenants.set(tenantId, tenant);
    }
    return tenant;
  }

  /** The tenant's execution limit once known; undefined while it is being read. */
  private knownExecutionLimit(tenantId: string): number | undefined {
    return this.tenant(tenantId).executionLimitValue;
  }

  private executionLimit(tenantId: string): Promise<number> {
    const tenant = this.tenant(tenantId);
    tenant.executionLimit ??= this.deps
      .executionLimit(tenantId)
      .catch(() => 0)
      .then((limit) => {
        if (this.tenants.get(tenantId) === tenant) tenant.executionLimitValue = limit;
        return limit;
      });
    return tenant.executionLimit;
  }

  /** The message's chain when it names one of the tenant's, else the tenant's root chain. */
  private async chainFor(tenantId: string, ruleChainId: string | null): Promise<ChainRuntime | undefined> {
    if (ruleChainId) {
      const named = await this.chain(tenantId, ruleChainId);
      if (named) return named;
    }
    const tenant = this.tenant(tenantId);
    if (!tenant.root) {
      const lookup: Promise<string | null> = this.deps.chains.rootChainId(tenantId).then(
        (rootId) => {
          // Kept only if the root did not change meanwhile.
          if (this.tenants.get(tenantId) === tenant && tenant.root === lookup) tenant.rootValue = rootId;
          return rootId;
        },
        (err: unknown) => {
          if (tenant.root === lookup) tenant.root = undefined;
          throw err;
        },
      );
      tenant.root = lookup;
    }
    const rootId = await tenant.root;
    return rootId ? this.chain(tenantId, rootId) : undefined;
  }

  /**
   * The message's chain when it is known without waiting: the running chain it names, else the
   * running root chain; null when it must be looked up (chainFor).
   */
  private knownChainFor(tenantId: string, ruleChainId: string | null): ChainRuntime | null {
    const tenant = this.tenants.get(tenantId);
    if (!tenant) return null;
    if (ruleChainId) return tenant.running.get(ruleChainId) ?? null;
    const rootId = tenant.rootValue;
    if (rootId === undefined || rootId === null) return null;
    return tenant.running.get(rootId) ?? null;
  }

  private chain(tenantId: string, ruleChainId: string): Promise<ChainRuntime | undefined> {
    const tenant = this.tenant(tenantId);
    let running = tenant.chains.get(ruleChainId);
    if (!running) {
      const started = this.startChain(tenantId, ruleChainId);
      running = started;
      tenant.chains.set(ruleChainId, started);
      started.then(
        (runtime) => {
          if (runtime && tenant.chains.get(ruleChainId) === started) tenant.running.set(ruleChainId, runtime);
        },
        () => tenant.chains.delete(ruleChainId),
      );
    }
    return running;
  }

  private async startChain(tenantId: string, ruleChainId: string): Promise<ChainRuntime | undefined> {
    const stored = await this.deps.chains.loadChain(ruleChainId);
    // Another tenant's chain is no chain at all for this one.
    if (!stored || stored.tenantId !== tenantId) return undefined;
    const runtime = await ChainRuntime.start(
      stored,
      this.deps.registry,
      this.deps.services,
      {
        enqueueForTellNext: (chainId, node, msg, relations) => {
          this.enqueue(tenantId, msg, {
            kind: 'outputs',
            ruleChainId: chainId,
            nodeId: node.id,
            relations,
          }).catch(() => {});
        },
      },
      (node, error) => {
        this.log.warn({ err: error, ruleChainId, node: node.name }, 'rule node failed to start');
        this.deps.events?.lifecycle(
          tenantId,
          { entityType: 'RULE_NODE', id: node.id },
          'STARTED',
          errorText(error),
        );
      },
    );
    this.deps.events?.lifecycle(tenantId, { entityType: 'RULE_CHAIN', id: ruleChainId }, 'STARTED');
    return runtime;
  }

  private async stopChain(runtime: ChainRuntime): Promise<void> {
    await runtime.stop((node, error) =>
      this.log.warn({ err: error, node: node.name }, 'rule node failed to stop'),
    );
    this.deps.events?.lifecycle(
      runtime.tenantId,
      { entityType: 'RULE_CHAIN', id: runtime.chain.id },
      'STOPPED',
    );
  }
}

/** Synchronous nodes delivered to in one call before the next goes through the microtask queue. */
const MAX_SYNC_DEPTH = 32;

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null)?.then === 'function';
}

function outputsOf(result: NodeResult): readonly NodeOutput[] {
  if (result === CONSUMED) return [];
  return Array.isArray(result) ? result : [result as NodeOutput];
}

/** A node that threw: the message leaves by Failure with the error in its metadata. */
function failureOf(msg: RuleMsg, error: unknown): readonly NodeOutput[] {
  return [
    {
      msg: changeMsg(msg, { metadata: { ...msg.metadata, error: errorText(error) } }),
      relations: [FAILURE_RELATION],
    },
  ];
}

function errorText(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return String(error);
}
