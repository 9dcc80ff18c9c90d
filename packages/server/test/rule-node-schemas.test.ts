// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ConfigSchema, JsonObject } from '@meridian/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Caller, signInCallers } from './callers.js';
import { expectError, expectOk, startServer, type TestServer } from './helper.js';

/**
 * The configuration schemas of the real nodes (issue 11): the descriptors carry them, and a chain
 * save refuses a configuration that breaks its node's schema, naming the node and the field, while
 * the reference's own exported chain (numbers and booleans as strings) still goes in.
 */

const FIXTURES = path.resolve(import.meta.dirname, '../../../test-fixtures/thingsboard-3.3.4');
const CREATE_ALARM = 'org.thingsboard.rule.engine.action.TbCreateAlarmNode';
const SAVE_ATTRIBUTES = 'org.thingsboard.rule.engine.telemetry.TbMsgAttributesNode';

interface DescriptorJson {
  clazz: string;
  configurationDescriptor: {
    nodeDefinition: { defaultConfiguration: JsonObject; configurationSchema?: ConfigSchema };
  };
}

let server: TestServer;
let tokens: Record<Caller, string>;

beforeAll(async () => {
  server = await startServer();
  ({ tokens } = await signInCallers(server));
});

afterAll(async () => {
  await server?.close();
});

const ta = () => ({ token: tokens.tenantAdmin });
let counter = 0;

async function newChainId(): Promise<string> {
  const name = `Schemas ${Date.now().toString(36)}-${++counter}`;
  const chain = expectOk(await server.api.post<{ id: { id: string } }>('/api/ruleChain', { name }, ta()));
  return chain.id.id;
}

const saveNodes = async (ruleChainId: string, nodes: JsonObject[]) =>
  server.api.post<{ nodes: unknown[] }>(
    '/api/ruleChain/metadata',
    { ruleChainId: { entityType: 'RULE_CHAIN', id: ruleChainId }, firstNodeIndex: 0, nodes, connections: [] },
    ta(),
  );

describe('rule node configuration schemas', () => {
  it('every descriptor carries its schema beside the default configuration', async () => {
    const all = expectOk(
      await server.api.get<DescriptorJson[]>(
        '/api/components?componentTypes=FILTER,ENRICHMENT,TRANSFORMATION,ACTION,EXTERNAL,FLOW',
        ta(),
      ),
    );
    expect(all.length).toBeGreaterThanOrEqual(50);
    for (const descriptor of all) {
      const definition = descriptor.configurationDescriptor.nodeDefinition;
      expect(definition.configurationSchema?.type, descriptor.clazz).toBe('object');
      expect(definition.configurationSchema?.default).toEqual(definition.defaultConfiguration);
    }
    const alarm = expectOk(await server.api.get<DescriptorJson>(`/api/component/${CREATE_ALARM}`, ta()));
    expect(alarm.configurationDescriptor.nodeDefinition.configurationSchema?.properties?.severity).toEqual({
      type: 'string',
      title: 'Alarm severity',
      enum: ['CRITICAL', 'MAJOR', 'MINOR', 'WARNING', 'INDETERMINATE'],
      enumNames: ['Critical', 'Major', 'Minor', 'Warning', 'Indeterminate'],
      'x-patternWhen': 'dynamicSeverity',
      default: 'CRITICAL',
    });
  });

  it('refuses a value outside an enum with 400 naming the node and the field', async () => {
    const chainId = await newChainId();
    const res = await saveNodes(chainId, [
      { name: 'Keep attributes', type: SAVE_ATTRIBUTES, configuration: { scope: 'EVERYWHERE' } },
    ]);
    expectError(
      res,
      400,
      31,
      "Keep attributes: 'scope' must be one of CLIENT_SCOPE, SHARED_SCOPE, SERVER_SCOPE",
    );
    const nested = await saveNodes(chainId, [
      {
        name: 'Raise',
        type: CREATE_ALARM,
        configuration: { alarmType: 'High', severity: 'CRITICAL', propagate: 'maybe' },
      },
    ]);
    expectError(nested, 400, 31, "Raise: 'propagate' must be true or false");
  });

  it('is as lenient as the engine: numeric and boolean strings, unknown keys, severity patterns', async () => {
    const chainId = await newChainId();
    const saved = expectOk(
      await saveNodes(chainId, [
        {
          name: 'Raise',
          type: CREATE_ALARM,
          configuration: {
            alarmType: 'High',
            severity: '${severity}',
            dynamicSeverity: 'true',
            propagate: 'false',
            somethingNewer: { any: 'thing' },
          },
        },
        {
          name: 'Keep',
          type: SAVE_ATTRIBUTES,
          configuration: { scope: 'SHARED_SCOPE', notifyDevice: 'false' },
        },
      ]),
    );
    expect(saved.nodes).toHaveLength(2);
  });

  it("imports the reference's exported root chain", async () => {
    const fixture = JSON.parse(await fs.readFile(path.join(FIXTURES, 'rule-chain-root.json'), 'utf8')) as {
      metadata: JsonObject;
    };
    const chainId = await newChainId();
    const saved = expectOk(
      await server.api.post<{ nodes: unknown[] }>(
        '/api/ruleChain/metadata',
        { ...fixture.metadata, ruleChainId: { entityType: 'RULE_CHAIN', id: chainId } },
        ta(),
      ),
    );
    expect(saved.nodes.length).toBe((fixture.metadata.nodes as unknown[]).length);
  });
});
