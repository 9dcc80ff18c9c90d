import { RULE_CHAIN_INPUT_NODE_CLAZZ, RULE_CHAIN_OUTPUT_NODE_CLAZZ, type RuleNode } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import type { ChainGraph } from './chain-graph';
import { extractNestedChain, nestedChainProblem } from './nested-chain';

function node(key: string, x: number, y: number): { key: string; node: RuleNode } {
  return {
    key,
    node: {
      id: { entityType: 'RULE_NODE', id: `id-${key}` },
      type: 'org.example.Node',
      name: key.toUpperCase(),
      debugMode: false,
      configuration: { key },
      additionalInfo: { layoutX: x, layoutY: y },
    },
  };
}

/**
 * in → a → b → c, with b → d and c → d on other relation types; a is the first node.
 * Moving b and c: a enters the selection, b and c leave it for d.
 */
const GRAPH: ChainGraph = {
  nodes: [node('a', 0, 0), node('b', 200, 100), node('c', 400, 50), node('d', 600, 0)],
  links: [
    { from: 'a', to: 'b', labels: ['Success'] },
    { from: 'b', to: 'c', labels: ['True'] },
    { from: 'b', to: 'd', labels: ['False', 'Failure'] },
    { from: 'c', to: 'd', labels: ['Success', 'Failure'] },
  ],
  firstNodeKey: 'a',
};

const TARGET = { ruleChainId: 'chain-2', name: 'Nested' };

describe('extractNestedChain', () => {
  it('moves the selected nodes and the links among them into the new chain, without ids', () => {
    const { nested } = extractNestedChain(GRAPH, new Set(['b', 'c']), TARGET);
    const moved = nested.nodes.filter((n) => n.node.type === 'org.example.Node');
    expect(moved.map((n) => n.key)).toEqual(['b', 'c']);
    expect(moved.every((n) => n.node.id === undefined)).toBe(true);
    expect(moved[0]?.node.configuration).toEqual({ key: 'b' });
    expect(nested.links).toContainEqual({ from: 'b', to: 'c', labels: ['True'] });
    expect(nested.firstNodeKey).toBe('b');
  });

  it('makes an output node per relation type leaving the selection, linked by that type', () => {
    const { nested } = extractNestedChain(GRAPH, new Set(['b', 'c']), TARGET);
    const outputs = nested.nodes.filter((n) => n.node.type === RULE_CHAIN_OUTPUT_NODE_CLAZZ);
    expect(outputs.map((n) => n.node.name)).toEqual(['False', 'Failure', 'Success']);
    const keyOf = (name: string) => outputs.find((n) => n.node.name === name)?.key;
    expect(nested.links).toEqual(
      expect.arrayContaining([
        { from: 'b', to: keyOf('False'), labels: ['False'] },
        { from: 'b', to: keyOf('Failure'), labels: ['Failure'] },
        { from: 'c', to: keyOf('Success'), labels: ['Success'] },
        { from: 'c', to: keyOf('Failure'), labels: ['Failure'] },
      ]),
    );
    expect(nested.links).toHaveLength(5);
  });

  it('puts a rule chain node to the new chain in their place, entered and left as they were', () => {
    const { outer, ruleChainNodeKey } = extractNestedChain(GRAPH, new Set(['b', 'c']), TARGET);
    expect(outer.nodes.map((n) => n.key)).toEqual(['a', 'd', ruleChainNodeKey]);
    const ruleChainNode = outer.nodes.find((n) => n.key === ruleChainNodeKey)?.node;
    expect(ruleChainNode).toMatchObject({
      type: RULE_CHAIN_INPUT_NODE_CLAZZ,
      name: 'Nested',
      configuration: { ruleChainId: 'chain-2' },
      additionalInfo: { layoutX: 200, layoutY: 50 },
    });
    expect(outer.links).toEqual([
      { from: 'a', to: ruleChainNodeKey, labels: ['Success'] },
      { from: ruleChainNodeKey, to: 'd', labels: ['False', 'Failure', 'Success'] },
    ]);
    expect(outer.firstNodeKey).toBe('a');
  });

  it('leaves the original graph as it was, so undo can go back to it', () => {
    const before = structuredClone(GRAPH);
    extractNestedChain(GRAPH, new Set(['b', 'c']), TARGET);
    expect(GRAPH).toEqual(before);
  });

  it('makes the rule chain node the first node when the first node moves', () => {
    const { nested, outer, ruleChainNodeKey } = extractNestedChain(GRAPH, new Set(['a', 'b']), TARGET);
    expect(outer.firstNodeKey).toBe(ruleChainNodeKey);
    expect(nested.firstNodeKey).toBe('a');
    expect(outer.links).toEqual([
      { from: ruleChainNodeKey, to: 'c', labels: ['True'] },
      { from: ruleChainNodeKey, to: 'd', labels: ['False', 'Failure'] },
      { from: 'c', to: 'd', labels: ['Success', 'Failure'] },
    ]);
  });

  it('starts a selection nothing enters at a node no moved link enters', () => {
    const graph: ChainGraph = {
      ...GRAPH,
      firstNodeKey: null,
      links: [{ from: 'c', to: 'b', labels: ['X'] }],
    };
    expect(extractNestedChain(graph, new Set(['b', 'c']), TARGET).nested.firstNodeKey).toBe('c');
  });
});

describe('nestedChainProblem', () => {
  it('accepts a selection entered at one node', () => {
    expect(nestedChainProblem(GRAPH, new Set(['b', 'c']))).toBeNull();
  });

  it('refuses an empty selection', () => {
    expect(nestedChainProblem(GRAPH, new Set())).toBe('empty');
    expect(() => extractNestedChain(GRAPH, new Set(), TARGET)).toThrow();
  });

  it('refuses a selection entered at two nodes: a chain has one input', () => {
    // a enters b, and c enters d.
    expect(nestedChainProblem(GRAPH, new Set(['b', 'd']))).toBe('several-entries');
    // Input enters a, and b enters c.
    expect(nestedChainProblem(GRAPH, new Set(['a', 'c']))).toBe('several-entries');
  });
});
