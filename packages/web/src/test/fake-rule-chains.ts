import type { ComponentDescriptor, RuleChain, RuleChainMetaData, RuleNode } from '@meridian/common';
import type { Handler } from './fake-backend';
import { createEntityBackend, createEntityStore, type EntityStore } from './fake-entities';
import * as reply from './fake-replies';
import { type Route, routedFetch } from './fake-routes';

/**
 * In-memory rule chains of tenant-1 behind the RuleChainController and ComponentDescriptorController
 * paths of reference §1.3: a root chain with three nodes, a second chain, and the descriptors of a
 * few core node classes.
 */

const TENANT = { entityType: 'TENANT', id: 'tenant-1' } as const;
const T0 = 1_700_000_000_000;

export interface RuleChainStore extends EntityStore {
  ruleChains: RuleChain[];
  metadata: Map<string, RuleChainMetaData>;
  outputLabels: Map<string, string[]>;
}

function chain(id: string, name: string, at: number, root: boolean): RuleChain {
  return {
    id: { entityType: 'RULE_CHAIN', id },
    createdTime: at,
    tenantId: TENANT,
    name,
    type: 'CORE',
    firstRuleNodeId: null,
    root,
    debugMode: false,
    configuration: null,
    additionalInfo: { description: '' },
  };
}

function descriptor(
  type: ComponentDescriptor['type'],
  name: string,
  clazz: string,
  nodeDefinition: Record<string, unknown>,
): ComponentDescriptor {
  return {
    id: { id: `descriptor-${name}` },
    createdTime: T0,
    type,
    scope: 'TENANT',
    name,
    clazz,
    actions: null,
    configurationDescriptor: {
      nodeDefinition: {
        description: `${name} node`,
        details: '',
        inEnabled: true,
        outEnabled: true,
        customRelations: false,
        ruleChainNode: false,
        ...nodeDefinition,
      } as never,
    },
  };
}

export const CLAZZ = {
  switch: 'org.thingsboard.rule.engine.filter.TbMsgTypeSwitchNode',
  script: 'org.thingsboard.rule.engine.filter.TbJsFilterNode',
  timeseries: 'org.thingsboard.rule.engine.telemetry.TbMsgTimeseriesNode',
  log: 'org.thingsboard.rule.engine.action.TbLogNode',
  ruleChain: 'org.thingsboard.rule.engine.flow.TbRuleChainInputNode',
  createAlarm: 'org.thingsboard.rule.engine.action.TbCreateAlarmNode',
  delay: 'org.thingsboard.rule.engine.delay.TbMsgDelayNode',
};

/** Configuration schemas as the server's descriptors carry them (issue 11), for the schema-built forms. */
const CREATE_ALARM_SCHEMA = {
  type: 'object',
  required: ['alarmType', 'severity'],
  properties: {
    alarmDetailsBuildJs: {
      type: 'string',
      title: 'Alarm details builder',
      contentMediaType: 'application/javascript',
      default: 'return {};',
    },
    alarmType: { type: 'string', title: 'Alarm type', default: 'General Alarm' },
    dynamicSeverity: { type: 'boolean', title: 'Use alarm severity pattern', default: false },
    severity: {
      type: 'string',
      title: 'Alarm severity',
      enum: ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING', 'INDETERMINATE'],
      enumNames: ['Critical', 'Major', 'Minor', 'Warning', 'Indeterminate'],
      'x-patternWhen': 'dynamicSeverity',
      default: 'CRITICAL',
    },
    propagate: { type: 'boolean', title: 'Propagate', default: false },
    relationTypes: {
      type: 'array',
      title: 'Relation types to propagate',
      items: { type: 'string' },
      default: [],
    },
  },
};

const DELAY_SCHEMA = {
  type: 'object',
  properties: {
    periodInSeconds: { type: 'integer', title: 'Period in seconds', minimum: 0, default: 60 },
    maxPendingMsgs: {
      type: 'integer',
      title: 'Maximum pending messages',
      minimum: 1,
      maximum: 100000,
      default: 1000,
    },
    relationsQuery: {
      type: 'object',
      title: 'Relations query',
      properties: {
        direction: { type: 'string', title: 'Direction', enum: ['FROM', 'TO'], enumNames: ['From', 'To'] },
        maxLevel: { type: 'integer', title: 'Max relation level', minimum: 0 },
      },
    },
  },
};

export const DESCRIPTORS: ComponentDescriptor[] = [
  descriptor('FILTER', 'message type switch', CLAZZ.switch, {
    relationTypes: ['Post attributes', 'Post telemetry', 'Other', 'Failure'],
    customRelations: false,
    defaultConfiguration: { version: 0 },
  }),
  descriptor('FILTER', 'script', CLAZZ.script, {
    relationTypes: ['True', 'False', 'Failure'],
    defaultConfiguration: { jsScript: 'return msg.temperature > 20;' },
  }),
  descriptor('ACTION', 'save timeseries', CLAZZ.timeseries, {
    relationTypes: ['Success', 'Failure'],
    defaultConfiguration: { defaultTTL: 0, skipLatestPersistence: false },
  }),
  descriptor('ACTION', 'log', CLAZZ.log, {
    relationTypes: ['Success', 'Failure'],
    defaultConfiguration: { jsScript: 'return JSON.stringify(msg);' },
  }),
  descriptor('FLOW', 'rule chain', CLAZZ.ruleChain, {
    relationTypes: ['Failure'],
    customRelations: true,
    ruleChainNode: true,
    defaultConfiguration: { ruleChainId: null },
  }),
  descriptor('ACTION', 'create alarm', CLAZZ.createAlarm, {
    relationTypes: ['Created', 'Updated', 'False', 'Failure'],
    defaultConfiguration: {
      alarmDetailsBuildJs: 'return {};',
      alarmType: 'General Alarm',
      severity: 'CRITICAL',
      propagate: false,
      relationTypes: [],
      dynamicSeverity: false,
    },
    configurationSchema: CREATE_ALARM_SCHEMA,
  }),
  descriptor('ACTION', 'delay', CLAZZ.delay, {
    relationTypes: ['Success', 'Failure'],
    defaultConfiguration: { periodInSeconds: 60, maxPendingMsgs: 1000 },
    configurationSchema: DELAY_SCHEMA,
  }),
];

function node(id: string, chainId: string, type: string, name: string, x: number, y: number): RuleNode {
  return {
    id: { entityType: 'RULE_NODE', id },
    createdTime: T0,
    ruleChainId: { entityType: 'RULE_CHAIN', id: chainId },
    type,
    name,
    debugMode: false,
    configuration: type === CLAZZ.timeseries ? { defaultTTL: 0 } : { version: 0 },
    additionalInfo: { layoutX: x, layoutY: y, description: '' },
  };
}

/** Root Rule Chain: switch → save timeseries (Post telemetry, Post attributes), switch → log (Other). */
export function createRuleChainStore(): RuleChainStore {
  const store: RuleChainStore = {
    ...createEntityStore(),
    ruleChains: [
      chain('rc-root', 'Root Rule Chain', T0 + 10_000, true),
      chain('rc-2', 'Thermostat', T0 + 20_000, false),
    ],
    metadata: new Map(),
    outputLabels: new Map([['rc-2', ['High temperature', 'Normal']]]),
  };
  store.metadata.set('rc-root', {
    ruleChainId: { entityType: 'RULE_CHAIN', id: 'rc-root' },
    firstNodeIndex: 0,
    nodes: [
      node('rn-1', 'rc-root', CLAZZ.switch, 'Message Type Switch', 300, 150),
      node('rn-2', 'rc-root', CLAZZ.timeseries, 'Save Timeseries', 600, 100),
      node('rn-3', 'rc-root', CLAZZ.log, 'Log Other', 600, 250),
    ],
    connections: [
      { fromIndex: 0, toIndex: 1, type: 'Post telemetry' },
      { fromIndex: 0, toIndex: 1, type: 'Post attributes' },
      { fromIndex: 0, toIndex: 2, type: 'Other' },
    ],
    ruleChainConnections: null,
  });
  store.metadata.set('rc-2', {
    ruleChainId: { entityType: 'RULE_CHAIN', id: 'rc-2' },
    firstNodeIndex: null,
    nodes: [],
    connections: [],
    ruleChainConnections: null,
  });
  return store;
}

function ruleChainRoutes(store: RuleChainStore): Route[] {
  const find = (id: string | undefined) => store.ruleChains.find((c) => c.id.id === id);
  return [
    [
      'GET',
      /^\/api\/ruleChains$/,
      (call) =>
        reply.page(
          store.ruleChains.filter((c) => c.type === (call.query.get('type') ?? 'CORE')),
          call.query,
          'name',
        ),
    ],
    ['GET', /^\/api\/ruleChain\/(?<id>[^/]+)$/, (_call, p) => reply.found(find(p.id))],
    [
      'GET',
      /^\/api\/ruleChain\/(?<id>[^/]+)\/metadata$/,
      (_call, p) => reply.ifFound(find(p.id), (c) => ({ body: store.metadata.get(c.id.id) })),
    ],
    [
      'GET',
      /^\/api\/ruleChain\/(?<id>[^/]+)\/output\/labels$/,
      (_call, p) => reply.ifFound(find(p.id), (c) => ({ body: store.outputLabels.get(c.id.id) ?? [] })),
    ],
    [
      'POST',
      /^\/api\/ruleChain$/,
      (call) => {
        const body = call.body as Partial<RuleChain>;
        if (!body.name) return reply.badRequest('Rule chain name should be specified!');
        return reply.saved(store.ruleChains, body, () => {
          const created = {
            ...chain(`rc-new-${store.nextId++}`, body.name as string, T0 + 90_000, false),
            debugMode: body.debugMode ?? false,
            additionalInfo: body.additionalInfo ?? null,
          };
          store.metadata.set(created.id.id, {
            ruleChainId: created.id,
            firstNodeIndex: null,
            nodes: [],
            connections: [],
            ruleChainConnections: null,
          });
          return created;
        });
      },
    ],
    [
      'POST',
      /^\/api\/ruleChain\/metadata$/,
      (call) => {
        const body = call.body as RuleChainMetaData;
        return reply.ifFound(find(body.ruleChainId?.id), (c) => {
          const nodes = body.nodes.map((n) => ({
            ...n,
            id: n.id ?? { entityType: 'RULE_NODE' as const, id: `rn-new-${store.nextId++}` },
            ruleChainId: c.id,
          }));
          const saved = { ...body, nodes };
          store.metadata.set(c.id.id, saved);
          return { body: saved };
        });
      },
    ],
    [
      'POST',
      /^\/api\/ruleChain\/(?<id>[^/]+)\/root$/,
      (_call, p) =>
        reply.ifFound(find(p.id), (chosen) => {
          for (const c of store.ruleChains) c.root = c === chosen;
          return { body: chosen };
        }),
    ],
    [
      'DELETE',
      /^\/api\/ruleChain\/(?<id>[^/]+)$/,
      (_call, p) =>
        find(p.id)?.root
          ? reply.badRequest('Deletion of Root Tenant Rule Chain is prohibited!')
          : reply.deleted(store.ruleChains, p.id),
    ],
    ['GET', /^\/api\/components$/, () => ({ body: DESCRIPTORS })],
    // A filter script on `msg.temperature`: true above 20, an error when the message has none.
    [
      'POST',
      /^\/api\/ruleChain\/testScript$/,
      (call) => {
        const request = call.body as { msg: string; script: string };
        const temperature = (JSON.parse(request.msg) as { temperature?: number }).temperature;
        return {
          body:
            temperature === undefined
              ? { output: '', error: "TypeError: cannot read property 'temperature' of undefined" }
              : { output: String(temperature > 20), error: '' },
        };
      },
    ],
    // Every stored node has one debug event: a telemetry message that came in.
    [
      'POST',
      /^\/api\/events\/RULE_NODE\/(?<id>[^/]+)$/,
      (call, p) =>
        reply.page(
          [
            {
              id: { id: `event-${p.id}` },
              createdTime: T0,
              tenantId: TENANT,
              type: 'DEBUG_RULE_NODE',
              uid: `event-${p.id}`,
              entityId: { entityType: 'RULE_NODE', id: p.id },
              body: {
                type: 'IN',
                server: 'meridian',
                entityId: 'device-1',
                entityName: 'DEVICE',
                msgId: `msg-${p.id}`,
                msgType: 'POST_TELEMETRY_REQUEST',
                dataType: 'JSON',
                data: '{"temperature":21}',
                metadata: '{}',
              },
            },
          ],
          call.query,
          'createdTime',
        ),
    ],
  ];
}

/** The entity backend plus the rule chain routes above; `overrides` win, for error cases. */
export function createRuleChainBackend(
  store: RuleChainStore = createRuleChainStore(),
  overrides: Record<string, Handler> = {},
) {
  const base = createEntityBackend(store, overrides);
  const fetch = routedFetch(ruleChainRoutes(store), base, (method, path) => `${method} ${path}` in overrides);
  return { ...base, fetch, store };
}
