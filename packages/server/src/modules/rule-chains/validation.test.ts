import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.js';
import { defineNode, RuleNodeConfigError } from '../../rule-engine/node.js';
import { RuleNodeRegistry } from '../../rule-engine/registry.js';
import { checkMetadata, findChainCycle, targetChainOf } from './validation.js';

const graph = (edges: Record<string, string[]>) =>
  new Map(Object.entries(edges).map(([from, to]) => [from, new Set(to)]));

describe('findChainCycle', () => {
  it('finds a cycle through the start chain and gives its path', () => {
    expect(findChainCycle('A', graph({ A: ['B'], B: ['C'], C: ['A'] }))).toEqual(['A', 'B', 'C', 'A']);
    expect(findChainCycle('A', graph({ A: ['A'] }))).toEqual(['A', 'A']);
  });

  it('accepts chains that share callees without a way back (a diamond) and cycles elsewhere', () => {
    expect(findChainCycle('A', graph({ A: ['B', 'C'], B: ['D'], C: ['D'], D: [] }))).toBeNull();
    expect(findChainCycle('A', graph({ A: ['B'], B: ['C'], C: ['B'] }))).toBeNull();
  });
});

describe('checkMetadata', () => {
  const registry = new RuleNodeRegistry([
    defineNode({
      clazz: 'test.Ttl',
      type: 'ACTION',
      name: 'ttl',
      description: '',
      details: '',
      relationTypes: ['Success'],
      configDirective: '',
      defaultConfiguration: {},
      configurationSchema: { type: 'object', properties: { ttl: { type: 'number', title: 'TTL' } } },
      configure: (raw) => {
        if (typeof raw.ttl !== 'number') throw new RuleNodeConfigError("'ttl' must be a number");
        return raw;
      },
      create: () => ({ onMsg: () => [] }),
    }),
  ]);
  const node = (name: string, configuration: Record<string, unknown> = { ttl: 1 }) => ({
    name,
    type: 'test.Ttl',
    configuration,
  });
  const refusal = (run: () => unknown) => {
    try {
      run();
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      return [(error as ApiError).status, (error as ApiError).message];
    }
    throw new Error('not refused');
  };

  it('returns the checked nodes in order, with their requested ids', () => {
    const checked = checkMetadata(
      { nodes: [node('a'), { ...node('b'), id: { id: 'x' }, debugMode: true }], firstNodeIndex: 1 },
      registry,
    );
    expect(checked.map((n) => [n.index, n.name, n.requestedId, n.debugMode])).toEqual([
      [0, 'a', null, false],
      [1, 'b', 'x', true],
    ]);
  });

  it('refuses configurations the definition refuses, naming the node', () => {
    expect(refusal(() => checkMetadata({ nodes: [node('Keep', { ttl: 'x' })] }, registry))).toEqual([
      400,
      "Keep: 'ttl' must be a number",
    ]);
  });

  it('refuses a fractional index as out of range', () => {
    expect(
      refusal(() =>
        checkMetadata(
          { nodes: [node('a'), node('b')], connections: [{ fromIndex: 0, toIndex: 1.5, type: 'S' }] },
          registry,
        ),
      ),
    ).toEqual([
      400,
      "Rule node 'a' has a connection 'S' to node index 1.5, which is not a node of the rule chain!",
    ]);
  });
});

describe('targetChainOf', () => {
  it('reads a bare id or an id object', () => {
    expect(targetChainOf({ ruleChainId: 'abc' })).toBe('abc');
    expect(targetChainOf({ ruleChainId: { entityType: 'RULE_CHAIN', id: 'abc' } })).toBe('abc');
    expect(targetChainOf({ ruleChainId: 5 })).toBeNull();
    expect(targetChainOf({})).toBeNull();
  });
});
