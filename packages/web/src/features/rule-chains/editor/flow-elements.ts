import type { ComponentDescriptor } from '@meridian/common';
import { MarkerType } from '@xyflow/react';
import { type ChainGraph, INPUT_NODE_KEY, nodeClassOf, positionOf } from './chain-graph';
import type { RuleFlowEdge } from './RuleLinkEdge';
import { nodeTestId, type RuleFlowNode } from './RuleNodeView';

/** Where the Input node sits: fixed, left of where chains usually start. */
export const INPUT_NODE_POSITION = { x: 50, y: 150 };

/** Edge id of the link between two nodes. */
export const linkId = (from: string, to: string) => `${from}->${to}`;

/**
 * The canvas nodes of a graph: the Input node and one tile per rule node. Selection and measured
 * sizes of the canvas' current nodes are kept, so that an edit does not reset them.
 */
export function flowNodesOf(
  graph: ChainGraph,
  descriptors: ReadonlyMap<string, ComponentDescriptor>,
  inputLabel: string,
  current: readonly RuleFlowNode[],
): RuleFlowNode[] {
  const previous = new Map(current.map((node) => [node.id, node]));
  const keep = (node: RuleFlowNode): RuleFlowNode => {
    const before = previous.get(node.id);
    return before
      ? {
          ...node,
          selected: before.selected ?? false,
          ...(before.measured ? { measured: before.measured } : {}),
        }
      : node;
  };
  const input: RuleFlowNode = {
    id: INPUT_NODE_KEY,
    type: 'ruleNode',
    position: INPUT_NODE_POSITION,
    draggable: false,
    deletable: false,
    data: {
      category: 'INPUT',
      typeName: inputLabel,
      name: '',
      debugMode: false,
      inEnabled: false,
      outEnabled: true,
      description: '',
      testId: nodeTestId('', true),
    },
  };
  const nodes = graph.nodes.map(({ key, node }): RuleFlowNode => {
    const nodeClass = nodeClassOf(node.type, descriptors);
    const description = node.additionalInfo?.description;
    return {
      id: key,
      type: 'ruleNode',
      position: positionOf(node),
      data: {
        category: nodeClass.category,
        typeName: nodeClass.name,
        name: node.name,
        debugMode: node.debugMode,
        inEnabled: nodeClass.definition.inEnabled ?? true,
        outEnabled: nodeClass.definition.outEnabled ?? true,
        description: typeof description === 'string' ? description : '',
        testId: nodeTestId(node.name, false),
      },
    };
  });
  return [input, ...nodes].map(keep);
}

/** The canvas links of a graph: the Input link (unlabelled) and one per pair of linked nodes. */
export function flowEdgesOf(graph: ChainGraph, selected: ReadonlySet<string>): RuleFlowEdge[] {
  const marker = { type: MarkerType.ArrowClosed, width: 16, height: 16 };
  const edges: RuleFlowEdge[] = graph.links.map((link) => {
    const id = linkId(link.from, link.to);
    return {
      id,
      source: link.from,
      target: link.to,
      type: 'ruleLink',
      markerEnd: marker,
      selected: selected.has(id),
      data: { label: link.labels.join(', ') },
    };
  });
  if (graph.firstNodeKey !== null) {
    const id = linkId(INPUT_NODE_KEY, graph.firstNodeKey);
    edges.unshift({
      id,
      source: INPUT_NODE_KEY,
      target: graph.firstNodeKey,
      type: 'ruleLink',
      markerEnd: marker,
      selected: selected.has(id),
      data: { label: '' },
    });
  }
  return edges;
}
