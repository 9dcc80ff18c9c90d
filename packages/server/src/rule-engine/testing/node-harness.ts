import type { EntityId, JsonObject } from '@meridian/common';
import { type NewMsg, newMsg, type RuleMsg } from '../message.js';
import {
  CONSUMED,
  type NodeOutput,
  type RuleEngineServices,
  type RuleNode,
  type RuleNodeContext,
  type RuleNodeDefinition,
} from '../node.js';

/**
 * Runs one node outside a chain, for node unit tests: configure + create with the services the
 * test gives, then `run(msg)` answers the outputs as a list (empty when the node consumed it).
 * Messages the node sends later (`enqueueForTellNext`) land in `enqueued`; scheduled tasks wait in
 * `scheduled` until the test runs them.
 */
export interface NodeHarness {
  node: RuleNode;
  run(msg: RuleMsg): Promise<NodeOutput[]>;
  enqueued: NodeOutput[];
  scheduled: { delayMs: number; task: () => void }[];
  /** Runs the scheduled tasks due so far (all of them), in order. */
  runScheduled(): void;
}

export const TEST_TENANT_ID = '5f3a8a10-1dd2-11b2-8080-808080808080';

const UNLIMITED_USAGE: RuleEngineServices['usage'] = { enabled: () => true, report: () => {} };

/** A usage service for a node test: every feature on or off, and what the node reported. */
export function usageRecorder(enabled: boolean) {
  const reported: { tenantId: string; record: string; count: number }[] = [];
  const usage: RuleEngineServices['usage'] = {
    enabled: () => enabled,
    report: (tenantId, record, count = 1) => {
      reported.push({ tenantId, record, count });
    },
  };
  return { usage, reported };
}

export async function nodeHarness(
  definition: RuleNodeDefinition<unknown>,
  configuration: JsonObject,
  services: Partial<RuleEngineServices>,
  self: Partial<RuleNodeContext['self']> = {},
): Promise<NodeHarness> {
  const enqueued: NodeOutput[] = [];
  const scheduled: { delayMs: number; task: () => void }[] = [];
  const ctx: RuleNodeContext = {
    self: {
      id: '6a000000-1dd2-11b2-8080-808080808080',
      name: definition.name,
      ruleChainId: '6b000000-1dd2-11b2-8080-808080808080',
      tenantId: TEST_TENANT_ID,
      ...self,
    },
    services: new Proxy(services as RuleEngineServices, {
      get(target, key) {
        if (key === 'now' && !('now' in target)) return Date.now;
        // Nodes count what they send; a test that does not look at the counts needs no usage.
        if (key === 'usage' && !('usage' in target)) return UNLIMITED_USAGE;
        const value = target[key as keyof RuleEngineServices];
        if (value === undefined) throw new Error(`the test gave the node no '${String(key)}' service`);
        return value;
      },
    }),
    enqueueForTellNext(msg, relations) {
      enqueued.push({ msg, relations: typeof relations === 'string' ? [relations] : relations });
    },
    schedule(delayMs, task) {
      scheduled.push({ delayMs, task });
    },
  };
  const node = await definition.create(definition.configure(configuration), ctx);
  return {
    node,
    enqueued,
    scheduled,
    async run(msg) {
      const result = await node.onMsg(msg);
      if (result === CONSUMED) return [];
      return Array.isArray(result) ? [...(result as NodeOutput[])] : [result as NodeOutput];
    },
    runScheduled() {
      for (const { task } of scheduled.splice(0)) task();
    },
  };
}

const DEVICE: EntityId = { entityType: 'DEVICE', id: '6c000000-1dd2-11b2-8080-808080808080' };

/** A telemetry message of a device, with JSON data. */
export function testMsg(data: unknown, fields: Partial<NewMsg> = {}): RuleMsg {
  return newMsg({
    type: 'POST_TELEMETRY_REQUEST',
    originator: DEVICE,
    metadata: { deviceName: 'Test device', deviceType: 'default' },
    data: typeof data === 'string' ? data : JSON.stringify(data),
    ...fields,
  });
}
