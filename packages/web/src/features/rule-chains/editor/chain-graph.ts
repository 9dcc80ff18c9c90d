import {
  type ComponentDescriptor,
  type ComponentType,
  type JsonObject,
  jsonObjectOrEmpty,
  nodeDefinitionOf,
  type RuleChainId,
  type RuleChainMetaData,
  type RuleNode,
  type RuleNodeDefinition,
  type RuleNodeType,
} from '@meridian/common';

/**
 * The editor's model of a chain: its nodes (each with a key that stays the same while the chain is
 * edited, as node ids only exist once saved), the links between them (all relation types between
 * two nodes are one link, as the reference draws them) and the node the Input node leads to.
 * Values are immutable: every edit makes a new graph, which is what undo and redo keep.
 */
export interface ChainNode {
  key: string;
  node: RuleNode;
}

export interface ChainLink {
  from: string;
  to: string;
  labels: string[];
}

export interface ChainGraph {
  nodes: ChainNode[];
  links: ChainLink[];
  /** Key of the node the Input node is linked to. */
  firstNodeKey: string | null;
}

/** Key of the fixed Input node on the canvas. */
export const INPUT_NODE_KEY = 'input';

export const EMPTY_GRAPH: ChainGraph = { nodes: [], links: [], firstNodeKey: null };

let keySequence = 0;
/** A key for a node new to the editor. */
export function newNodeKey(): string {
  keySequence += 1;
  return `new-${keySequence}`;
}

/**
 * The graph of stored (or imported) metadata. Connections with an index outside the node list are
 * dropped. `keepIds` false forgets node ids, for chains that become new chains when saved.
 */
export function graphOfMetadata(metadata: RuleChainMetaData, keepIds = true): ChainGraph {
  const nodes = metadata.nodes.map((node, index): ChainNode => {
    const { id, ruleChainId: _chain, createdTime: _created, ...rest } = node;
    const kept: RuleNode = keepIds && id ? { id, ...rest } : rest;
    return { key: keepIds && id ? id.id : `${newNodeKey()}-${index}`, node: kept };
  });
  const links: ChainLink[] = [];
  for (const connection of metadata.connections ?? []) {
    const from = nodes[connection.fromIndex];
    const to = nodes[connection.toIndex];
    if (!from || !to) continue;
    const link = links.find((l) => l.from === from.key && l.to === to.key);
    if (link) {
      if (!link.labels.includes(connection.type)) link.labels.push(connection.type);
    } else {
      links.push({ from: from.key, to: to.key, labels: [connection.type] });
    }
  }
  const first = metadata.firstNodeIndex === null ? undefined : nodes[metadata.firstNodeIndex];
  return { nodes, links, firstNodeKey: first?.key ?? null };
}

/**
 * The metadata to save: nodes in the graph's order, each connection by the indexes of its ends,
 * one connection per relation type, and the first node's index from the Input link.
 */
export function metadataOfGraph(graph: ChainGraph, ruleChainId: RuleChainId): RuleChainMetaData {
  const indexOf = new Map(graph.nodes.map((n, index) => [n.key, index]));
  const connections = graph.links.flatMap((link) => {
    const fromIndex = indexOf.get(link.from);
    const toIndex = indexOf.get(link.to);
    if (fromIndex === undefined || toIndex === undefined) return [];
    return link.labels.map((type) => ({ fromIndex, toIndex, type }));
  });
  const first = graph.firstNodeKey === null ? undefined : indexOf.get(graph.firstNodeKey);
  return {
    ruleChainId,
    firstNodeIndex: first ?? null,
    nodes: graph.nodes.map(({ node }) => ({ ...node, ruleChainId })),
    connections,
    ruleChainConnections: null,
  };
}

/** A canvas position from a node's layout (reference: `additionalInfo.layoutX/layoutY`). */
export function positionOf(node: RuleNode): { x: number; y: number } {
  const info = jsonObjectOrEmpty(node.additionalInfo) as JsonObject;
  const x = Number(info.layoutX);
  const y = Number(info.layoutY);
  return { x: Number.isFinite(x) ? x : 0, y: Number.isFinite(y) ? y : 0 };
}

function withPosition(node: RuleNode, position: { x: number; y: number }): RuleNode {
  return {
    ...node,
    additionalInfo: {
      ...jsonObjectOrEmpty(node.additionalInfo),
      layoutX: Math.round(position.x),
      layoutY: Math.round(position.y),
    },
  };
}

export function addNode(graph: ChainGraph, node: RuleNode, position: { x: number; y: number }): ChainGraph {
  const key = newNodeKey();
  const nodes = [...graph.nodes, { key, node: withPosition(node, position) }];
  // The first node of an empty chain is linked from Input on its own.
  return { ...graph, nodes, firstNodeKey: graph.nodes.length === 0 ? key : graph.firstNodeKey };
}

export function replaceNode(graph: ChainGraph, key: string, node: RuleNode): ChainGraph {
  return { ...graph, nodes: graph.nodes.map((n) => (n.key === key ? { key, node } : n)) };
}

/** Moves nodes; returns the same graph when nothing moved. */
export function moveNodes(
  graph: ChainGraph,
  positions: ReadonlyMap<string, { x: number; y: number }>,
): ChainGraph {
  let moved = false;
  const nodes = graph.nodes.map((n) => {
    const position = positions.get(n.key);
    if (!position) return n;
    const current = positionOf(n.node);
    if (Math.round(position.x) === current.x && Math.round(position.y) === current.y) return n;
    moved = true;
    return { key: n.key, node: withPosition(n.node, position) };
  });
  return moved ? { ...graph, nodes } : graph;
}

/** Removes nodes with their links, and links named `from→to`. */
export function removeElements(
  graph: ChainGraph,
  nodeKeys: ReadonlySet<string>,
  links: readonly { from: string; to: string }[] = [],
): ChainGraph {
  const removedLink = (l: { from: string; to: string }) =>
    links.some((r) => r.from === l.from && r.to === l.to);
  const firstLinkRemoved = links.some((l) => l.from === INPUT_NODE_KEY);
  const firstNodeKey =
    graph.firstNodeKey !== null && !nodeKeys.has(graph.firstNodeKey) && !firstLinkRemoved
      ? graph.firstNodeKey
      : null;
  return {
    nodes: graph.nodes.filter((n) => !nodeKeys.has(n.key)),
    links: graph.links.filter((l) => !nodeKeys.has(l.from) && !nodeKeys.has(l.to) && !removedLink(l)),
    firstNodeKey,
  };
}

/** Sets the relation types of the link between two nodes (a link with none is removed). */
export function setLinkLabels(
  graph: ChainGraph,
  from: string,
  to: string,
  labels: readonly string[],
): ChainGraph {
  if (from === INPUT_NODE_KEY) {
    return { ...graph, firstNodeKey: to };
  }
  const unique = [...new Set(labels.map((l) => l.trim()).filter((l) => l.length > 0))];
  const others = graph.links.filter((l) => !(l.from === from && l.to === to));
  const existing = graph.links.findIndex((l) => l.from === from && l.to === to);
  if (unique.length === 0) return { ...graph, links: others };
  const link = { from, to, labels: unique };
  const links =
    existing < 0 ? [...graph.links, link] : graph.links.map((l, i) => (i === existing ? link : l));
  return { ...graph, links };
}

export function linkBetween(graph: ChainGraph, from: string, to: string): ChainLink | undefined {
  return graph.links.find((l) => l.from === from && l.to === to);
}

/** Nodes copied to the clipboard, with the links among them. */
export interface CopiedNodes {
  nodes: ChainNode[];
  links: ChainLink[];
}

export function copyNodes(graph: ChainGraph, keys: ReadonlySet<string>): CopiedNodes | null {
  const nodes = graph.nodes.filter((n) => keys.has(n.key));
  if (nodes.length === 0) return null;
  return { nodes, links: graph.links.filter((l) => keys.has(l.from) && keys.has(l.to)) };
}

/** Pastes copies (new keys, no ids) shifted by `offset`; returns the graph and the new keys. */
export function pasteNodes(
  graph: ChainGraph,
  copied: CopiedNodes,
  offset: { x: number; y: number },
): { graph: ChainGraph; keys: string[] } {
  const keyOf = new Map(copied.nodes.map((n) => [n.key, newNodeKey()]));
  const nodes = copied.nodes.map(({ key, node }) => {
    const { id: _id, ...rest } = node;
    const position = positionOf(node);
    return {
      key: keyOf.get(key) as string,
      node: withPosition(rest, { x: position.x + offset.x, y: position.y + offset.y }),
    };
  });
  const links = copied.links.map((l) => ({
    from: keyOf.get(l.from) as string,
    to: keyOf.get(l.to) as string,
    labels: [...l.labels],
  }));
  return {
    graph: { ...graph, nodes: [...graph.nodes, ...nodes], links: [...graph.links, ...links] },
    keys: nodes.map((n) => n.key),
  };
}

/** What the editor knows of a node's class: its category, display name and node definition. */
export interface NodeClass {
  category: RuleNodeType;
  name: string;
  definition: RuleNodeDefinition;
}

/** The node class of `clazz` from the descriptors; unknown classes are UNKNOWN with their short name. */
export function nodeClassOf(clazz: string, descriptors: ReadonlyMap<string, ComponentDescriptor>): NodeClass {
  const descriptor = descriptors.get(clazz);
  if (!descriptor) {
    return { category: 'UNKNOWN', name: clazz.slice(clazz.lastIndexOf('.') + 1), definition: {} };
  }
  return {
    category: descriptor.type as ComponentType,
    name: descriptor.name,
    definition: nodeDefinitionOf(descriptor),
  };
}

/** A new node of a descriptor's class: its default configuration, debug off. */
export function nodeOfDescriptor(descriptor: ComponentDescriptor, name: string): RuleNode {
  const definition = nodeDefinitionOf(descriptor);
  return {
    type: descriptor.clazz,
    name,
    debugMode: false,
    configuration: structuredClone(definition.defaultConfiguration ?? {}),
    additionalInfo: { description: '' },
  };
}

/** Every node with debug mode off; the same graph when none had it on. */
export function resetDebugMode(graph: ChainGraph): ChainGraph {
  if (!graph.nodes.some((n) => n.node.debugMode)) return graph;
  return {
    ...graph,
    nodes: graph.nodes.map((n) =>
      n.node.debugMode ? { key: n.key, node: { ...n.node, debugMode: false } } : n,
    ),
  };
}
