import { RULE_CHAIN_INPUT_NODE_CLAZZ, RULE_CHAIN_OUTPUT_NODE_CLAZZ, type RuleNode } from '@meridian/common';
import { type ChainGraph, type ChainLink, type ChainNode, newNodeKey, positionOf } from './chain-graph';

/** How far right of the moved nodes the new chain's output nodes stand, and how far apart. */
const OUTPUT_OFFSET_X = 300;
const OUTPUT_SPACING_Y = 100;

/** Why a selection cannot become a nested chain: nothing selected, or it has more than one entry. */
export type NestedChainProblem = 'empty' | 'several-entries';

export interface NestedChain {
  /** The new chain: the moved nodes, the links among them, and an output node per leaving relation. */
  nested: ChainGraph;
  /** The edited chain: the moved nodes replaced by one rule chain node forwarding to the new chain. */
  outer: ChainGraph;
  /** Key of the rule chain node in `outer`. */
  ruleChainNodeKey: string;
}

function selectedNodes(graph: ChainGraph, keys: ReadonlySet<string>): ChainNode[] {
  return graph.nodes.filter((n) => keys.has(n.key));
}

/** The selected nodes that messages enter from outside (a link from an unselected node, or Input). */
function entryKeys(graph: ChainGraph, keys: ReadonlySet<string>): Set<string> {
  const entries = new Set(graph.links.filter((l) => !keys.has(l.from) && keys.has(l.to)).map((l) => l.to));
  if (graph.firstNodeKey !== null && keys.has(graph.firstNodeKey)) entries.add(graph.firstNodeKey);
  return entries;
}

/**
 * Whether the selection can be moved into a nested chain: a chain has one Input, so all links from
 * outside must enter the same node.
 */
export function nestedChainProblem(graph: ChainGraph, keys: ReadonlySet<string>): NestedChainProblem | null {
  if (selectedNodes(graph, keys).length === 0) return 'empty';
  return entryKeys(graph, keys).size > 1 ? 'several-entries' : null;
}

function withLayout(node: RuleNode, position: { x: number; y: number }): RuleNode {
  const info =
    typeof node.additionalInfo === 'object' &&
    node.additionalInfo !== null &&
    !Array.isArray(node.additionalInfo)
      ? node.additionalInfo
      : {};
  return {
    ...node,
    additionalInfo: { ...info, layoutX: Math.round(position.x), layoutY: Math.round(position.y) },
  };
}

/** Adds labels to the link between two nodes, making it if there is none. */
function addLabels(links: ChainLink[], from: string, to: string, labels: readonly string[]): void {
  const link = links.find((l) => l.from === from && l.to === to);
  if (!link) {
    links.push({ from, to, labels: [...labels] });
    return;
  }
  for (const label of labels) if (!link.labels.includes(label)) link.labels.push(label);
}

/**
 * Moves the selected nodes into a new chain (reference "Create nested rule chain"):
 * - the nodes (without their ids: they become nodes of the new chain) and the links among them go
 *   to the new chain, whose first node is the one messages entered the selection by;
 * - each relation type of a link leaving the selection becomes an output node of that name in the
 *   new chain, linked from the same node by the same relation type;
 * - in the edited chain a rule chain node to `ruleChainId` stands where the selection was: links that
 *   entered the selection enter it, and it leaves by the same relation types to the same nodes.
 * Throws when `nestedChainProblem` finds the selection cannot be moved.
 */
export function extractNestedChain(
  graph: ChainGraph,
  keys: ReadonlySet<string>,
  target: { ruleChainId: string; name: string },
): NestedChain {
  const problem = nestedChainProblem(graph, keys);
  if (problem) throw new Error(`The selection cannot become a nested rule chain: ${problem}`);
  const moved = selectedNodes(graph, keys);
  const positions = moved.map((n) => positionOf(n.node));
  const left = Math.min(...positions.map((p) => p.x));
  const right = Math.max(...positions.map((p) => p.x));
  const top = Math.min(...positions.map((p) => p.y));

  // The new chain.
  const nestedNodes: ChainNode[] = moved.map(({ key, node }) => {
    const { id: _id, ...rest } = node;
    return { key, node: rest };
  });
  const nestedLinks: ChainLink[] = graph.links
    .filter((l) => keys.has(l.from) && keys.has(l.to))
    .map((l) => ({ ...l, labels: [...l.labels] }));
  const leaving = graph.links.filter((l) => keys.has(l.from) && !keys.has(l.to));
  const outputKeys = new Map<string, string>();
  for (const link of leaving) {
    for (const label of link.labels) {
      let outputKey = outputKeys.get(label);
      if (!outputKey) {
        outputKey = newNodeKey();
        outputKeys.set(label, outputKey);
        nestedNodes.push({
          key: outputKey,
          node: withLayout(
            {
              type: RULE_CHAIN_OUTPUT_NODE_CLAZZ,
              name: label,
              debugMode: false,
              configuration: { version: 0 },
              additionalInfo: { description: '' },
            },
            { x: right + OUTPUT_OFFSET_X, y: top + (outputKeys.size - 1) * OUTPUT_SPACING_Y },
          ),
        });
      }
      addLabels(nestedLinks, link.from, outputKey, [label]);
    }
  }
  const [entry] = entryKeys(graph, keys);
  // A selection nothing enters still starts somewhere: the first node no moved link enters.
  const first =
    entry ?? moved.find((n) => !nestedLinks.some((l) => l.to === n.key && keys.has(l.from)))?.key ?? null;
  const nested: ChainGraph = { nodes: nestedNodes, links: nestedLinks, firstNodeKey: first };

  // The edited chain.
  const ruleChainNodeKey = newNodeKey();
  const ruleChainNode: RuleNode = withLayout(
    {
      type: RULE_CHAIN_INPUT_NODE_CLAZZ,
      name: target.name,
      debugMode: false,
      configuration: { ruleChainId: target.ruleChainId },
      additionalInfo: { description: '' },
    },
    { x: left, y: top },
  );
  const outerLinks: ChainLink[] = [];
  for (const link of graph.links) {
    const fromMoved = keys.has(link.from);
    const toMoved = keys.has(link.to);
    if (!fromMoved && !toMoved) outerLinks.push({ ...link, labels: [...link.labels] });
    else if (!fromMoved) addLabels(outerLinks, link.from, ruleChainNodeKey, link.labels);
    else if (!toMoved) addLabels(outerLinks, ruleChainNodeKey, link.to, link.labels);
  }
  const outer: ChainGraph = {
    nodes: [...graph.nodes.filter((n) => !keys.has(n.key)), { key: ruleChainNodeKey, node: ruleChainNode }],
    links: outerLinks,
    firstNodeKey:
      graph.firstNodeKey !== null && keys.has(graph.firstNodeKey) ? ruleChainNodeKey : graph.firstNodeKey,
  };
  return { nested, outer, ruleChainNodeKey };
}
