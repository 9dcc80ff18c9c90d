import type { RuleNodeType } from '@meridian/common';

/** Tile colour of each node category, as the reference's editor paints them. */
export const RULE_NODE_COLORS: Record<RuleNodeType, string> = {
  FILTER: '#f1e861',
  ENRICHMENT: '#cdf14e',
  TRANSFORMATION: '#79cef1',
  ACTION: '#f1928f',
  EXTERNAL: '#fbc766',
  FLOW: '#d6c4f1',
  INPUT: '#a3eaa9',
  UNKNOWN: '#f16c29',
};

/** Library sections in the reference's order. */
export const LIBRARY_CATEGORIES = [
  'FILTER',
  'ENRICHMENT',
  'TRANSFORMATION',
  'ACTION',
  'EXTERNAL',
  'FLOW',
] as const;
