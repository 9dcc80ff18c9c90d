import { configSchemaIssues, type JsonObject } from '@meridian/common';
import { badRequest } from '../../http/api-error.js';
import { RuleNodeConfigError } from '../../rule-engine/node.js';
import type { RuleNodeRegistry } from '../../rule-engine/registry.js';
import type { MetaDataInput } from './schemas.js';

/** The messages of a refused save (reference DataValidationException texts where it has them). */
export const CHAIN_MESSAGES = {
  nameRequired: 'Rule chain name should be specified!',
  anotherRoot: 'Another root rule chain is present in scope of current tenant!',
  deleteRoot: 'Deletion of Root Tenant Rule Chain is prohibited!',
  usedByProfiles: 'The rule chain referenced by the device profiles cannot be deleted!',
  rootMustBeCore: 'Only a rule chain of type CORE can be the root rule chain!',
  rootTypeChange: "Can't change the type of the root rule chain!",
  nameParameter: "Parameter 'name' can't be empty!",
  metadataChainRequired: 'Incorrect rule chain id.',
  selfRelation: "Can't create the relation to yourself.",
} as const;

const nodeLabel = (name: string | null | undefined, index: number) =>
  name?.trim() ? `'${name}'` : `#${index}`;

/** A node as a metadata save will store it, after the checks. */
export interface CheckedNode {
  index: number;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: JsonObject;
  additionalInfo: unknown;
  /** The id it carried, if any (kept only when it is a node of the chain being saved). */
  requestedId: string | null;
}

/**
 * The checks of a metadata save that need nothing but the metadata and the node registry: names
 * and types of nodes, their configurations (the types and choices of each definition's schema,
 * leniently as the engine reads them, then its `configure`), and that every index names a node. Refusals are 400s whose message names the node. Chain references (rule chain
 * nodes) are checked by the service, which reads the tenant's chains.
 */
export function checkMetadata(input: MetaDataInput, registry: RuleNodeRegistry): CheckedNode[] {
  const nodes = input.nodes ?? [];
  const checked = nodes.map((node, index): CheckedNode => {
    const label = nodeLabel(node.name, index);
    if (!node.name?.trim()) throw badRequest(`Rule node ${label} has no name: name should be specified!`);
    if (!node.type?.trim()) throw badRequest(`Rule node ${label} has no type: type should be specified!`);
    const definition = registry.get(node.type);
    if (!definition) throw badRequest(`Rule node ${label} has unknown type '${node.type}'!`);
    const configuration = (node.configuration ?? {}) as JsonObject;
    const [issue] = configSchemaIssues(definition.configurationSchema, configuration);
    if (issue) throw badRequest(`${node.name}: ${issue.message}`);
    try {
      definition.configure(configuration);
    } catch (error) {
      if (error instanceof RuleNodeConfigError) throw badRequest(`${node.name}: ${error.message}`);
      throw error;
    }
    return {
      index,
      type: node.type,
      name: node.name,
      debugMode: node.debugMode === true,
      configuration,
      additionalInfo: node.additionalInfo ?? null,
      requestedId: node.id?.id ?? null,
    };
  });
  const inRange = (index: number) => Number.isInteger(index) && index >= 0 && index < nodes.length;
  const first = input.firstNodeIndex;
  if (first !== null && first !== undefined && !inRange(first)) {
    throw badRequest(
      `First node index ${first} is out of range: the rule chain has ${nodes.length} node(s)!`,
    );
  }
  for (const connection of input.connections ?? []) {
    if (!inRange(connection.fromIndex)) {
      throw badRequest(
        `Connection '${connection.type}' starts at node index ${connection.fromIndex}, which is not a node of the rule chain!`,
      );
    }
    const from = nodes[connection.fromIndex]?.name;
    if (!inRange(connection.toIndex)) {
      throw badRequest(
        `Rule node '${from}' has a connection '${connection.type}' to node index ${connection.toIndex}, which is not a node of the rule chain!`,
      );
    }
    if (connection.fromIndex === connection.toIndex) {
      throw badRequest(`Rule node '${from}': ${CHAIN_MESSAGES.selfRelation}`);
    }
  }
  for (const link of input.ruleChainConnections ?? []) {
    if (!inRange(link.fromIndex)) {
      throw badRequest(
        `Rule chain connection '${link.type}' starts at node index ${link.fromIndex}, which is not a node of the rule chain!`,
      );
    }
  }
  return checked;
}

/**
 * The chain a rule chain node forwards to, from its configuration: `ruleChainId`, a bare id (as
 * the reference stores it) or an id object.
 */
export function targetChainOf(configuration: JsonObject): string | null {
  const value = configuration.ruleChainId;
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const id = (value as JsonObject).id;
    if (typeof id === 'string') return id;
  }
  return null;
}

/**
 * The first cycle of chains calling each other that passes through `start`, as chain ids from
 * `start` back to it, or null. `calls` maps a chain to the chains its rule chain nodes call.
 */
export function findChainCycle(
  start: string,
  calls: ReadonlyMap<string, ReadonlySet<string>>,
): string[] | null {
  const visited = new Set<string>();
  const path: string[] = [start];
  const walk = (chain: string): boolean => {
    for (const next of calls.get(chain) ?? []) {
      if (next === start) {
        path.push(start);
        return true;
      }
      if (visited.has(next)) continue;
      visited.add(next);
      path.push(next);
      if (walk(next)) return true;
      path.pop();
    }
    return false;
  };
  return walk(start) ? path : null;
}
