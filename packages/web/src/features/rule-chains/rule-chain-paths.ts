/** Path of the editor of a stored chain, and of an imported one not saved yet. */
export const ruleChainEditorPath = (ruleChainId: string) => `/ruleChains/${encodeURIComponent(ruleChainId)}`;
export const IMPORTED_RULE_CHAIN_PATH = '/ruleChains/ruleChain/import';
