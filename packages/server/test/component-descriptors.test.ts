import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { expectError, expectOk, startServer, type TestServer } from './helper.js';
import { PUSH_TO_CLOUD, RULE_CHAIN_INPUT, testRuleNodes } from './rule-chain-nodes.js';

/**
 * Component descriptors (reference ComponentDescriptorController): the node library of the rule
 * chain editor, built from the node registry, for system and tenant administrators.
 */

interface DescriptorJson {
  id: { id: string };
  createdTime: number;
  type: string;
  scope: string;
  name: string;
  clazz: string;
  configurationDescriptor: { nodeDefinition: Record<string, unknown> };
  actions: null;
}

let server: TestServer;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer({ ruleNodes: testRuleNodes() });
  ({ tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const as = (caller: Caller) => ({ token: tokens[caller] });
const TIMESERIES = 'org.thingsboard.rule.engine.telemetry.TbMsgTimeseriesNode';

describe('component descriptors', () => {
  it('describes a node by class in the reference JSON, with a stable id', async () => {
    const descriptor = expectOk(
      await server.api.get<DescriptorJson>(`/api/component/${TIMESERIES}`, as('tenantAdmin')),
    );
    expect(descriptor).toEqual({
      id: { id: expect.stringMatching(/^[0-9a-f-]{36}$/) },
      createdTime: expect.any(Number),
      type: 'ACTION',
      scope: 'TENANT',
      name: 'TbMsgTimeseriesNode',
      clazz: TIMESERIES,
      configurationDescriptor: {
        nodeDefinition: {
          details: 'The TbMsgTimeseriesNode of the rule chain tests.',
          description: 'TbMsgTimeseriesNode stand-in',
          inEnabled: true,
          outEnabled: true,
          relationTypes: ['Success', 'Failure'],
          customRelations: false,
          ruleChainNode: false,
          defaultConfiguration: {},
          configurationSchema: { type: 'object', properties: {}, default: {} },
          uiResources: [],
          configDirective: 'tbNodeEmptyConfig',
          icon: '',
          iconUrl: '',
          docUrl: '',
        },
      },
      actions: null,
    });
    const again = expectOk(
      await server.api.get<DescriptorJson>(`/api/component/${TIMESERIES}`, as('sysadmin')),
    );
    expect(again.id).toEqual(descriptor.id);
    const input = expectOk(
      await server.api.get<DescriptorJson>(`/api/component/${RULE_CHAIN_INPUT}`, as('sysadmin')),
    );
    expect(input.configurationDescriptor.nodeDefinition).toMatchObject({
      ruleChainNode: true,
      customRelations: true,
    });
    expect(input.id).not.toEqual(descriptor.id);
    expectError(await server.api.get('/api/component/org.example.NoSuchNode', as('tenantAdmin')), 404, 32);
  });

  it('lists the nodes of a type and of several types, for the chain type asked for', async () => {
    const flow = expectOk(await server.api.get<DescriptorJson[]>('/api/components/FLOW', as('tenantAdmin')));
    expect(flow.map((d) => d.name)).toEqual(['TbRuleChainInputNode', 'TbRuleChainOutputNode']);
    const output = flow[1]?.configurationDescriptor.nodeDefinition;
    expect(output).toMatchObject({ outEnabled: false, relationTypes: ['Failure'] });

    const core = expectOk(
      await server.api.get<DescriptorJson[]>(
        '/api/components?componentTypes=ACTION,FILTER',
        as('tenantAdmin'),
      ),
    );
    expect(core.map((d) => d.clazz)).not.toContain(PUSH_TO_CLOUD);
    expect(new Set(core.map((d) => d.type))).toEqual(new Set(['ACTION', 'FILTER']));
    expect(core).toHaveLength(6);
    const edge = expectOk(
      await server.api.get<DescriptorJson[]>(
        '/api/components?componentTypes=ACTION&componentTypes=FILTER&ruleChainType=EDGE',
        as('sysadmin'),
      ),
    );
    expect(edge.map((d) => d.clazz)).toContain(PUSH_TO_CLOUD);
    expect(edge).toHaveLength(7);
  });

  it('refuses unknown component and chain types, and customer users', async () => {
    expect((await server.api.get('/api/components/GADGET', as('tenantAdmin'))).status).toBe(400);
    expect((await server.api.get('/api/components/FLOW?ruleChainType=FOG', as('tenantAdmin'))).status).toBe(
      400,
    );
    expectError(
      await server.api.get('/api/components?componentTypes=FLOW,GADGET', as('tenantAdmin')),
      400,
      31,
      "Invalid component type 'GADGET'! Expected one of ENRICHMENT, FILTER, TRANSFORMATION, ACTION, EXTERNAL, FLOW.",
    );
    for (const path of [
      '/api/components/FLOW',
      `/api/component/${TIMESERIES}`,
      '/api/components?componentTypes=FLOW',
    ]) {
      expectError(await server.api.get(path, as('customerUser')), 403, 20);
    }
  });
});
