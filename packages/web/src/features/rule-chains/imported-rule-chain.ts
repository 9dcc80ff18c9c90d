import type { RuleChainExport } from '@meridian/common';

/**
 * The chain the user imported last, handed from the list's Import to the editor at
 * `/ruleChains/ruleChain/import` (the reference keeps it in the app state the same way). It lives
 * in memory only: reloading the import page has nothing to show, and the editor says so.
 */
let imported: RuleChainExport | null = null;

export function stashImportedRuleChain(chain: RuleChainExport): void {
  imported = chain;
}

/** The imported chain, if any; it stays until another import replaces it. */
export function importedRuleChain(): RuleChainExport | null {
  return imported;
}
