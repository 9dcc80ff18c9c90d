import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  type EntityIdJson,
  eventually,
  expectError,
  expectOk,
  type PageDataJson,
  startServer,
  type TestServer,
} from './helper.js';

/**
 * The rule engine end to end, through the API as a tenant administrator uses it: the stored root
 * chain runs every device message; a chain edited with a script filter, a create alarm node, a
 * nested chain and an RPC reply changes what is stored, raised and answered; debug events show
 * what passed each node.
 */

interface NodeJson {
  id?: EntityIdJson;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: Record<string, unknown>;
  additionalInfo?: Record<string, unknown> | null;
}

interface MetaDataJson {
  ruleChainId: EntityIdJson;
  firstNodeIndex: number;
  nodes: NodeJson[];
  connections: { fromIndex: number; toIndex: number; type: string }[];
  ruleChainConnections: unknown;
}

interface ChainJson {
  id: EntityIdJson;
  name: string;
  root: boolean;
}

interface EventJson {
  body: { type: string; relationType?: string; data?: string; error?: string; msgType?: string };
}

const ENGINE = 'org.thingsboard.rule.engine';
const SCRIPT_FILTER = `${ENGINE}.filter.TbJsFilterNode`;
const SCRIPT_TRANSFORM = `${ENGINE}.transform.TbTransformMsgNode`;
const CREATE_ALARM = `${ENGINE}.action.TbCreateAlarmNode`;
const RULE_CHAIN_NODE = `${ENGINE}.flow.TbRuleChainInputNode`;
const OUTPUT_NODE = `${ENGINE}.flow.TbRuleChainOutputNode`;
const RPC_REPLY = `${ENGINE}.rpc.TbSendRPCReplyNode`;

let server: TestServer;
let token: string;
let counter = 0;
const ta = () => ({ token });

const node = (
  type: string,
  name: string,
  configuration: Record<string, unknown>,
  debugMode = false,
): NodeJson => ({
  type,
  name,
  debugMode,
  configuration,
  additionalInfo: { layoutX: 100, layoutY: 100 },
});

async function rootChain(): Promise<{ chain: ChainJson; metadata: MetaDataJson }> {
  const page = expectOk(
    await server.api.get<PageDataJson<ChainJson>>('/api/ruleChains?pageSize=100&page=0', ta()),
  );
  const chain = page.data.find((c) => c.root);
  if (!chain) throw new Error('the tenant has no root chain');
  const metadata = expectOk(
    await server.api.get<MetaDataJson>(`/api/ruleChain/${chain.id.id}/metadata`, ta()),
  );
  return { chain, metadata };
}

const indexOf = (metadata: MetaDataJson, name: string) => {
  const index = metadata.nodes.findIndex((n) => n.name === name);
  if (index < 0) throw new Error(`no node ${name}`);
  return index;
};

async function saveMetadata(metadata: MetaDataJson): Promise<MetaDataJson> {
  return expectOk(await server.api.post<MetaDataJson>('/api/ruleChain/metadata', metadata, ta()));
}

async function newDevice(): Promise<{ id: string; accessToken: string }> {
  counter++;
  const accessToken = `RULE_ENGINE_${counter}_${Date.now()}`;
  const device = expectOk(
    await server.api.post<{ id: EntityIdJson }>(
      `/api/device?accessToken=${accessToken}`,
      { name: `Rule engine device ${counter}`, type: 'default' },
      ta(),
    ),
  );
  return { id: device.id.id, accessToken };
}

async function postTelemetry(accessToken: string, values: Record<string, unknown>) {
  const res = await server.api.post(`/api/v1/${accessToken}/telemetry`, values);
  expect(res.status, res.text).toBe(200);
}

async function stored(deviceId: string, key: string): Promise<unknown[]> {
  const series = expectOk(
    await server.api.get<Record<string, { ts: number; value: unknown }[]>>(
      `/api/plugins/telemetry/DEVICE/${deviceId}/values/timeseries?keys=${key}&startTs=0&endTs=${Date.now() + 1000}&limit=100`,
      ta(),
    ),
  );
  return (series[key] ?? []).map((point) => point.value).sort();
}

async function debugEvents(nodeId: string): Promise<EventJson['body'][]> {
  await server.services.rules.idle();
  await server.services.events.flush();
  const page = expectOk(
    await server.api.get<PageDataJson<EventJson>>(
      `/api/events/RULE_NODE/${nodeId}/DEBUG_RULE_NODE?pageSize=100&page=0`,
      ta(),
    ),
  );
  return page.data.map((event) => event.body);
}

beforeAll(async () => {
  server = await startServer();
  token = (await server.api.login(DEMO.tenant.email, DEMO.tenant.password)).token;
});

afterAll(async () => {
  await server?.close();
});

describe('the default root chain', () => {
  it('stores device telemetry and client attributes through its save nodes', async () => {
    const device = await newDevice();
    await postTelemetry(device.accessToken, { humidity: 40 });
    const res = await server.api.post(`/api/v1/${device.accessToken}/attributes`, { firmware: 'v2' });
    expect(res.status).toBe(200);
    expect(await stored(device.id, 'humidity')).toEqual(['40']);
    const attributes = expectOk(
      await server.api.get<{ key: string; value: unknown }[]>(
        `/api/plugins/telemetry/DEVICE/${device.id}/values/attributes/CLIENT_SCOPE`,
        ta(),
      ),
    );
    expect(attributes.map((a) => [a.key, a.value])).toEqual([['firmware', 'v2']]);
  });
});

describe('an edited root chain', () => {
  let filterId: string;

  it('passes only temperatures above 20 to storage through a script filter, with debug events of both', async () => {
    const { metadata } = await rootChain();
    const switchIndex = indexOf(metadata, 'Message Type Switch');
    const saveIndex = indexOf(metadata, 'Save Timeseries');
    metadata.nodes.push(node(SCRIPT_FILTER, 'Above 20', { jsScript: 'return msg.temperature > 20;' }, true));
    const filterIndex = metadata.nodes.length - 1;
    metadata.connections = metadata.connections
      .filter((c) => !(c.fromIndex === switchIndex && c.type === 'Post telemetry'))
      .concat([
        { fromIndex: switchIndex, toIndex: filterIndex, type: 'Post telemetry' },
        { fromIndex: filterIndex, toIndex: saveIndex, type: 'True' },
      ]);
    const saved = await saveMetadata(metadata);
    filterId = saved.nodes[filterIndex]?.id?.id as string;

    const device = await newDevice();
    await postTelemetry(device.accessToken, { temperature: 25 });
    await postTelemetry(device.accessToken, { temperature: 15 });
    expect(await stored(device.id, 'temperature')).toEqual(['25']);

    const events = await debugEvents(filterId);
    const outs = events.filter((e) => e.type === 'OUT');
    expect(outs.map((e) => [e.relationType, JSON.parse(e.data ?? '{}').temperature]).sort()).toEqual([
      ['False', 15],
      ['True', 25],
    ]);
    expect(events.filter((e) => e.type === 'IN')).toHaveLength(2);
  });

  it('raises an alarm through a create alarm node, visible on the device', async () => {
    const { metadata } = await rootChain();
    const filterIndex = indexOf(metadata, 'Above 20');
    metadata.nodes.push(
      node(CREATE_ALARM, 'High temperature', {
        alarmType: 'High Temperature',
        severity: 'CRITICAL',
        alarmDetailsBuildJs: 'return {temperature: msg.temperature};',
      }),
    );
    metadata.connections.push({ fromIndex: filterIndex, toIndex: metadata.nodes.length - 1, type: 'True' });
    await saveMetadata(metadata);

    const device = await newDevice();
    await postTelemetry(device.accessToken, { temperature: 31 });
    await server.services.rules.idle();
    const alarms = expectOk(
      await server.api.get<PageDataJson<{ type: string; severity: string; details: unknown }>>(
        `/api/alarm/DEVICE/${device.id}?pageSize=10&page=0`,
        ta(),
      ),
    );
    expect(alarms.data.map((a) => [a.type, a.severity, a.details])).toEqual([
      ['High Temperature', 'CRITICAL', { temperature: 31 }],
    ]);
  });

  it('calls a nested chain through a rule chain node and continues from its output node', async () => {
    const nested = expectOk(
      await server.api.post<ChainJson>('/api/ruleChain', { name: 'Nested attributes' }, ta()),
    );
    await saveMetadata({
      ruleChainId: nested.id,
      firstNodeIndex: 0,
      nodes: [
        node(SCRIPT_TRANSFORM, 'To attributes', {
          jsScript:
            "return {msg: {lastHot: msg.temperature}, metadata: metadata, msgType: 'POST_ATTRIBUTES_REQUEST'};",
        }),
        node(OUTPUT_NODE, 'done', {}),
      ],
      connections: [{ fromIndex: 0, toIndex: 1, type: 'Success' }],
      ruleChainConnections: null,
    });
    const { metadata } = await rootChain();
    metadata.nodes.push(node(RULE_CHAIN_NODE, 'Nested', { ruleChainId: nested.id.id }));
    const callIndex = metadata.nodes.length - 1;
    metadata.connections.push(
      { fromIndex: indexOf(metadata, 'Above 20'), toIndex: callIndex, type: 'True' },
      { fromIndex: callIndex, toIndex: indexOf(metadata, 'Save Client Attributes'), type: 'done' },
    );
    await saveMetadata(metadata);

    const device = await newDevice();
    await postTelemetry(device.accessToken, { temperature: 28 });
    await server.services.rules.idle();
    await eventually(async () => {
      const attributes = expectOk(
        await server.api.get<{ key: string; value: unknown }[]>(
          `/api/plugins/telemetry/DEVICE/${device.id}/values/attributes/CLIENT_SCOPE`,
          ta(),
        ),
      );
      expect(attributes.map((a) => [a.key, a.value])).toEqual([['lastHot', 28]]);
    });
  });

  it('answers a device RPC through a script and an RPC reply node', async () => {
    const { metadata } = await rootChain();
    metadata.nodes.push(
      node(SCRIPT_TRANSFORM, 'Time reply', {
        jsScript: 'return {msg: {time: 42, asked: msg.method}, metadata: metadata, msgType: msgType};',
      }),
      node(RPC_REPLY, 'Reply', { requestIdMetaDataAttribute: 'requestId' }),
    );
    const scriptIndex = metadata.nodes.length - 2;
    metadata.connections.push(
      {
        fromIndex: indexOf(metadata, 'Message Type Switch'),
        toIndex: scriptIndex,
        type: 'RPC Request from Device',
      },
      { fromIndex: scriptIndex, toIndex: scriptIndex + 1, type: 'Success' },
    );
    await saveMetadata(metadata);

    const device = await newDevice();
    const res = await server.api.post(`/api/v1/${device.accessToken}/rpc`, { method: 'getTime', params: {} });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ time: 42, asked: 'getTime' });
  });

  it('sends a message whose script throws to Failure, with the error in its debug event', async () => {
    const device = await newDevice();
    await postTelemetry(device.accessToken, { pressure: 1 });
    const events = await debugEvents(filterId);
    const failure = events.find((e) => e.type === 'OUT' && e.relationType === 'Failure');
    // `msg.temperature > 20` is simply false without a temperature: no failure yet.
    expect(failure).toBeUndefined();

    const { metadata } = await rootChain();
    const filter = metadata.nodes[indexOf(metadata, 'Above 20')] as NodeJson;
    filter.configuration = { jsScript: 'return msg.reading.value > 20;' };
    await saveMetadata(metadata);
    await postTelemetry(device.accessToken, { temperature: 5 });
    const after = await debugEvents(filterId);
    const failed = after.find((e) => e.type === 'OUT' && e.relationType === 'Failure');
    expect(failed?.error).toMatch(/reading|undefined/);
  });
});

describe('bad chains', () => {
  it('refuses a rule chain node that calls a chain that is not there, naming the node', async () => {
    const { metadata } = await rootChain();
    metadata.nodes.push(
      node(RULE_CHAIN_NODE, 'Elsewhere', { ruleChainId: '13814000-1dd2-11b2-8080-808080808080' }),
    );
    expectError(await server.api.post('/api/ruleChain/metadata', metadata, ta()), 400, 31, /Elsewhere/);
  });

  it('refuses a node whose configuration cannot work, naming the node', async () => {
    const { metadata } = await rootChain();
    metadata.nodes.push(node(SCRIPT_FILTER, 'No script', { jsScript: 42 }));
    metadata.nodes.push(node(CREATE_ALARM, 'Bad severity', { alarmType: 'X', severity: 'SEVERE' }));
    const res = await server.api.post('/api/ruleChain/metadata', metadata, ta());
    expectError(res, 400, 31, /No script|Bad severity/);
  });
});

describe('server-side RPC over REST', () => {
  /** The device's long poll of the HTTP device API: the next RPC request sent to it. */
  async function polledRequest(accessToken: string) {
    const res = await server.api.get<{ id: number; method: string; params: unknown }>(
      `/api/v1/${accessToken}/rpc?timeout=10000`,
    );
    expect(res.status, res.text).toBe(200);
    return res.body as { id: number; method: string; params: unknown };
  }

  it('enters the chain as RPC_CALL_FROM_SERVER_TO_DEVICE: a script before the RPC call request node changes what the device gets', async () => {
    const { metadata } = await rootChain();
    const request = indexOf(metadata, 'RPC Call Request');
    const link = metadata.connections.find(
      (c) => c.toIndex === request && c.type === 'RPC Request to Device',
    );
    if (!link) throw new Error('no RPC Request to Device link');
    metadata.nodes.push(
      node(SCRIPT_TRANSFORM, 'Tag RPC', {
        jsScript:
          "return {msg: {method: msg.method + ':' + metadata.deviceType + ':' + metadata.oneway + ':' + msgType, params: msg.params}, metadata: metadata, msgType: msgType};",
      }),
    );
    const tagIndex = metadata.nodes.length - 1;
    link.toIndex = tagIndex;
    metadata.connections.push({ fromIndex: tagIndex, toIndex: request, type: 'Success' });
    await saveMetadata(metadata);

    const device = await newDevice();
    const reply = server.api.post(
      `/api/plugins/rpc/twoway/${device.id}`,
      { method: 'ping', params: { level: 2 } },
      ta(),
    );
    const polled = await polledRequest(device.accessToken);
    expect(polled.method).toBe('ping:default:false:RPC_CALL_FROM_SERVER_TO_DEVICE');
    expect(polled.params).toEqual({ level: 2 });
    const answered = await server.api.post(`/api/v1/${device.accessToken}/rpc/${polled.id}`, { pong: true });
    expect(answered.status, answered.text).toBe(200);
    const res = await reply;
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ pong: true });
  });

  it('times out when the chain does not lead the call to an RPC call request node', async () => {
    const { metadata } = await rootChain();
    const request = indexOf(metadata, 'RPC Call Request');
    metadata.connections = metadata.connections.filter((c) => c.toIndex !== request);
    await saveMetadata(metadata);

    const device = await newDevice();
    const res = await server.api.post(
      `/api/plugins/rpc/twoway/${device.id}`,
      { method: 'ping', params: {}, timeout: 5000 },
      ta(),
    );
    expect(res.status).toBe(408);
  });

  it('takes a persistent RPC through the chain too, and tells the chain each status it takes', async () => {
    const { metadata } = await rootChain();
    const switchIndex = indexOf(metadata, 'Message Type Switch');
    const request = indexOf(metadata, 'RPC Call Request');
    metadata.nodes.push(
      node(SCRIPT_TRANSFORM, 'Tag persistent', {
        jsScript:
          "return {msg: {method: msg.method + ':' + metadata.persistent, params: msg.params}, metadata: metadata, msgType: msgType};",
      }),
    );
    const tag = metadata.nodes.length - 1;
    metadata.nodes.push(node(SCRIPT_FILTER, 'RPC lifecycle', { jsScript: 'return true;' }, true));
    const lifecycle = metadata.nodes.length - 1;
    metadata.connections = metadata.connections
      .filter(
        (c) => c.toIndex !== request && !(c.fromIndex === switchIndex && c.type === 'RPC Request to Device'),
      )
      .concat([
        { fromIndex: switchIndex, toIndex: tag, type: 'RPC Request to Device' },
        { fromIndex: tag, toIndex: request, type: 'Success' },
        ...['RPC Queued', 'RPC Delivered', 'RPC Successful'].map((type) => ({
          fromIndex: switchIndex,
          toIndex: lifecycle,
          type,
        })),
      ]);
    const saved = await saveMetadata(metadata);
    const lifecycleId = saved.nodes[lifecycle]?.id?.id as string;

    const device = await newDevice();
    const res = await server.api.post<{ rpcId: string }>(
      `/api/rpc/twoway/${device.id}`,
      { method: 'boil', params: { to: 90 }, persistent: true },
      ta(),
    );
    expect(res.status, res.text).toBe(200);
    const { rpcId } = res.body as { rpcId: string };
    // What the device gets is what the chain made of it.
    const polled = await polledRequest(device.accessToken);
    expect(polled.method).toBe('boil:true');
    expect(polled.params).toEqual({ to: 90 });
    const answered = await server.api.post(`/api/v1/${device.accessToken}/rpc/${polled.id}`, { done: true });
    expect(answered.status, answered.text).toBe(200);
    await expect
      .poll(async () => {
        const rpc = await server.api.get<{ status: string }>(`/api/rpc/persistent/${rpcId}`, ta());
        return (rpc.body as { status: string }).status;
      })
      .toBe('SUCCESSFUL');

    const events = (await debugEvents(lifecycleId)).filter((e) => e.type === 'IN');
    expect(events.map((e) => e.msgType).sort()).toEqual(['RPC_DELIVERED', 'RPC_QUEUED', 'RPC_SUCCESSFUL']);
    const successful = events.find((e) => e.msgType === 'RPC_SUCCESSFUL');
    expect(JSON.parse(successful?.data ?? '{}')).toMatchObject({
      id: { entityType: 'RPC', id: rpcId },
      deviceId: { entityType: 'DEVICE', id: device.id },
      status: 'SUCCESSFUL',
    });
  });
});
