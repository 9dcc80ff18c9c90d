import {
  isJsonObject,
  jsonObjectOrEmpty,
  type RuleChain,
  type RuleChainExport,
  type RuleChainMetaData,
} from '@meridian/common';
import type { RuleChainDraft } from '../../api/rule-chains';

/** Values of the rule chain form (reference console §3.11 "Form"): Name*, Debug mode, Description. */
export interface RuleChainValues {
  name: string;
  debugMode: boolean;
  description: string;
}

/** Longest rule chain name the form accepts. */
export const RULE_CHAIN_NAME_MAX_LENGTH = 255;

export function ruleChainValuesOf(ruleChain: RuleChain | null): RuleChainValues {
  const description = ruleChain?.additionalInfo?.description;
  return {
    name: ruleChain?.name ?? '',
    debugMode: ruleChain?.debugMode ?? false,
    description: typeof description === 'string' ? description : '',
  };
}

/** The chain to save: the stored one (if any) with the form's changes; new chains are core chains. */
export function ruleChainOfValues(values: RuleChainValues, ruleChain: RuleChain | null): RuleChainDraft {
  return {
    ...(ruleChain ?? { type: 'CORE' as const }),
    name: values.name.trim(),
    debugMode: values.debugMode,
    additionalInfo: { ...jsonObjectOrEmpty(ruleChain?.additionalInfo), description: values.description },
  };
}

/** The export file of a chain: `{ruleChain, metadata}`, as the reference console writes it. */
export function exportedRuleChain(ruleChain: RuleChain, metadata: RuleChainMetaData): RuleChainExport {
  return { ruleChain, metadata };
}

/** File name of an exported chain: its name, lower case, words joined by underscores. */
export function exportFileName(ruleChain: Pick<RuleChain, 'name'>): string {
  const base = ruleChain.name.trim().toLowerCase().replace(/\s+/g, '_');
  return `${base.length > 0 ? base : 'rule_chain'}.json`;
}

/**
 * An export file's chain and metadata, or null when the text is not one: it must be JSON with a
 * `ruleChain` that has a name and a `metadata` with a `nodes` list.
 */
export function parseImportedRuleChain(text: string): RuleChainExport | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isJsonObject(parsed) || !isJsonObject(parsed.ruleChain) || !isJsonObject(parsed.metadata)) {
    return null;
  }
  const { ruleChain, metadata } = parsed;
  if (typeof ruleChain.name !== 'string' || !Array.isArray(metadata.nodes)) {
    return null;
  }
  return {
    ruleChain: ruleChain as unknown as RuleChain,
    metadata: metadata as unknown as RuleChainMetaData,
  };
}
