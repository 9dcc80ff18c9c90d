import { FAILURE_RELATION } from '@meridian/common';
import type { RuleMsg } from '../message.js';
import {
  type NodeResult,
  type RuleEngineServices,
  type RuleNode,
  RuleNodeConfigError,
  type RuleNodeContext,
} from '../node.js';
import type { RuleNodeRegistry } from '../registry.js';
import type { LoadedChain, LoadedNode } from './chain-source.js';

/** A node of a running chain. */
export interface RunningNode {
  index: number;
  id: string;
  name: string;
  clazz: string;
  debugMode: boolean;
  configuration: LoadedNode['configuration'];
  instance: RuleNode;
  /** Targets by relation type. */
  routes: Map<string, number[]>;
}

/** Hooks a node gets from the engine (its context's late sends). */
export interface NodeHooks {
  enqueueForTellNext(
    ruleChainId: string,
    node: RunningNode,
    msg: RuleMsg,
    relations: readonly string[],
  ): void;
}

/** A node whose class or configuration cannot run: every message it gets goes to Failure. */
class BrokenNode implements RuleNode {
  constructor(private readonly reason: string) {}
  onMsg(): NodeResult {
    throw new RuleNodeConfigError(this.reason);
  }
}

/**
 * One chain of a tenant, started: node instances and the routing table. Saving a chain validates
 * it, so a broken node here means a chain stored before a node changed; it fails its messages
 * instead of stopping the chain.
 */
export class ChainRuntime {
  readonly nodes: RunningNode[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  private constructor(
    readonly chain: LoadedChain,
    readonly tenantId: string,
  ) {}

  static async start(
    chain: LoadedChain,
    registry: RuleNodeRegistry,
    services: RuleEngineServices,
    hooks: NodeHooks,
    onNodeError: (node: LoadedNode, error: unknown) => void,
  ): Promise<ChainRuntime> {
    const runtime = new ChainRuntime(chain, chain.tenantId);
    for (const [index, stored] of chain.nodes.entries()) {
      const running: RunningNode = {
        index,
        id: stored.id,
        name: stored.name,
        clazz: stored.type,
        debugMode: stored.debugMode,
        configuration: stored.configuration,
        instance: new BrokenNode(`Rule node type ${stored.type} is not supported`),
        routes: new Map(),
      };
      runtime.nodes.push(running);
      const definition = registry.get(stored.type);
      if (!definition) continue;
      const ctx: RuleNodeContext = {
        self: { id: stored.id, name: stored.name, ruleChainId: chain.id, tenantId: chain.tenantId },
        services,
        enqueueForTellNext: (msg, relations) => {
          if (runtime.stopped) return;
          hooks.enqueueForTellNext(
            chain.id,
            running,
            msg,
            typeof relations === 'string' ? [relations] : relations,
          );
        },
        schedule: (delayMs, task) => {
          if (runtime.stopped) return;
          const timer = setTimeout(() => {
            runtime.timers.delete(timer);
            if (!runtime.stopped) task();
          }, delayMs);
          runtime.timers.add(timer);
        },
      };
      try {
        running.instance = await definition.create(definition.configure(stored.configuration), ctx);
      } catch (error) {
        onNodeError(stored, error);
        running.instance = new BrokenNode(`${stored.name}: ${(error as Error).message}`);
      }
    }
    for (const { fromIndex, toIndex, type } of chain.connections) {
      const from = runtime.nodes[fromIndex];
      if (!from || !runtime.nodes[toIndex]) continue;
      const targets = from.routes.get(type);
      if (targets) targets.push(toIndex);
      else from.routes.set(type, [toIndex]);
    }
    return runtime;
  }

  get first(): RunningNode | undefined {
    const index = this.chain.firstNodeIndex;
    return index === null ? undefined : this.nodes[index];
  }

  nodeById(id: string): RunningNode | undefined {
    return this.nodes.find((node) => node.id === id);
  }

  /** Targets of a node for the relation types of one output. */
  targets(node: RunningNode, relations: readonly string[]): number[] {
    const out: number[] = [];
    for (const relation of relations) {
      for (const index of node.routes.get(relation) ?? []) if (!out.includes(index)) out.push(index);
    }
    return out;
  }

  static isFailure(relations: readonly string[]): boolean {
    return relations.includes(FAILURE_RELATION);
  }

  async stop(onError: (node: RunningNode, error: unknown) => void): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const node of this.nodes) {
      try {
        await node.instance.destroy?.();
      } catch (error) {
        onError(node, error);
      }
    }
  }
}
