import type { EntityId, JsonObject, KvEntry, TsEntries } from '@meridian/common';
import { afterEach, describe, expect, it } from 'vitest';
import type { LoadedChain } from './chain/chain-source.js';
import { RuleEngine } from './engine.js';
import { RULE_CHAIN_INPUT_NODE, RULE_CHAIN_OUTPUT_NODE } from './flow-classes.js';
import { changeMsg, newMsg, type RuleMsg } from './message.js';
import { defineNode, type NodeResult, type RuleEngineServices } from './node.js';
import { DEFAULT_QUEUES, type QueueConfig } from './queue/queue-config.js';
import { builtInNodes, RuleNodeRegistry } from './registry.js';
import { REFERENCE_ROOT_CHAIN } from './testing/reference-root-chain.js';
import { chainFromExport, StaticChainSource } from './testing/static-chains.js';

const TENANT = '11111111-1dd2-11b2-8080-808080808080';
const OTHER_TENANT = '22222222-1dd2-11b2-8080-808080808080';
const DEVICE: EntityId = { entityType: 'DEVICE', id: '33333333-1dd2-11b2-8080-808080808080' };

/** Test nodes: `probe` records what reaches it, `fail` throws, `hang` never answers, `tag` adds metadata. */
const seen: { node: string; msg: RuleMsg }[] = [];
const testNode = (
  name: string,
  onMsg: (msg: RuleMsg, config: JsonObject) => NodeResult | Promise<NodeResult>,
) =>
  defineNode<JsonObject>({
    clazz: `test.${name}`,
    type: 'ACTION',
    name,
    description: name,
    details: name,
    relationTypes: ['Success'],
    configDirective: 'tbNodeEmptyConfig',
    defaultConfiguration: {},
    configurationSchema: { type: 'object' },
    configure: (raw) => raw,
    create: (config, ctx) => ({
      onMsg: (msg) => {
        seen.push({ node: ctx.self.name, msg });
        return onMsg(msg, config);
      },
    }),
  });

const probe = testNode('probe', (msg) => ({ msg, relations: ['Success'] }));
const fail = testNode('fail', () => {
  throw new Error('boom');
});
const hang = testNode('hang', () => new Promise(() => {}));
const relate = testNode('relate', (msg, config) => ({
  msg: changeMsg(msg, { metadata: { ...msg.metadata, via: String(config.relation) } }),
  relations: [String(config.relation)],
}));

function registry(): RuleNodeRegistry {
  return new RuleNodeRegistry([...builtInNodes().all(), probe, fail, hang, relate]);
}

/** Two probe nodes passing a message back and forth for ever. */
const loopChain = () =>
  chain(
    TENANT,
    [
      ['probe', 'A'],
      ['probe', 'B'],
    ],
    [
      [0, 1, 'Success'],
      [1, 0, 'Success'],
    ],
  );

let counter = 0;
function chain(
  tenantId: string,
  nodes: [string, string, JsonObject?][],
  connections: [number, number, string][],
  firstNodeIndex = 0,
): LoadedChain {
  counter++;
  return {
    id: `00000000-0000-1000-8000-${String(counter).padStart(12, '0')}`,
    tenantId,
    name: `chain ${counter}`,
    firstNodeIndex,
    nodes: nodes.map(([type, name, configuration], index) => ({
      id: `10000000-0000-1000-8000-${String(counter * 100 + index).padStart(12, '0')}`,
      type: type.includes('.') && !type.startsWith('test.') ? type : `test.${type}`,
      name,
      debugMode: true,
      configuration: configuration ?? {},
    })),
    connections: connections.map(([fromIndex, toIndex, type]) => ({ fromIndex, toIndex, type })),
  };
}

interface Harness {
  engine: RuleEngine;
  chains: StaticChainSource;
  writes: { timeseries: TsEntries[][]; attributes: KvEntry[][] };
  warnings: string[];
  debug: { direction: string; nodeId: string; relationType?: string; error?: string }[];
}

const engines: RuleEngine[] = [];
afterEach(async () => {
  seen.length = 0;
  for (const engine of engines.splice(0)) await engine.close();
});

function harness(options: { queues?: QueueConfig[]; executionLimit?: number } = {}): Harness {
  const chains = new StaticChainSource();
  const writes: Harness['writes'] = { timeseries: [], attributes: [] };
  const warnings: string[] = [];
  const debug: Harness['debug'] = [];
  const log = {
    info() {},
    warn: (_o: object, m: string) => warnings.push(m),
    error: (_o: object, m: string) => warnings.push(m),
  };
  const services = {
    writes: {
      async saveTimeseries(_t: string, _e: EntityId, entries: readonly TsEntries[]) {
        writes.timeseries.push([...entries]);
      },
      async saveAttributes(_e: EntityId, _s: string, entries: readonly KvEntry[]) {
        writes.attributes.push([...entries]);
      },
    },
    alarmRules: { evaluate: async () => [], hasNoRules: () => true },
    log,
    now: Date.now,
  } as unknown as RuleEngineServices;
  const engine = new RuleEngine({
    registry: registry(),
    chains,
    services,
    executionLimit: async () => options.executionLimit ?? 0,
    events: {
      nodeDebug: (event) =>
        debug.push({
          direction: event.direction,
          nodeId: event.nodeId,
          ...(event.relationType ? { relationType: event.relationType } : {}),
          ...(event.error ? { error: event.error } : {}),
        }),
      lifecycle() {},
    },
    ...(options.queues ? { queues: options.queues } : {}),
    log,
  });
  engines.push(engine);
  return { engine, chains, writes, warnings, debug };
}

const telemetry = (data: unknown, fields: Partial<Parameters<typeof newMsg>[0]> = {}) =>
  newMsg({
    type: 'POST_TELEMETRY_REQUEST',
    originator: DEVICE,
    data: JSON.stringify(data),
    metadata: { ts: '1000' },
    ...fields,
  });

describe('the rule engine', () => {
  it('runs the reference root chain: telemetry and attributes reach their save nodes, once stored', async () => {
    const h = harness();
    h.chains.add(chainFromExport(TENANT, REFERENCE_ROOT_CHAIN), true);
    await h.engine.push(TENANT, telemetry({ temperature: 21.5 }));
    expect(h.writes.timeseries).toEqual([
      [{ ts: 1000, values: [{ key: 'temperature', value: { type: 'DOUBLE', value: 21.5 } }] }],
    ]);
    await h.engine.push(
      TENANT,
      newMsg({ type: 'POST_ATTRIBUTES_REQUEST', originator: DEVICE, data: '{"firmware":"v1.2"}' }),
    );
    expect(h.writes.attributes).toEqual([[{ key: 'firmware', value: { type: 'STRING', value: 'v1.2' } }]]);
  });

  it('gives another tenant nothing of this tenant: no root chain, no message stored', async () => {
    const h = harness();
    h.chains.add(chainFromExport(TENANT, REFERENCE_ROOT_CHAIN), true);
    const foreign = h.chains.add(chain(TENANT, [['probe', 'P']], []));
    await h.engine.push(OTHER_TENANT, telemetry({ t: 1 }, { ruleChainId: foreign.id }));
    expect(h.writes.timeseries).toEqual([]);
    expect(seen).toEqual([]);
  });

  it('starts a message at the chain it names (a device profile chain), else at the root chain', async () => {
    const h = harness();
    h.chains.add(chain(TENANT, [['probe', 'root']], []), true);
    const own = h.chains.add(chain(TENANT, [['probe', 'profile chain']], []));
    await h.engine.push(TENANT, telemetry({ t: 1 }, { ruleChainId: own.id }));
    await h.engine.push(TENANT, telemetry({ t: 2 }));
    expect(seen.map((s) => s.node)).toEqual(['profile chain', 'root']);
  });

  it("sends a failing node's message to Failure with the error in its metadata and debug event", async () => {
    const h = harness();
    const c = h.chains.add(
      chain(
        TENANT,
        [
          ['fail', 'F'],
          ['probe', 'on failure'],
        ],
        [[0, 1, 'Failure']],
      ),
      true,
    );
    await h.engine.push(TENANT, telemetry({ t: 1 }));
    expect(seen.at(-1)?.node).toBe('on failure');
    expect(seen.at(-1)?.msg.metadata.error).toBe('boom');
    expect(h.debug).toContainEqual({
      direction: 'OUT',
      nodeId: c.nodes[0]?.id,
      relationType: 'Failure',
      error: 'boom',
    });
    expect(h.warnings).toEqual([]);
  });

  it('fails a message whose Failure has no connection, and the queue still acknowledges it', async () => {
    const h = harness();
    h.chains.add(chain(TENANT, [['fail', 'F']], []), true);
    await expect(h.engine.push(TENANT, telemetry({ t: 1 }))).resolves.toBeUndefined();
    expect(h.warnings).toContain('rule engine message processing failed');
  });

  it('acknowledges a message that leaves by a relation nobody listens to', async () => {
    const h = harness();
    h.chains.add(chain(TENANT, [['relate', 'R', { relation: 'Nowhere' }]], []), true);
    await h.engine.push(TENANT, telemetry({ t: 1 }));
    expect(h.warnings).toEqual([]);
  });

  it('copies a message to every connection of a relation', async () => {
    const h = harness();
    h.chains.add(
      chain(
        TENANT,
        [
          ['probe', 'A'],
          ['probe', 'B'],
          ['probe', 'C'],
        ],
        [
          [0, 1, 'Success'],
          [0, 2, 'Success'],
        ],
      ),
      true,
    );
    await h.engine.push(TENANT, telemetry({ t: 1 }));
    expect(seen.map((s) => s.node).sort()).toEqual(['A', 'B', 'C']);
  });

  it('runs a nested chain through a rule chain node and returns through its output node', async () => {
    const h = harness();
    const nested = h.chains.add(
      chain(
        TENANT,
        [
          ['relate', 'inner', { relation: 'Success' }],
          [RULE_CHAIN_OUTPUT_NODE, 'done'],
        ],
        [[0, 1, 'Success']],
      ),
    );
    h.chains.add(
      chain(
        TENANT,
        [
          [RULE_CHAIN_INPUT_NODE, 'call', { ruleChainId: nested.id }],
          ['probe', 'after done'],
        ],
        [[0, 1, 'done']],
      ),
      true,
    );
    await h.engine.push(TENANT, telemetry({ t: 1 }));
    expect(seen.map((s) => s.node)).toEqual(['inner', 'after done']);
    expect(seen.at(-1)?.msg.metadata.via).toBe('Success');
  });

  it("stops a message that loops past the tenant profile's rule node execution limit", async () => {
    const h = harness({ executionLimit: 5 });
    h.chains.add(loopChain(), true);
    await h.engine.push(TENANT, telemetry({ t: 1 }));
    expect(seen).toHaveLength(5);
    expect(h.warnings).toContain('rule engine message processing failed');
  });

  it('runs a long loop of synchronous nodes without overflowing the stack', async () => {
    const h = harness({ executionLimit: 50_000 });
    h.chains.add(loopChain(), true);
    await h.engine.push(TENANT, telemetry({ t: 1 }));
    expect(seen).toHaveLength(50_000);
    expect(h.warnings).toContain('rule engine message processing failed');
  });

  it("keeps the order of one originator's messages in the sequential queue", async () => {
    const h = harness();
    h.chains.add(chain(TENANT, [['probe', 'P']], []), true);
    const pushes = Array.from({ length: 50 }, (_, i) =>
      h.engine.push(TENANT, telemetry({ i }, { queueName: 'SequentialByOriginator' })),
    );
    await Promise.all(pushes);
    expect(seen.map((s) => JSON.parse(s.msg.data).i)).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('gives up a hanging node after the pack timeout, so the device is acknowledged and others go on', async () => {
    const queues = DEFAULT_QUEUES.map((q) => ({ ...q, packProcessingTimeoutMs: 100 }));
    const h = harness({ queues });
    const hanging = h.chains.add(chain(TENANT, [['hang', 'H']], []));
    h.chains.add(chain(TENANT, [['probe', 'P']], []), true);
    const started = Date.now();
    await h.engine.push(TENANT, telemetry({ t: 1 }, { ruleChainId: hanging.id }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    await h.engine.push(TENANT, telemetry({ t: 2 }));
    expect(seen.map((s) => s.node)).toEqual(['H', 'P']);
  });

  it('retries failed messages as the processing strategy says, then gives up', async () => {
    const queues = DEFAULT_QUEUES.map((q) =>
      q.name === 'HighPriority'
        ? {
            ...q,
            processingStrategy: 'RETRY_FAILED' as const,
            retries: 2,
            pauseBetweenRetriesMs: 1,
            maxPauseBetweenRetriesMs: 1,
          }
        : q,
    );
    const h = harness({ queues });
    h.chains.add(chain(TENANT, [['fail', 'F']], []), true);
    await h.engine.push(TENANT, telemetry({ t: 1 }, { queueName: 'HighPriority' }));
    expect(seen).toHaveLength(3);
  });

  it('restarts a chain that changed on its next message', async () => {
    const h = harness();
    const root = h.chains.add(chain(TENANT, [['probe', 'before']], []), true);
    await h.engine.push(TENANT, telemetry({ t: 1 }));
    h.chains.add({ ...root, nodes: root.nodes.map((n) => ({ ...n, name: 'after' })) }, true);
    await h.engine.chainChanged(TENANT, root.id);
    await h.engine.push(TENANT, telemetry({ t: 2 }));
    expect(seen.map((s) => s.node)).toEqual(['before', 'after']);
  });
});
