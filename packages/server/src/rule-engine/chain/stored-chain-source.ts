import { isJsonObject } from '@meridian/common';
import type { RuleChainsRepo } from '../../modules/rule-chains/repo.js';
import type { ChainSource, LoadedChain } from './chain-source.js';

/** The engine's view of the stored chains (`rule_chain`, `rule_node`): nodes by index, connections by index. */
export class StoredChainSource implements ChainSource {
  constructor(private readonly repo: Pick<RuleChainsRepo, 'loadChain' | 'rootChainId'>) {}

  async rootChainId(tenantId: string): Promise<string | null> {
    return (await this.repo.rootChainId(tenantId)) ?? null;
  }

  async loadChain(ruleChainId: string): Promise<LoadedChain | undefined> {
    const loaded = await this.repo.loadChain(ruleChainId);
    if (!loaded) return undefined;
    const { chain, nodes, connections } = loaded;
    const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
    const first = chain.firstRuleNodeId ? indexOf.get(chain.firstRuleNodeId) : undefined;
    return {
      id: chain.id,
      tenantId: chain.tenantId,
      name: chain.name,
      firstNodeIndex: first ?? null,
      nodes: nodes.map((node) => ({
        id: node.id,
        type: node.type,
        name: node.name,
        debugMode: node.debugMode,
        configuration: isJsonObject(node.configuration) ? node.configuration : {},
      })),
      connections: connections.flatMap(({ fromId, toId, type }) => {
        const fromIndex = indexOf.get(fromId);
        const toIndex = indexOf.get(toId);
        return fromIndex === undefined || toIndex === undefined ? [] : [{ fromIndex, toIndex, type }];
      }),
    };
  }
}
