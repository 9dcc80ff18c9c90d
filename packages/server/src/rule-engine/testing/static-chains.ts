import { isJsonObject, type JsonObject } from '@meridian/common';
import { v4 as uuidv4 } from 'uuid';
import type { ChainSource, LoadedChain } from '../chain/chain-source.js';

interface ExportedNode {
  id?: { id: string } | null;
  type: string;
  name: string;
  debugMode?: boolean;
  configuration?: JsonObject;
}

interface ExportedChain {
  ruleChain: { name: string; root?: boolean };
  metadata: {
    firstNodeIndex: number | null;
    nodes: ExportedNode[];
    connections: { fromIndex: number; toIndex: number; type: string }[] | null;
  };
}

/** A chain of a tenant from the reference's export JSON (`{ruleChain, metadata}`), with fresh ids. */
export function chainFromExport(tenantId: string, exported: JsonObject, id: string = uuidv4()): LoadedChain {
  const data = exported as unknown as ExportedChain;
  return {
    id,
    tenantId,
    name: data.ruleChain.name,
    firstNodeIndex: data.metadata.firstNodeIndex,
    nodes: data.metadata.nodes.map((node) => ({
      id: node.id?.id ?? uuidv4(),
      type: node.type,
      name: node.name,
      debugMode: node.debugMode === true,
      configuration: isJsonObject(node.configuration) ? node.configuration : {},
    })),
    connections: data.metadata.connections ?? [],
  };
}

/** Chains held in memory, for engine tests: a root chain per tenant and any others. */
export class StaticChainSource implements ChainSource {
  private readonly chains = new Map<string, LoadedChain>();
  private readonly roots = new Map<string, string>();

  add(chain: LoadedChain, root = false): LoadedChain {
    this.chains.set(chain.id, chain);
    if (root) this.roots.set(chain.tenantId, chain.id);
    return chain;
  }

  async rootChainId(tenantId: string): Promise<string | null> {
    return this.roots.get(tenantId) ?? null;
  }

  async loadChain(ruleChainId: string): Promise<LoadedChain | undefined> {
    return this.chains.get(ruleChainId);
  }
}
