// TEMPORARY (not to be committed): stands in for the rule chains repository and the script
// sandbox until their branches are merged.

import type { ChainSource, LoadedChain } from './chain/chain-source.js';
import { type ScriptEngine, ScriptError } from './script/engine.js';
import { REFERENCE_ROOT_CHAIN } from './testing/reference-root-chain.js';
import { chainFromExport } from './testing/static-chains.js';

export function interimChains(): ChainSource {
  const byTenant = new Map<string, LoadedChain>();
  const byId = new Map<string, LoadedChain>();
  return {
    async rootChainId(tenantId) {
      let chain = byTenant.get(tenantId);
      if (!chain) {
        chain = chainFromExport(tenantId, REFERENCE_ROOT_CHAIN);
        byTenant.set(tenantId, chain);
        byId.set(chain.id, chain);
      }
      return chain.id;
    },
    async loadChain(id) {
      return byId.get(id);
    },
  };
}

export const interimScripts: ScriptEngine = {
  async compile() {
    throw new ScriptError('scripts are not available yet');
  },
};
