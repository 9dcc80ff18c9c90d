import type { RuleChainId, RuleChainMetaData, RuleNode } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import {
  addNode,
  copyNodes,
  graphOfMetadata,
  INPUT_NODE_KEY,
  metadataOfGraph,
  moveNodes,
  pasteNodes,
  removeElements,
  replaceNode,
  resetDebugMode,
  setLinkLabels,
} from './chain-graph';

const CHAIN: RuleChainId = { entityType: 'RULE_CHAIN', id: 'rc-1' };

function node(id: string | null, name: string): RuleNode {
  return {
    ...(id ? { id: { entityType: 'RULE_NODE' as const, id } } : {}),
    type: 'org.example.Node',
    name,
    debugMode: false,
    configuration: {},
    additionalInfo: { layoutX: 10, layoutY: 20 },
  };
}

const METADATA: RuleChainMetaData = {
  ruleChainId: CHAIN,
  firstNodeIndex: 1,
  nodes: [node('a', 'A'), node('b', 'B'), node('c', 'C')],
  connections: [
    { fromIndex: 1, toIndex: 0, type: 'Success' },
    { fromIndex: 1, toIndex: 0, type: 'Failure' },
    { fromIndex: 1, toIndex: 2, type: 'Other' },
    { fromIndex: 0, toIndex: 7, type: 'Lost' },
  ],
  ruleChainConnections: null,
};

describe('chain graph', () => {
  it('groups the relation types between two nodes into one link and drops dangling connections', () => {
    const graph = graphOfMetadata(METADATA);
    expect(graph.links).toEqual([
      { from: 'b', to: 'a', labels: ['Success', 'Failure'] },
      { from: 'b', to: 'c', labels: ['Other'] },
    ]);
    expect(graph.firstNodeKey).toBe('b');
  });

  it('saves nodes in order, one connection per relation type by index, and the first node index', () => {
    const graph = removeElements(graphOfMetadata(METADATA), new Set(['a']));
    const saved = metadataOfGraph(graph, CHAIN);
    expect(saved.nodes.map((n) => n.name)).toEqual(['B', 'C']);
    expect(saved.nodes.every((n) => n.ruleChainId === CHAIN)).toBe(true);
    expect(saved.connections).toEqual([{ fromIndex: 0, toIndex: 1, type: 'Other' }]);
    expect(saved.firstNodeIndex).toBe(0);
  });

  it('forgets node ids of imported chains', () => {
    const graph = graphOfMetadata(METADATA, false);
    expect(metadataOfGraph(graph, CHAIN).nodes.some((n) => n.id !== undefined)).toBe(false);
    expect(metadataOfGraph(graph, CHAIN).connections).toHaveLength(3);
  });

  it('links Input to the first node added to an empty chain only', () => {
    const one = addNode(
      graphOfMetadata({ ...METADATA, nodes: [], connections: [], firstNodeIndex: null }),
      node(null, 'X'),
      { x: 1.4, y: 2.6 },
    );
    expect(one.firstNodeKey).toBe(one.nodes[0]?.key);
    expect(one.nodes[0]?.node.additionalInfo).toEqual({ layoutX: 1, layoutY: 3 });
    const two = addNode(one, node(null, 'Y'), { x: 0, y: 0 });
    expect(two.firstNodeKey).toBe(one.nodes[0]?.key);
  });

  it('sets, merges and removes link labels; Input links set the first node', () => {
    let graph = graphOfMetadata(METADATA);
    graph = setLinkLabels(graph, 'c', 'a', ['True', ' True ', '']);
    expect(graph.links.at(-1)).toEqual({ from: 'c', to: 'a', labels: ['True'] });
    graph = setLinkLabels(graph, 'c', 'a', []);
    expect(graph.links.some((l) => l.from === 'c')).toBe(false);
    graph = setLinkLabels(graph, INPUT_NODE_KEY, 'c', []);
    expect(graph.firstNodeKey).toBe('c');
    graph = removeElements(graph, new Set(), [{ from: INPUT_NODE_KEY, to: 'c' }]);
    expect(graph.firstNodeKey).toBeNull();
  });

  it('pastes copies with new keys, no ids, shifted, with the links among them', () => {
    const graph = graphOfMetadata(METADATA);
    const copied = copyNodes(graph, new Set(['a', 'b']));
    if (!copied) throw new Error('nothing copied');
    const { graph: pasted, keys } = pasteNodes(graph, copied, { x: 40, y: 40 });
    expect(pasted.nodes).toHaveLength(5);
    const [first, second] = keys.map((k) => pasted.nodes.find((n) => n.key === k));
    expect(first?.node.id).toBeUndefined();
    expect(first?.node.additionalInfo).toEqual({ layoutX: 50, layoutY: 60 });
    expect(pasted.links.at(-1)).toEqual({
      from: second?.key,
      to: first?.key,
      labels: ['Success', 'Failure'],
    });
  });

  it('turns debug mode off everywhere, keeping the graph when it was off already', () => {
    const graph = graphOfMetadata(METADATA);
    expect(resetDebugMode(graph)).toBe(graph);
    const debugged = replaceNode(graph, 'a', { ...node('a', 'A'), debugMode: true });
    expect(resetDebugMode(debugged).nodes.every((n) => !n.node.debugMode)).toBe(true);
  });

  it('keeps the same graph when a move changes nothing', () => {
    const graph = graphOfMetadata(METADATA);
    expect(moveNodes(graph, new Map([['a', { x: 10, y: 20 }]]))).toBe(graph);
    expect(moveNodes(graph, new Map([['a', { x: 11, y: 20 }]]))).not.toBe(graph);
  });
});
