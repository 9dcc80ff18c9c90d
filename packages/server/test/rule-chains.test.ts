import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RuleChainEvent } from '../src/modules/rule-chains/rule-chain-events.js';
import { type Caller, signInCallers } from './callers.js';
import { newUser, type TenantRef } from './factories.js';
import {
  type DemoIds,
  type EntityIdJson,
  expectError,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';
import { RULE_CHAIN_INPUT, RULE_CHAIN_OUTPUT, testRuleNodes } from './rule-chain-nodes.js';

/**
 * Rule chains (reference RuleChainController without edges): CRUD, the root chain, delete
 * refusals, metadata saves and their refusals, output labels, export/import, the device-profile
 * template, the default root chain of new tenants, events for the engine, and tenant isolation.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../test-fixtures/thingsboard-3.3.4');

interface RuleChainJson {
  id: EntityIdJson;
  createdTime: number;
  additionalInfo: Record<string, unknown> | null;
  tenantId: EntityIdJson;
  name: string;
  type: string;
  firstRuleNodeId: EntityIdJson | null;
  root: boolean;
  debugMode: boolean;
  configuration: unknown;
}

interface RuleNodeJson {
  id?: EntityIdJson | null;
  createdTime?: number;
  ruleChainId?: EntityIdJson;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: Record<string, unknown>;
  additionalInfo: Record<string, unknown> | null;
}

interface Connection {
  fromIndex: number;
  toIndex: number;
  type: string;
}

interface MetaDataJson {
  ruleChainId: EntityIdJson;
  firstNodeIndex: number | null;
  nodes: RuleNodeJson[];
  connections: Connection[] | null;
  ruleChainConnections: unknown[] | null;
}

interface ChainFile {
  ruleChain: Omit<RuleChainJson, 'id' | 'createdTime' | 'tenantId'>;
  metadata: Omit<MetaDataJson, 'ruleChainId'>;
}

let server: TestServer;
let ids: DemoIds;
let otherTenant: TenantRef;
let tokens: Record<Caller, string>;
let fixture: ChainFile;
const events: RuleChainEvent[] = [];

beforeAll(async () => {
  server = await startServer({ ruleNodes: testRuleNodes() });
  ({ ids, otherTenant, tokens } = await signInCallers(server));
  fixture = JSON.parse(await fs.readFile(path.join(FIXTURES, 'rule-chain-root.json'), 'utf8')) as ChainFile;
  server.services.ruleChains.events.on((event) => events.push(event));
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: Caller) => ({ token: tokens[caller] });
const ta = () => as('tenantAdmin');
let counter = 0;
const uniqueName = (label = 'Chain') => `${label} ${Date.now().toString(36)}-${++counter}`;
const chainRef = (id: string) => ({ entityType: 'RULE_CHAIN', id });

async function createChain(body: Record<string, unknown> = {}, caller: Caller = 'tenantAdmin') {
  return expectOk(
    await server.api.post<RuleChainJson>('/api/ruleChain', { name: uniqueName(), ...body }, as(caller)),
  );
}

const getMetadata = async (id: string, caller: Caller = 'tenantAdmin') =>
  expectOk(await server.api.get<MetaDataJson>(`/api/ruleChain/${id}/metadata`, as(caller)));

const saveMetadata = (body: Record<string, unknown>, caller: Caller = 'tenantAdmin', query = '') =>
  server.api.post<MetaDataJson>(`/api/ruleChain/metadata${query}`, body, as(caller));

/** The fixture's metadata as posted for chain `id`. */
const fixtureMetadata = (id: string) => ({ ruleChainId: chainRef(id), ...fixture.metadata });

/** Metadata without the server-given node fields, to compare with what was posted. */
const portable = (metadata: MetaDataJson) => ({
  firstNodeIndex: metadata.firstNodeIndex,
  nodes: metadata.nodes.map(({ id: _id, createdTime: _c, ruleChainId: _r, ...node }) => node),
  connections: metadata.connections,
  ruleChainConnections: metadata.ruleChainConnections,
});

async function rootOf(caller: Caller = 'tenantAdmin') {
  const page = expectOk(
    await server.api.get<PageDataJson<RuleChainJson>>('/api/ruleChains?pageSize=100&page=0', as(caller)),
  );
  return page.data.filter((chain) => chain.root);
}

const node = (name: string, type: string, configuration: Record<string, unknown> = {}) => ({
  name,
  type,
  debugMode: false,
  configuration,
  additionalInfo: { layoutX: 100, layoutY: 100 },
});

const LOG = 'org.thingsboard.rule.engine.action.TbLogNode';
const TIMESERIES = 'org.thingsboard.rule.engine.telemetry.TbMsgTimeseriesNode';

describe('the default root chain', () => {
  it('the demo tenant has one root chain: the reference root chain, as the fixture', async () => {
    const roots = await rootOf();
    expect(roots).toHaveLength(1);
    const root = roots[0] as RuleChainJson;
    expect(root).toEqual({
      id: { entityType: 'RULE_CHAIN', id: expect.any(String) },
      createdTime: expect.any(Number),
      additionalInfo: null,
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      name: 'Root Rule Chain',
      type: 'CORE',
      firstRuleNodeId: { entityType: 'RULE_NODE', id: expect.any(String) },
      root: true,
      debugMode: false,
      configuration: null,
    });
    const metadata = await getMetadata(root.id.id);
    expect(portable(metadata)).toEqual(fixture.metadata);
    expect(metadata.ruleChainId).toEqual(root.id);
    expect(metadata.nodes[6]?.id).toEqual(root.firstRuleNodeId);
    for (const saved of metadata.nodes) expect(saved.ruleChainId).toEqual(root.id);
  });

  it('a tenant created through the API gets exactly one root chain with the 7 nodes', async () => {
    const tenant = expectOk(
      await server.api.post<{ id: EntityIdJson }>(
        '/api/tenant',
        { title: uniqueName('Tenant') },
        as('sysadmin'),
      ),
    );
    const admin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: tenant.id.id });
    const token = (await server.api.login(admin.email, admin.password)).token;
    const page = expectOk(
      await server.api.get<PageDataJson<RuleChainJson>>('/api/ruleChains?pageSize=10&page=0', { token }),
    );
    expect(page.data.map((chain) => [chain.name, chain.root])).toEqual([['Root Rule Chain', true]]);
    const metadata = expectOk(
      await server.api.get<MetaDataJson>(`/api/ruleChain/${page.data[0]?.id.id}/metadata`, { token }),
    );
    expect(metadata.nodes).toHaveLength(7);
    expect(portable(metadata)).toEqual(fixture.metadata);
    expect(await server.services.ruleChains.repo.rootChainId(tenant.id.id)).toBe(page.data[0]?.id.id);

    // The tenant goes with its chains, also while a device profile names one of them.
    expectOk(
      await server.api.post(
        '/api/deviceProfile',
        {
          name: 'uses root',
          type: 'DEFAULT',
          transportType: 'DEFAULT',
          defaultRuleChainId: page.data[0]?.id,
        },
        { token },
      ),
    );
    expectOk(await server.api.delete(`/api/tenant/${tenant.id.id}`, as('sysadmin')));
    const left = await server.store.db
      .selectFrom('ruleChain')
      .select('id')
      .where('tenantId', '=', tenant.id.id)
      .execute();
    expect(left).toEqual([]);
  });
});

describe('POST /api/ruleChain and reads', () => {
  it('creates, reads, updates and lists chains', async () => {
    const created = await createChain({
      debugMode: true,
      additionalInfo: { description: 'Thermostats' },
      root: false,
    });
    expect(created).toEqual({
      id: { entityType: 'RULE_CHAIN', id: expect.any(String) },
      createdTime: expect.any(Number),
      additionalInfo: { description: 'Thermostats' },
      tenantId: { entityType: 'TENANT', id: ids.tenantId },
      name: created.name,
      type: 'CORE',
      firstRuleNodeId: null,
      root: false,
      debugMode: true,
      configuration: null,
    });
    expect(expectOk(await server.api.get(`/api/ruleChain/${created.id.id}`, ta()))).toEqual(created);
    expect(await getMetadata(created.id.id)).toEqual({
      ruleChainId: created.id,
      firstNodeIndex: null,
      nodes: [],
      connections: null,
      ruleChainConnections: null,
    });

    const renamed = expectOk(
      await server.api.post<RuleChainJson>(
        '/api/ruleChain',
        {
          ...created,
          name: `${created.name} renamed`,
          debugMode: false,
          firstRuleNodeId: chainRef(created.id.id),
        },
        ta(),
      ),
    );
    expect(renamed).toEqual({ ...created, name: `${created.name} renamed`, debugMode: false });

    const search = expectOk(
      await server.api.get<PageDataJson<RuleChainJson>>(
        `/api/ruleChains?pageSize=10&page=0&type=CORE&textSearch=${encodeURIComponent(renamed.name)}`,
        ta(),
      ),
    );
    expect(search.data).toEqual([renamed]);
    const edge = expectOk(
      await server.api.get<PageDataJson<RuleChainJson>>('/api/ruleChains?pageSize=10&page=0&type=EDGE', ta()),
    );
    expect(edge.data).toEqual([]);
    const sorted = expectOk(
      await server.api.get<PageDataJson<RuleChainJson>>(
        '/api/ruleChains?pageSize=100&page=0&sortProperty=name&sortOrder=ASC',
        ta(),
      ),
    );
    const names = sorted.data.map((chain) => chain.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(events).toContainEqual({
      type: 'CHAIN_UPDATED',
      tenantId: ids.tenantId,
      ruleChainId: created.id.id,
    });
  });

  it('refuses a chain without a name, an unknown type and a second root', async () => {
    for (const name of [undefined, '', '   ']) {
      expectError(
        await server.api.post('/api/ruleChain', { name }, ta()),
        400,
        31,
        'Rule chain name should be specified!',
      );
    }
    const wrongType = await server.api.post('/api/ruleChain', { name: uniqueName(), type: 'FOG' }, ta());
    expect(wrongType.status).toBe(400);
    expectError(
      await server.api.post('/api/ruleChain', { name: uniqueName(), root: true }, ta()),
      400,
      31,
      'Another root rule chain is present in scope of current tenant!',
    );
  });

  it('keeps the root chain CORE and makes only CORE chains root', async () => {
    const [root] = await rootOf();
    expectError(
      await server.api.post('/api/ruleChain', { ...root, type: 'EDGE' }, ta()),
      400,
      31,
      "Can't change the type of the root rule chain!",
    );
    const edge = await createChain({ type: 'EDGE' });
    expect(edge.type).toBe('EDGE');
    expectError(
      await server.api.post(`/api/ruleChain/${edge.id.id}/root`, {}, ta()),
      400,
      31,
      'Only a rule chain of type CORE can be the root rule chain!',
    );
    expect((await rootOf()).map((c) => c.id.id)).toEqual([root?.id.id]);
  });

  it('keeps to the maxRuleChains limit of the tenant profile', async () => {
    const profile = expectOk(
      await server.api.post<{ id: EntityIdJson }>(
        '/api/tenantProfile',
        {
          name: uniqueName('Two chains'),
          profileData: { configuration: { type: 'DEFAULT', maxRuleChains: 2 } },
        },
        as('sysadmin'),
      ),
    );
    const tenant = expectOk(
      await server.api.post<{ id: EntityIdJson }>(
        '/api/tenant',
        { title: uniqueName('Tenant'), tenantProfileId: profile.id },
        as('sysadmin'),
      ),
    );
    const admin = await newUser(server.store.db, { authority: 'TENANT_ADMIN', tenantId: tenant.id.id });
    const token = (await server.api.login(admin.email, admin.password)).token;
    expectOk(await server.api.post('/api/ruleChain', { name: 'Second' }, { token }));
    expectError(
      await server.api.post('/api/ruleChain', { name: 'Third' }, { token }),
      400,
      31,
      "Can't create more then 2 rule chains!",
    );
    expectError(
      await server.api.post('/api/ruleChain/device/default', { name: 'Third' }, { token }),
      400,
      31,
      "Can't create more then 2 rule chains!",
    );
    expectOk(await server.api.delete(`/api/tenant/${tenant.id.id}`, as('sysadmin')));
  });

  it('records ADDED and UPDATED in the audit log', async () => {
    const chain = await createChain();
    expectOk(await server.api.post('/api/ruleChain', { ...chain, name: `${chain.name} 2` }, ta()));
    const logs = expectOk(
      await server.api.get<PageDataJson<{ actionType: string; actionStatus: string; entityName: string }>>(
        `/api/audit/logs/entity/RULE_CHAIN/${chain.id.id}?pageSize=10&page=0&sortProperty=createdTime&sortOrder=ASC`,
        ta(),
      ),
    );
    expect(logs.data.map((log) => [log.actionType, log.actionStatus, log.entityName])).toEqual([
      ['ADDED', 'SUCCESS', chain.name],
      ['UPDATED', 'SUCCESS', `${chain.name} 2`],
    ]);
  });
});

describe('root chain and delete', () => {
  it('moves the root flag to another chain and back, one root at a time', async () => {
    const [previous] = await rootOf();
    const chain = await createChain();
    events.length = 0;
    const root = expectOk(
      await server.api.post<RuleChainJson>(`/api/ruleChain/${chain.id.id}/root`, {}, ta()),
    );
    expect(root).toEqual({ ...chain, root: true });
    expect((await rootOf()).map((c) => c.id.id)).toEqual([chain.id.id]);
    expect(events).toContainEqual({ type: 'ROOT_CHANGED', tenantId: ids.tenantId, ruleChainId: chain.id.id });
    expect(await server.services.ruleChains.repo.rootChainId(ids.tenantId)).toBe(chain.id.id);
    // Setting the root again changes nothing.
    expect(expectOk(await server.api.post(`/api/ruleChain/${chain.id.id}/root`, {}, ta()))).toEqual(root);
    expectError(
      await server.api.delete(`/api/ruleChain/${chain.id.id}`, ta()),
      400,
      31,
      'Deletion of Root Tenant Rule Chain is prohibited!',
    );
    expectOk(await server.api.post(`/api/ruleChain/${previous?.id.id}/root`, {}, ta()));
    expect((await rootOf()).map((c) => c.id.id)).toEqual([previous?.id.id]);
  });

  it('two root changes at once leave exactly one root', async () => {
    const [previous] = await rootOf();
    const a = await createChain();
    const b = await createChain();
    const answers = await Promise.all(
      [a, b, a, b].map((chain) => server.api.post(`/api/ruleChain/${chain.id.id}/root`, {}, ta())),
    );
    for (const answer of answers) expectOk(answer);
    const roots = await rootOf();
    expect(roots).toHaveLength(1);
    expect([a.id.id, b.id.id]).toContain(roots[0]?.id.id);
    expectOk(await server.api.post(`/api/ruleChain/${previous?.id.id}/root`, {}, ta()));
  });

  it('deletes a chain, and refuses one a device profile sends its messages to', async () => {
    const chain = await createChain();
    const profile = expectOk(
      await server.api.post<{ id: EntityIdJson }>(
        '/api/deviceProfile',
        {
          name: uniqueName('Profile'),
          type: 'DEFAULT',
          transportType: 'DEFAULT',
          defaultRuleChainId: chain.id,
        },
        ta(),
      ),
    );
    expectError(
      await server.api.delete(`/api/ruleChain/${chain.id.id}`, ta()),
      400,
      31,
      'The rule chain referenced by the device profiles cannot be deleted!',
    );
    expectOk(await server.api.delete(`/api/deviceProfile/${profile.id.id}`, ta()));
    events.length = 0;
    expectOk(await server.api.delete(`/api/ruleChain/${chain.id.id}`, ta()));
    expectError(await server.api.get(`/api/ruleChain/${chain.id.id}`, ta()), 404, 32);
    expect(events).toContainEqual({
      type: 'CHAIN_DELETED',
      tenantId: ids.tenantId,
      ruleChainId: chain.id.id,
    });
  });

  it('a device profile may name only a chain of its own tenant', async () => {
    const foreign = await createChain({}, 'otherTenantAdmin');
    expectError(
      await server.api.post(
        '/api/deviceProfile',
        {
          name: uniqueName('Profile'),
          type: 'DEFAULT',
          transportType: 'DEFAULT',
          defaultRuleChainId: foreign.id,
        },
        ta(),
      ),
      400,
      31,
      "Can't assign non-existent rule chain!",
    );
  });

  it('deletes a chain other chains call, and tells the engine to reload the callers', async () => {
    const target = await createChain();
    const caller = await createChain();
    expectOk(
      await saveMetadata({
        ruleChainId: caller.id,
        firstNodeIndex: 0,
        nodes: [node('Forward', RULE_CHAIN_INPUT, { ruleChainId: target.id.id })],
        connections: null,
      }),
    );
    events.length = 0;
    expectOk(await server.api.delete(`/api/ruleChain/${target.id.id}`, ta()));
    expect(events).toEqual([
      { type: 'CHAIN_DELETED', tenantId: ids.tenantId, ruleChainId: target.id.id },
      { type: 'CHAIN_UPDATED', tenantId: ids.tenantId, ruleChainId: caller.id.id },
    ]);
  });
});

describe('metadata', () => {
  it('saves the fixture chain unchanged and keeps node ids on the next save', async () => {
    const chain = await createChain();
    const saved = expectOk(await saveMetadata(fixtureMetadata(chain.id.id)));
    expect(portable(saved)).toEqual(fixture.metadata);
    expect(await getMetadata(chain.id.id)).toEqual(saved);
    const reread = expectOk(await server.api.get<RuleChainJson>(`/api/ruleChain/${chain.id.id}`, ta()));
    expect(reread.firstRuleNodeId).toEqual(saved.nodes[6]?.id);

    // Drop "Log Other" (index 4) and add a node; the others keep their ids.
    const nodes = saved.nodes.filter((_, index) => index !== 4);
    const again = expectOk(
      await saveMetadata({
        ruleChainId: chain.id,
        firstNodeIndex: 5,
        nodes: [...nodes, node('Extra log', LOG, { jsScript: 'return msg;' })],
        connections: [
          { fromIndex: 5, toIndex: 2, type: 'Success' },
          { fromIndex: 2, toIndex: 6, type: 'Other' },
          // A repeated connection is saved once.
          { fromIndex: 5, toIndex: 2, type: 'Success' },
        ],
      }),
    );
    expect(again.nodes.slice(0, 6).map((n) => n.id)).toEqual(nodes.map((n) => n.id));
    expect(again.nodes[6]?.id?.id).not.toBe(saved.nodes[4]?.id?.id);
    expect(again.nodes[6]?.name).toBe('Extra log');
    expect(again.connections).toEqual([
      { fromIndex: 5, toIndex: 2, type: 'Success' },
      { fromIndex: 2, toIndex: 6, type: 'Other' },
    ]);
    expect(await server.services.ruleChains.repo.loadChain(chain.id.id)).toMatchObject({
      chain: { id: chain.id.id, firstRuleNodeId: nodes[5]?.id?.id },
      nodes: again.nodes.map((n) => ({ id: n.id?.id, name: n.name })),
      connections: [
        { fromId: nodes[5]?.id?.id, toId: nodes[2]?.id?.id, type: 'Success' },
        { fromId: nodes[2]?.id?.id, toId: again.nodes[6]?.id?.id, type: 'Other' },
      ],
    });
  });

  it("gives new ids to nodes carrying another chain's node ids", async () => {
    const [root] = await rootOf();
    const rootMetadata = await getMetadata(root?.id.id ?? '');
    const chain = await createChain();
    const saved = expectOk(await saveMetadata({ ...rootMetadata, ruleChainId: chain.id }));
    const rootIds = new Set(rootMetadata.nodes.map((n) => n.id?.id));
    for (const copied of saved.nodes) expect(rootIds.has(copied.id?.id)).toBe(false);
    // The root chain is untouched.
    expect(await getMetadata(root?.id.id ?? '')).toEqual(rootMetadata);
  });

  const refusals: [string, (chainId: string, otherChainId: string) => Record<string, unknown>, string][] = [
    [
      'a connection to a missing node',
      (id) => ({
        ...fixtureMetadata(id),
        connections: [{ fromIndex: 6, toIndex: 9, type: 'Success' }],
      }),
      "Rule node 'Device Profile Node' has a connection 'Success' to node index 9, which is not a node of the rule chain!",
    ],
    [
      'a connection from a missing node',
      (id) => ({ ...fixtureMetadata(id), connections: [{ fromIndex: -1, toIndex: 0, type: 'Success' }] }),
      "Connection 'Success' starts at node index -1, which is not a node of the rule chain!",
    ],
    [
      'a connection of a node to itself',
      (id) => ({ ...fixtureMetadata(id), connections: [{ fromIndex: 2, toIndex: 2, type: 'Other' }] }),
      "Rule node 'Message Type Switch': Can't create the relation to yourself.",
    ],
    [
      'a first node index out of range',
      (id) => ({ ...fixtureMetadata(id), firstNodeIndex: 7 }),
      'First node index 7 is out of range: the rule chain has 7 node(s)!',
    ],
    [
      'an unknown node type',
      (id) => ({
        ruleChainId: chainRef(id),
        firstNodeIndex: 0,
        nodes: [node('Mystery', 'org.example.MysteryNode')],
      }),
      "Rule node 'Mystery' has unknown type 'org.example.MysteryNode'!",
    ],
    [
      'a node without a name',
      (id) => ({ ruleChainId: chainRef(id), nodes: [node('', LOG)] }),
      'Rule node #0 has no name: name should be specified!',
    ],
    [
      'a configuration the node refuses',
      (id) => ({ ruleChainId: chainRef(id), nodes: [node('Save', TIMESERIES, { defaultTTL: 'soon' })] }),
      'Save: defaultTTL must be a number',
    ],
    [
      'a rule chain node without a chain',
      (id) => ({ ruleChainId: chainRef(id), nodes: [node('Forward', RULE_CHAIN_INPUT, {})] }),
      "Rule node 'Forward' must name the rule chain it forwards to!",
    ],
    [
      'a rule chain node calling a missing chain',
      (id) => ({
        ruleChainId: chainRef(id),
        nodes: [node('Forward', RULE_CHAIN_INPUT, { ruleChainId: '0f5b1a40-0000-1000-8000-000000000000' })],
      }),
      "Rule node 'Forward' refers to a rule chain that does not exist!",
    ],
    [
      "a rule chain node calling another tenant's chain",
      (id, foreignId) => ({
        ruleChainId: chainRef(id),
        nodes: [node('Forward', RULE_CHAIN_INPUT, { ruleChainId: foreignId })],
      }),
      "Rule node 'Forward' refers to a rule chain that does not exist!",
    ],
    [
      'a rule chain node calling its own chain',
      (id: string) => ({
        ruleChainId: chainRef(id),
        nodes: [node('Loop', RULE_CHAIN_INPUT, { ruleChainId: id })],
      }),
      /^Rule node 'Loop' makes rule chains call each other in a cycle: 'Chain [^']+' → 'Chain [^']+'!$/,
    ] as never,
  ];

  it.each(refusals)('refuses %s, changing nothing', async (_label, body, message) => {
    const chain = await createChain();
    const saved = expectOk(await saveMetadata(fixtureMetadata(chain.id.id)));
    const foreign = await createChain({}, 'otherTenantAdmin');
    expectError(await saveMetadata(body(chain.id.id, foreign.id.id)), 400, 31, message);
    expect(await getMetadata(chain.id.id)).toEqual(saved);
  });

  it('refuses chains that call each other in a cycle, naming the node and the chains', async () => {
    const a = await createChain({ name: uniqueName('A') });
    const b = await createChain({ name: uniqueName('B') });
    expectOk(
      await saveMetadata({
        ruleChainId: a.id,
        nodes: [node('To B', RULE_CHAIN_INPUT, { ruleChainId: b.id.id })],
      }),
    );
    expectError(
      await saveMetadata({
        ruleChainId: b.id,
        nodes: [node('Back to A', RULE_CHAIN_INPUT, { ruleChainId: a.id.id })],
      }),
      400,
      31,
      `Rule node 'Back to A' makes rule chains call each other in a cycle: '${b.name}' → '${a.name}' → '${b.name}'!`,
    );
  });

  it('lists output labels and who uses them, and renames used labels with updateRelated', async () => {
    const callee = await createChain();
    const caller = await createChain({ name: uniqueName('Caller') });
    const calleeMetadata = expectOk(
      await saveMetadata({
        ruleChainId: callee.id,
        nodes: [node('Done', RULE_CHAIN_OUTPUT), node('Alarm', RULE_CHAIN_OUTPUT), node('Log', LOG)],
      }),
    );
    expectOk(
      await saveMetadata({
        ruleChainId: caller.id,
        firstNodeIndex: 0,
        nodes: [node('Call callee', RULE_CHAIN_INPUT, { ruleChainId: callee.id.id }), node('Log', LOG)],
        connections: [
          { fromIndex: 0, toIndex: 1, type: 'Done' },
          { fromIndex: 0, toIndex: 1, type: 'Failure' },
        ],
      }),
    );
    expect(expectOk(await server.api.get(`/api/ruleChain/${callee.id.id}/output/labels`, ta()))).toEqual([
      'Alarm',
      'Done',
    ]);
    const callerNodes = (await getMetadata(caller.id.id)).nodes;
    expect(
      expectOk(await server.api.get(`/api/ruleChain/${callee.id.id}/output/labels/usage`, ta())),
    ).toEqual([
      {
        ruleChainId: caller.id,
        ruleNodeId: callerNodes[0]?.id,
        ruleChainName: caller.name,
        ruleNodeName: 'Call callee',
        labels: ['Done', 'Failure'],
      },
    ]);

    const renamed = calleeMetadata.nodes.map((n) => (n.name === 'Done' ? { ...n, name: 'Finished' } : n));
    events.length = 0;
    expectOk(await saveMetadata({ ...calleeMetadata, nodes: renamed }));
    expect((await getMetadata(caller.id.id)).connections).toEqual([
      { fromIndex: 0, toIndex: 1, type: 'Finished' },
      { fromIndex: 0, toIndex: 1, type: 'Failure' },
    ]);
    expect(events).toContainEqual({
      type: 'CHAIN_UPDATED',
      tenantId: ids.tenantId,
      ruleChainId: caller.id.id,
    });

    // Without updateRelated the callers keep their labels.
    const back = renamed.map((n) => (n.name === 'Finished' ? { ...n, name: 'Done' } : n));
    expectOk(await saveMetadata({ ...calleeMetadata, nodes: back }, 'tenantAdmin', '?updateRelated=false'));
    expect((await getMetadata(caller.id.id)).connections?.[0]?.type).toBe('Finished');
  });
});

describe('export, import and the device-profile template', () => {
  it('imports the fixture chain unchanged, as a chain that is not root', async () => {
    const name = uniqueName('Imported');
    const results = expectOk(
      await server.api.post<
        { ruleChainId: EntityIdJson; ruleChainName: string; updated: boolean; error: null }[]
      >(
        '/api/ruleChains/import',
        { ruleChains: [{ ...fixture.ruleChain, name }], metadata: [fixture.metadata] },
        ta(),
      ),
    );
    expect(results).toEqual([
      {
        ruleChainId: { entityType: 'RULE_CHAIN', id: expect.any(String) },
        ruleChainName: name,
        updated: false,
        error: null,
      },
    ]);
    const id = results[0]?.ruleChainId.id ?? '';
    const chain = expectOk(await server.api.get<RuleChainJson>(`/api/ruleChain/${id}`, ta()));
    expect(chain).toMatchObject({ name, root: false, type: 'CORE' });
    expect(portable(await getMetadata(id))).toEqual(fixture.metadata);
  });

  it("exports the tenant's chains and imports them into another tenant, remapping chain references", async () => {
    const callee = await createChain({ name: uniqueName('Callee') });
    const caller = await createChain({ name: uniqueName('Caller') });
    expectOk(await saveMetadata({ ruleChainId: callee.id, nodes: [node('Out', RULE_CHAIN_OUTPUT)] }));
    expectOk(
      await saveMetadata({
        ruleChainId: caller.id,
        firstNodeIndex: 0,
        nodes: [node('Call', RULE_CHAIN_INPUT, { ruleChainId: callee.id.id }), node('Log', LOG)],
        connections: [{ fromIndex: 0, toIndex: 1, type: 'Out' }],
      }),
    );
    const exported = expectOk(
      await server.api.get<{ ruleChains: RuleChainJson[]; metadata: MetaDataJson[] }>(
        '/api/ruleChains/export?limit=1000',
        ta(),
      ),
    );
    expect(exported.ruleChains.map((c) => c.id.id)).toEqual(exported.metadata.map((m) => m.ruleChainId.id));
    const pick = [callee, caller].map((chain) =>
      exported.ruleChains.findIndex((c) => c.id.id === chain.id.id),
    );
    const data = {
      ruleChains: pick.map((i) => exported.ruleChains[i]),
      metadata: pick.map((i) => exported.metadata[i]),
    };
    const results = expectOk(
      await server.api.post<{ ruleChainId: EntityIdJson; ruleChainName: string }[]>(
        '/api/ruleChains/import',
        data,
        as('otherTenantAdmin'),
      ),
    );
    expect(results.map((r) => r.ruleChainName)).toEqual([callee.name, caller.name]);
    const [newCallee, newCaller] = results.map((r) => r.ruleChainId.id);
    expect(newCallee).not.toBe(callee.id.id);
    const imported = await getMetadata(newCaller ?? '', 'otherTenantAdmin');
    expect(imported.nodes[0]?.configuration).toEqual({ ruleChainId: newCallee });
    expect(portable(imported).connections).toEqual([{ fromIndex: 0, toIndex: 1, type: 'Out' }]);

    // With overwrite, a chain of the same name is replaced in place.
    const again = expectOk(
      await server.api.post<{ ruleChainId: EntityIdJson; updated: boolean }[]>(
        '/api/ruleChains/import?overwrite=true',
        data,
        as('otherTenantAdmin'),
      ),
    );
    expect(again.map((r) => [r.ruleChainId.id, r.updated])).toEqual([
      [newCallee, true],
      [newCaller, true],
    ]);
  });

  it('reports a chain without a name in its result line and refuses a bad metadata as a whole', async () => {
    const results = expectOk(
      await server.api.post<unknown[]>(
        '/api/ruleChains/import',
        { ruleChains: [{ name: '' }], metadata: [] },
        ta(),
      ),
    );
    expect(results).toEqual([
      { ruleChainId: null, ruleChainName: '', updated: false, error: 'Rule chain name should be specified!' },
    ]);
    const name = uniqueName('Broken');
    expectError(
      await server.api.post(
        '/api/ruleChains/import',
        {
          ruleChains: [{ name }],
          metadata: [{ nodes: [node('Mystery', 'org.example.MysteryNode')] }],
        },
        ta(),
      ),
      400,
      31,
      "Rule node 'Mystery' has unknown type 'org.example.MysteryNode'!",
    );
    const search = expectOk(
      await server.api.get<PageDataJson<RuleChainJson>>(
        `/api/ruleChains?pageSize=10&page=0&textSearch=${name}`,
        ta(),
      ),
    );
    expect(search.data).toEqual([]);
  });

  it('creates a chain from the device-profile template', async () => {
    const name = uniqueName('Thermostat');
    const chain = expectOk(
      await server.api.post<RuleChainJson>('/api/ruleChain/device/default', { name }, ta()),
    );
    expect(chain).toMatchObject({ name, root: false, type: 'CORE', tenantId: { id: ids.tenantId } });
    const metadata = await getMetadata(chain.id.id);
    expect(metadata.nodes.map((n) => n.name)).toEqual(fixture.metadata.nodes.map((n) => n.name));
    expect(metadata.nodes[1]?.configuration).toEqual({ scope: 'CLIENT_SCOPE' });
    expect(metadata.connections).toEqual(fixture.metadata.connections);
    expect(metadata.firstNodeIndex).toBe(6);
    expectError(
      await server.api.post('/api/ruleChain/device/default', { name: ' ' }, ta()),
      400,
      31,
      "Parameter 'name' can't be empty!",
    );
  });
});

describe('access', () => {
  it("refuses another tenant's administrator on every endpoint of a chain", async () => {
    const chain = await createChain();
    const metadata = expectOk(await saveMetadata(fixtureMetadata(chain.id.id)));
    const other = as('otherTenantAdmin');
    const id = chain.id.id;
    for (const res of [
      await server.api.get(`/api/ruleChain/${id}`, other),
      await server.api.get(`/api/ruleChain/${id}/metadata`, other),
      await server.api.get(`/api/ruleChain/${id}/output/labels`, other),
      await server.api.get(`/api/ruleChain/${id}/output/labels/usage`, other),
      await server.api.post(`/api/ruleChain/${id}/root`, {}, other),
      await server.api.post('/api/ruleChain', { ...chain, name: 'Taken over' }, other),
      await server.api.post('/api/ruleChain/metadata', metadata, other),
      await server.api.delete(`/api/ruleChain/${id}`, other),
    ]) {
      expectError(res, 403, 20);
    }
    const otherList = expectOk(
      await server.api.get<PageDataJson<RuleChainJson>>('/api/ruleChains?pageSize=100&page=0', other),
    );
    expect(otherList.data.every((c) => c.tenantId.id === otherTenant.id)).toBe(true);
    const otherExport = expectOk(
      await server.api.get<{ ruleChains: RuleChainJson[] }>('/api/ruleChains/export?limit=100', other),
    );
    expect(otherExport.ruleChains.every((c) => c.tenantId.id === otherTenant.id)).toBe(true);
    expect(await getMetadata(id)).toEqual(metadata);
  });

  it('refuses customer users and the system administrator', async () => {
    const chain = await createChain();
    const id = chain.id.id;
    for (const caller of ['customerUser', 'otherCustomerUser', 'sysadmin'] as const) {
      const who = as(caller);
      for (const res of [
        await server.api.get(`/api/ruleChain/${id}`, who),
        await server.api.get('/api/ruleChains?pageSize=10&page=0', who),
        await server.api.get(`/api/ruleChain/${id}/metadata`, who),
        await server.api.get(`/api/ruleChain/${id}/output/labels`, who),
        await server.api.get(`/api/ruleChain/${id}/output/labels/usage`, who),
        await server.api.post('/api/ruleChain', { name: 'x' }, who),
        await server.api.post('/api/ruleChain/device/default', { name: 'x' }, who),
        await server.api.post(`/api/ruleChain/${id}/root`, {}, who),
        await server.api.post('/api/ruleChain/metadata', { ruleChainId: chain.id, nodes: [] }, who),
        await server.api.delete(`/api/ruleChain/${id}`, who),
        await server.api.get('/api/ruleChains/export?limit=10', who),
        await server.api.post('/api/ruleChains/import', { ruleChains: [] }, who),
      ]) {
        expectError(res, 403, 20);
      }
    }
  });
});
