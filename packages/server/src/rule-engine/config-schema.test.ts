// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the reference's ${metadataKey} pattern syntax, not JS templates
import { type ConfigSchema, configSchemaIssues, type JsonObject } from '@meridian/common';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { builtInNodes } from './registry.js';
import { REFERENCE_ROOT_CHAIN } from './testing/reference-root-chain.js';

const registry = builtInNodes();
const definitions = registry.all().map((definition) => [definition.name, definition] as const);

/** A strict draft-07 validator that knows the schema's annotation keywords (labels, pattern toggle). */
function strictAjv(): Ajv {
  const ajv = new Ajv({ strict: true, allErrors: true, allowUnionTypes: true });
  ajv.addKeyword('enumNames');
  ajv.addKeyword('x-patternWhen');
  return ajv;
}

/** Every object schema's properties, with their paths (`relationsQuery.filters[].entityTypes`). */
function describedPaths(schema: ConfigSchema, path = ''): string[] {
  const here = path === '' ? [] : [path];
  const props = Object.entries(schema.properties ?? {}).flatMap(([key, child]) =>
    describedPaths(child, path === '' ? key : `${path}.${key}`),
  );
  const items = schema.items
    ? describedPaths(schema.items, `${path}[]`).filter((p) => p !== `${path}[]`)
    : [];
  return [...here, ...props, ...items];
}

/** The key paths of a value, the way describedPaths names them; maps' own keys are not followed. */
function valuePaths(value: unknown, schema: ConfigSchema | undefined, path = ''): string[] {
  if (value === null || typeof value !== 'object' || schema?.additionalProperties) return [];
  if (Array.isArray(value)) {
    return value.flatMap((item) => valuePaths(item, schema?.items, `${path}[]`));
  }
  return Object.entries(value).flatMap(([key, item]) => {
    const child = `${path === '' ? '' : `${path}.`}${key}`;
    return [child, ...valuePaths(item, schema?.properties?.[key], child)];
  });
}

describe('node configuration schemas', () => {
  const ajv = strictAjv();

  it('every registered node has an object schema', () => {
    expect(definitions.length).toBeGreaterThanOrEqual(55);
    for (const [, definition] of definitions) {
      expect(definition.configurationSchema.type).toBe('object');
    }
  });

  it.each(definitions)('%s: its default configuration validates against its schema', (_name, definition) => {
    const validate = ajv.compile(definition.configurationSchema);
    const valid = validate(definition.defaultConfiguration);
    expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
    expect(valid).toBe(true);
    expect(configSchemaIssues(definition.configurationSchema, definition.defaultConfiguration)).toEqual([]);
  });

  it.each(definitions)(
    '%s: every default configuration key is described, with its default',
    (_name, definition) => {
      const schema = definition.configurationSchema;
      const described = new Set(describedPaths(schema));
      for (const path of valuePaths(definition.defaultConfiguration, schema)) {
        expect(described, `'${path}' of ${definition.clazz}`).toContain(path);
      }
      for (const [key, value] of Object.entries(definition.defaultConfiguration)) {
        expect(schema.properties?.[key]?.default).toEqual(value);
        expect(schema.properties?.[key]?.title, `title of ${key}`).toBeTruthy();
      }
      expect(schema.default).toEqual(definition.defaultConfiguration);
    },
  );

  it('enum choices carry a label each', () => {
    const walk = (schema: ConfigSchema) => {
      if (schema.enum) expect(schema.enumNames).toHaveLength(schema.enum.length);
      for (const child of Object.values(schema.properties ?? {})) walk(child);
      if (schema.items) walk(schema.items);
    };
    for (const [, definition] of definitions) walk(definition.configurationSchema);
  });
});

describe('lenient configuration check', () => {
  const schemaOf = (clazz: string) => {
    const definition = registry.get(`org.thingsboard.rule.engine.${clazz}`);
    if (!definition) throw new Error(clazz);
    return definition.configurationSchema;
  };

  it('takes what the engine readers take: numeric strings, "true"/"false", null, unknown keys', () => {
    const delay = schemaOf('delay.TbMsgDelayNode');
    expect(configSchemaIssues(delay, { periodInSeconds: '15', maxPendingMsgs: 10 })).toEqual([]);
    expect(configSchemaIssues(delay, { periodInSeconds: null, somethingElse: { any: 1 } })).toEqual([]);
    const attributes = schemaOf('telemetry.TbMsgAttributesNode');
    expect(configSchemaIssues(attributes, { scope: 'CLIENT_SCOPE', notifyDevice: 'false' })).toEqual([]);
  });

  it('names the field a value breaks, nested ones by path', () => {
    const attributes = schemaOf('telemetry.TbMsgAttributesNode');
    expect(configSchemaIssues(attributes, { scope: 'NOWHERE' })).toEqual([
      {
        path: 'scope',
        message: "'scope' must be one of CLIENT_SCOPE, SHARED_SCOPE, SERVER_SCOPE",
      },
    ]);
    expect(configSchemaIssues(attributes, { notifyDevice: 'yes' })[0]?.path).toBe('notifyDevice');
    const delay = schemaOf('delay.TbMsgDelayNode');
    expect(configSchemaIssues(delay, { periodInSeconds: '1.5' })[0]?.message).toBe(
      "'periodInSeconds' must be a whole number",
    );
    expect(configSchemaIssues(delay, { maxPendingMsgs: 0 })[0]?.message).toBe(
      "'maxPendingMsgs' must be at least 1",
    );
    const originator = schemaOf('transform.TbChangeOriginatorNode');
    expect(
      configSchemaIssues(originator, {
        originatorSource: 'RELATED',
        relationsQuery: { direction: 'UP', filters: [{ entityTypes: ['DEVICE', 'PLANET'] }] },
      }).map((issue) => issue.path),
    ).toEqual(['relationsQuery.direction', 'relationsQuery.filters[0].entityTypes[1]']);
  });

  it("takes a severity pattern only while the create alarm node's dynamicSeverity is on", () => {
    const alarm = schemaOf('action.TbCreateAlarmNode');
    expect(configSchemaIssues(alarm, { severity: '${severity}', dynamicSeverity: true })).toEqual([]);
    expect(configSchemaIssues(alarm, { severity: '${severity}', dynamicSeverity: 'false' })[0]?.path).toBe(
      'severity',
    );
    expect(configSchemaIssues(alarm, { severity: 'MAJOR' })).toEqual([]);
  });

  it("passes every node of the reference's exported root chain", () => {
    const fixture = REFERENCE_ROOT_CHAIN as unknown as {
      metadata: { nodes: { type: string; configuration: JsonObject }[] };
    };
    for (const node of fixture.metadata.nodes) {
      const definition = registry.get(node.type);
      expect(definition, node.type).toBeDefined();
      expect(configSchemaIssues(definition?.configurationSchema ?? {}, node.configuration)).toEqual([]);
    }
  });
});
