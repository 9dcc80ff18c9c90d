import type { JsonObject, RuleChainMetaData } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../db/store.js';
import { badRequest } from '../../http/api-error.js';
import type { RuleNodeRegistry } from '../../rule-engine/registry.js';
import {
  chainConnectionsOf,
  connectionsOf,
  RULE_CHAIN_INPUT_NODE,
  RULE_CHAIN_OUTPUT_NODE,
  type RuleChainRow,
  type RuleChainsRepo,
  type RuleNodeRow,
  type RuleNodeValues,
  ruleNodeToWire,
  type StoredChainConnection,
  type StoredConnection,
} from './repo.js';
import type { MetaDataInput } from './schemas.js';
import { checkMetadata, findChainCycle, targetChainOf } from './validation.js';

/** The reference's RuleChainMetaData JSON; empty connection lists travel as null, as there. */
export function metadataToWire(chain: RuleChainRow, nodes: readonly RuleNodeRow[]): RuleChainMetaData {
  const indexOf = new Map(nodes.map((node, index) => [node.id, index]));
  const connections = connectionsOf(chain).flatMap((c) => {
    const fromIndex = indexOf.get(c.fromId);
    const toIndex = indexOf.get(c.toId);
    return fromIndex === undefined || toIndex === undefined ? [] : [{ fromIndex, toIndex, type: c.type }];
  });
  const chainConnections = chainConnectionsOf(chain).flatMap((c) => {
    const fromIndex = indexOf.get(c.fromId);
    return fromIndex === undefined
      ? []
      : [
          {
            fromIndex,
            targetRuleChainId: { entityType: 'RULE_CHAIN' as const, id: c.targetRuleChainId },
            additionalInfo: c.additionalInfo,
            type: c.type,
          },
        ];
  });
  const firstNodeIndex = chain.firstRuleNodeId === null ? undefined : indexOf.get(chain.firstRuleNodeId);
  return {
    ruleChainId: { entityType: 'RULE_CHAIN', id: chain.id },
    firstNodeIndex: firstNodeIndex ?? null,
    nodes: nodes.map(ruleNodeToWire),
    connections: connections.length > 0 ? connections : null,
    ruleChainConnections: chainConnections.length > 0 ? chainConnections : null,
  };
}

/** What a metadata save changed beyond the chain itself. */
export interface MetadataWriteResult {
  /** Other chains whose connections changed (output labels renamed with `updateRelated`). */
  relatedChainIds: string[];
}

const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/**
 * Checks and writes a chain's metadata inside the caller's transaction `trx`, with the chain row
 * locked by the caller. Nodes that carry the id of a node of this chain keep it (their debug
 * events stay theirs); other nodes get new ids. Refusals are 400s naming the node.
 */
export async function writeMetadata(
  trx: Db,
  repo: RuleChainsRepo,
  registry: RuleNodeRegistry,
  chain: RuleChainRow,
  input: MetaDataInput,
  updateRelated: boolean,
): Promise<MetadataWriteResult> {
  const checked = checkMetadata(input, registry);
  const existing = new Map((await repo.nodesOf(chain.id, trx)).map((node) => [node.id, node]));
  const now = Date.now();
  const taken = new Set<string>();
  const nodes: RuleNodeValues[] = checked.map((node) => {
    const keep = node.requestedId !== null && existing.has(node.requestedId) && !taken.has(node.requestedId);
    const id = keep ? (node.requestedId as string) : uuidv1();
    taken.add(id);
    return {
      id,
      createdTime: existing.get(id)?.createdTime ?? now,
      nodeIndex: node.index,
      type: node.type,
      name: node.name,
      debugMode: node.debugMode,
      configuration: JSON.stringify(node.configuration),
      additionalInfo: jsonText(node.additionalInfo),
    };
  });

  await checkChainReferences(trx, repo, chain, checked, input);

  // A connection repeated in the input is one connection (the reference keeps them as relations,
  // whose key they are).
  const seen = new Set<string>();
  const connections: StoredConnection[] = [];
  for (const c of input.connections ?? []) {
    const connection = {
      fromId: nodes[c.fromIndex]?.id as string,
      toId: nodes[c.toIndex]?.id as string,
      type: c.type,
    };
    const key = JSON.stringify([connection.fromId, connection.toId, connection.type]);
    if (seen.has(key)) continue;
    seen.add(key);
    connections.push(connection);
  }
  const chainConnections: StoredChainConnection[] | null = input.ruleChainConnections?.length
    ? input.ruleChainConnections.map((c) => ({
        fromId: nodes[c.fromIndex]?.id as string,
        targetRuleChainId: c.targetRuleChainId.id,
        additionalInfo: (c.additionalInfo ?? null) as JsonObject | null,
        type: c.type,
      }))
    : null;
  const first = input.firstNodeIndex;
  const firstRuleNodeId = first === null || first === undefined ? null : (nodes[first]?.id ?? null);
  await repo.replaceMetadata(chain.id, nodes, firstRuleNodeId, connections, chainConnections, trx);

  const renamed = new Map<string, string>();
  for (const node of nodes) {
    const before = existing.get(node.id);
    if (
      node.type === RULE_CHAIN_OUTPUT_NODE &&
      before &&
      before.type === node.type &&
      before.name !== node.name
    )
      renamed.set(before.name, node.name);
  }
  const relatedChainIds = updateRelated ? await renameCallerLabels(trx, repo, chain, renamed) : [];
  return { relatedChainIds };
}

/**
 * Rule chain nodes must forward to a chain of the same tenant, and chains must not call each
 * other in a cycle (a message would circle forever); legacy chain links must name a chain of the
 * tenant too. A chain of another tenant is reported like a missing one.
 */
async function checkChainReferences(
  trx: Db,
  repo: RuleChainsRepo,
  chain: RuleChainRow,
  nodes: ReturnType<typeof checkMetadata>,
  input: MetaDataInput,
): Promise<void> {
  const chains = await repo.chainNames(chain.tenantId, trx);
  const targets: { name: string; target: string }[] = [];
  for (const node of nodes) {
    if (node.type !== RULE_CHAIN_INPUT_NODE) continue;
    const target = targetChainOf(node.configuration);
    if (!target) throw badRequest(`Rule node '${node.name}' must name the rule chain it forwards to!`);
    if (!chains.has(target))
      throw badRequest(`Rule node '${node.name}' refers to a rule chain that does not exist!`);
    targets.push({ name: node.name, target });
  }
  for (const link of input.ruleChainConnections ?? []) {
    if (!chains.has(link.targetRuleChainId.id)) {
      const from = nodes[link.fromIndex]?.name;
      throw badRequest(`Rule node '${from}' is linked to a rule chain that does not exist!`);
    }
  }
  if (targets.length === 0) return;
  const calls = new Map<string, Set<string>>();
  for (const call of await repo.chainCalls(chain.tenantId, trx)) {
    if (call.ruleChainId === chain.id || !call.targetRuleChainId) continue;
    const set = calls.get(call.ruleChainId) ?? new Set<string>();
    set.add(call.targetRuleChainId);
    calls.set(call.ruleChainId, set);
  }
  calls.set(chain.id, new Set(targets.map((t) => t.target)));
  const cycle = findChainCycle(chain.id, calls);
  if (!cycle) return;
  const culprit = targets.find((t) => t.target === cycle[1]);
  const names = cycle.map((id) => `'${chains.get(id)?.name ?? id}'`).join(' → ');
  throw badRequest(`Rule node '${culprit?.name}' makes rule chains call each other in a cycle: ${names}!`);
}

/**
 * `updateRelated`: an output node renamed from A to B changes the relation its messages return
 * with, so connections labelled A from the rule chain nodes calling this chain become B.
 */
async function renameCallerLabels(
  trx: Db,
  repo: RuleChainsRepo,
  chain: RuleChainRow,
  renamed: ReadonlyMap<string, string>,
): Promise<string[]> {
  if (renamed.size === 0) return [];
  const callers = (await repo.chainCalls(chain.tenantId, trx)).filter(
    (call) => call.targetRuleChainId === chain.id && call.ruleChainId !== chain.id,
  );
  const byChain = new Map<string, Set<string>>();
  for (const call of callers) {
    const set = byChain.get(call.ruleChainId) ?? new Set<string>();
    set.add(call.nodeId);
    byChain.set(call.ruleChainId, set);
  }
  const changed: string[] = [];
  for (const [chainId, nodeIds] of byChain) {
    const caller = await repo.findForUpdate(chainId, trx);
    if (!caller) continue;
    let touched = false;
    const connections = connectionsOf(caller).map((c) => {
      const to = nodeIds.has(c.fromId) ? renamed.get(c.type) : undefined;
      if (to === undefined) return c;
      touched = true;
      return { ...c, type: to };
    });
    if (!touched) continue;
    await repo.setConnections(chainId, connections, trx);
    changed.push(chainId);
  }
  return changed;
}
