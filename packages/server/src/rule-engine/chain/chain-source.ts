import type { JsonObject } from '@meridian/common';

/** A stored chain as the engine runs it: nodes in index order and connections by index. */
export interface LoadedChain {
  id: string;
  tenantId: string;
  name: string;
  firstNodeIndex: number | null;
  nodes: LoadedNode[];
  connections: { fromIndex: number; toIndex: number; type: string }[];
}

export interface LoadedNode {
  id: string;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: JsonObject;
}

/** Where the engine reads chains (the rule chains repository; a fixed set in tests). */
export interface ChainSource {
  rootChainId(tenantId: string): Promise<string | null>;
  loadChain(ruleChainId: string): Promise<LoadedChain | undefined>;
}
