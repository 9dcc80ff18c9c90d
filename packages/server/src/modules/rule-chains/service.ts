import type { RuleChain, RuleChainMetaData } from '@meridian/common';
import { v1 as uuidv1 } from 'uuid';
import { type Operation, requireAccess } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import { isForeignKeyViolation, violatedUnique } from '../../db/sql-errors.js';
import type { Db } from '../../db/store.js';
import { badRequest, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { deviceProfileRuleChain, insertRuleChainFromTemplate } from '../../install/root-rule-chain.js';
import type { RuleNodeRegistry } from '../../rule-engine/registry.js';
import {
  type AuditRecorder,
  type AuditSubject,
  auditedAction,
  recordAction,
} from '../audit-logs/audited-action.js';
import { refId } from '../customer-assignable/save-input.js';
import { assertEntityLimit } from '../tenant-profiles/limits.js';
import { metadataToWire, writeMetadata } from './metadata.js';
import {
  connectionsOf,
  RULE_CHAIN_OUTPUT_NODE,
  type RuleChainRow,
  type RuleChainsRepo,
  ruleChainToWire,
} from './repo.js';
import type { RuleChainEvents } from './rule-chain-events.js';
import type { MetaDataInput, RuleChainDataInput, RuleChainInput } from './schemas.js';
import { CHAIN_MESSAGES } from './validation.js';

const chainSubject = (row: { id: string; name: string }): AuditSubject => ({
  entityType: 'RULE_CHAIN',
  id: row.id,
  name: row.name,
});

const jsonText = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

/** One line of the import answer (reference RuleChainImportResult). */
export interface RuleChainImportResult {
  ruleChainId: { entityType: 'RULE_CHAIN'; id: string } | null;
  ruleChainName: string | null;
  updated: boolean;
  error: string | null;
}

/** Who calls a chain and with which labels (reference RuleChainOutputLabelsUsage). */
export interface OutputLabelsUsage {
  ruleChainId: { entityType: 'RULE_CHAIN'; id: string };
  ruleNodeId: { entityType: 'RULE_NODE'; id: string };
  ruleChainName: string;
  ruleNodeName: string;
  labels: string[];
}

/**
 * Rule chains: the rules of RuleChainController and RuleChainServiceImpl (reference §1.3, §1.5,
 * §6.1) without the edge endpoints. Every change is audited and told to the engine after commit.
 */
export class RuleChainsService {
  constructor(
    private readonly db: Db,
    private readonly repo: RuleChainsRepo,
    /** Node types a saved chain may use, with their configuration checks. */
    private readonly registry: RuleNodeRegistry,
    private readonly audit: AuditRecorder,
    private readonly events: RuleChainEvents,
  ) {}

  async load(principal: Principal, id: string, operation: Operation = 'READ'): Promise<RuleChainRow> {
    const row = await this.repo.findById(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, 'RULE_CHAIN', { id: row.id, tenantId: row.tenantId });
    return row;
  }

  async get(principal: Principal, id: string): Promise<RuleChain> {
    return ruleChainToWire(await this.load(principal, id));
  }

  page(principal: Principal, query: PageQuery & { type?: 'CORE' | 'EDGE' }) {
    requireAccess(principal, 'READ', 'RULE_CHAIN');
    return this.repo.page(principal.tenantId, query, query.type);
  }

  /**
   * POST /api/ruleChain. The root flag moves through POST /api/ruleChain/{id}/root; asking for it
   * here is accepted only while the tenant has no root chain. The first node and the nodes change
   * only through the metadata.
   */
  async save(principal: Principal, input: RuleChainInput): Promise<RuleChain> {
    const id = refId(input.id);
    const stored = id ? await this.load(principal, id, 'WRITE') : undefined;
    if (!stored) requireAccess(principal, 'CREATE', 'RULE_CHAIN', { tenantId: principal.tenantId });
    const saved = await auditedAction(
      this.audit,
      principal,
      {
        actionType: stored ? 'UPDATED' : 'ADDED',
        subject: stored ? chainSubject(stored) : { entityType: 'RULE_CHAIN', name: input.name ?? null },
        data: { entity: input },
        onSuccess: (chain: RuleChain) => ({
          subject: chainSubject({ id: chain.id.id, name: chain.name }),
          data: { entity: chain },
        }),
      },
      () => this.db.transaction().execute((trx) => this.saveChecked(trx, principal.tenantId, input, stored)),
    );
    this.events.emit({ type: 'CHAIN_UPDATED', tenantId: principal.tenantId, ruleChainId: saved.id.id });
    if (saved.root && !stored?.root)
      this.events.emit({ type: 'ROOT_CHANGED', tenantId: principal.tenantId, ruleChainId: saved.id.id });
    return saved;
  }

  private async saveChecked(
    trx: Db,
    tenantId: string,
    input: RuleChainInput,
    stored: RuleChainRow | undefined,
  ): Promise<RuleChain> {
    const name = input.name;
    if (!name?.trim()) throw badRequest(CHAIN_MESSAGES.nameRequired);
    const type = input.type ?? stored?.type ?? 'CORE';
    if (stored?.root && type !== 'CORE') throw badRequest(CHAIN_MESSAGES.rootTypeChange);
    let root = stored?.root ?? false;
    if (input.root === true && !root && type === 'CORE') {
      if (await this.repo.findRoot(tenantId, trx)) throw badRequest(CHAIN_MESSAGES.anotherRoot);
      root = true;
    }
    const keep = (key: 'configuration' | 'additionalInfo') =>
      input[key] === undefined ? jsonText(stored?.[key]) : jsonText(input[key]);
    const values = {
      name,
      type: type as 'CORE' | 'EDGE',
      root,
      debugMode: input.debugMode ?? stored?.debugMode ?? false,
      configuration: keep('configuration'),
      additionalInfo: keep('additionalInfo'),
    };
    const id = stored?.id ?? uuidv1();
    try {
      if (stored) {
        await this.repo.update(id, values, trx);
      } else {
        await assertEntityLimit(trx, tenantId, 'RULE_CHAIN');
        await this.repo.insert({ id, createdTime: Date.now(), tenantId, ...values }, trx);
      }
    } catch (error) {
      if (violatedUnique(error) === 'idx_rule_chain_one_root') throw badRequest(CHAIN_MESSAGES.anotherRoot);
      throw error;
    }
    const row = await this.repo.findById(id, trx);
    if (!row) throw new Error(`rule chain ${id} vanished while being saved`);
    return ruleChainToWire(row);
  }

  /** POST /api/ruleChain/device/default: a new chain of the device-profile template, named by the caller. */
  async createDefault(principal: Principal, name: string | null | undefined): Promise<RuleChain> {
    requireAccess(principal, 'CREATE', 'RULE_CHAIN', { tenantId: principal.tenantId });
    const tenantId = principal.tenantId;
    const chain = await auditedAction(
      this.audit,
      principal,
      {
        actionType: 'ADDED',
        subject: { entityType: 'RULE_CHAIN', name: name ?? null },
        data: { entity: { name: name ?? null } },
        onSuccess: (created: RuleChain) => ({
          subject: chainSubject({ id: created.id.id, name: created.name }),
          data: { entity: created },
        }),
      },
      async () => {
        if (!name?.trim()) throw badRequest(CHAIN_MESSAGES.nameParameter);
        return this.db.transaction().execute(async (trx) => {
          await assertEntityLimit(trx, tenantId, 'RULE_CHAIN');
          const id = await insertRuleChainFromTemplate(trx, tenantId, deviceProfileRuleChain(name));
          const row = await this.repo.findById(id, trx);
          if (!row) throw new Error('the rule chain just created is missing');
          return ruleChainToWire(row);
        });
      },
    );
    this.events.emit({ type: 'CHAIN_UPDATED', tenantId, ruleChainId: chain.id.id });
    return chain;
  }

  /**
   * POST /api/ruleChain/{id}/root: the previous root loses the flag in the same transaction. A
   * change is recorded as UPDATED of the new root, then of the previous one.
   */
  async setRoot(principal: Principal, id: string): Promise<RuleChain> {
    const row = await this.load(principal, id, 'WRITE');
    if (row.root) return ruleChainToWire(row);
    const updated = ruleChainToWire({ ...row, root: true });
    const previous = await auditedAction(
      this.audit,
      principal,
      { actionType: 'UPDATED', subject: chainSubject(row), data: { entity: updated } },
      async () => {
        if (row.type !== 'CORE') throw badRequest(CHAIN_MESSAGES.rootMustBeCore);
        return this.db.transaction().execute(async (trx) => {
          await this.repo.lockTenantRoot(row.tenantId, trx);
          const before = await this.repo.findRoot(row.tenantId, trx, true);
          await this.repo.makeRoot(row.tenantId, row.id, trx);
          return before;
        });
      },
    );
    if (previous && previous.id !== row.id) {
      await recordAction(this.audit, principal, 'UPDATED', chainSubject(previous), {
        entity: ruleChainToWire({ ...previous, root: false }),
      });
    }
    this.events.emit({ type: 'ROOT_CHANGED', tenantId: row.tenantId, ruleChainId: row.id });
    return updated;
  }

  /**
   * DELETE /api/ruleChain/{id}. Refused for the root chain and for a chain a device profile sends
   * its messages to. Chains whose rule chain nodes call it are kept, as the reference does: they
   * are reloaded and their rule chain node fails its messages until it is pointed elsewhere.
   */
  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'DELETE');
    const callers = await auditedAction(
      this.audit,
      principal,
      { actionType: 'DELETED', subject: chainSubject(row), data: { entityId: row.id } },
      async () => {
        if (row.root) throw badRequest(CHAIN_MESSAGES.deleteRoot);
        if ((await this.repo.countProfilesUsing(row.id)) > 0) throw badRequest(CHAIN_MESSAGES.usedByProfiles);
        const calling = (await this.repo.chainCalls(row.tenantId))
          .filter((call) => call.targetRuleChainId === row.id && call.ruleChainId !== row.id)
          .map((call) => call.ruleChainId);
        try {
          await this.repo.delete(row.id);
        } catch (error) {
          // A profile saved with the chain after the count above.
          if (isForeignKeyViolation(error)) throw badRequest(CHAIN_MESSAGES.usedByProfiles);
          throw error;
        }
        return [...new Set(calling)];
      },
    );
    this.events.emit({ type: 'CHAIN_DELETED', tenantId: row.tenantId, ruleChainId: row.id });
    for (const caller of callers)
      this.events.emit({ type: 'CHAIN_UPDATED', tenantId: row.tenantId, ruleChainId: caller });
  }

  /** GET /api/ruleChain/{id}/metadata. */
  async metadata(principal: Principal, id: string): Promise<RuleChainMetaData> {
    const row = await this.load(principal, id);
    return metadataToWire(row, await this.repo.nodesOf(row.id));
  }

  /**
   * POST /api/ruleChain/metadata: the chain's nodes and connections replaced in one transaction,
   * refused as a whole when a node or connection is wrong. With `updateRelated` (the default),
   * renamed output nodes rename the labels of the connections calling chains use.
   */
  async saveMetadata(principal: Principal, input: MetaDataInput, updateRelated: boolean) {
    const id = refId(input.ruleChainId);
    if (!id) throw badRequest(CHAIN_MESSAGES.metadataChainRequired);
    const row = await this.load(principal, id, 'WRITE');
    const { metadata, related } = await auditedAction(
      this.audit,
      principal,
      {
        actionType: 'UPDATED',
        subject: chainSubject(row),
        data: { entity: ruleChainToWire(row), metadata: input },
      },
      () =>
        this.db.transaction().execute(async (trx) => {
          const locked = await this.repo.findForUpdate(row.id, trx);
          if (!locked) throw notFound();
          const result = await writeMetadata(trx, this.repo, this.registry, locked, input, updateRelated);
          const saved = await this.repo.findById(row.id, trx);
          if (!saved) throw notFound();
          return {
            metadata: metadataToWire(saved, await this.repo.nodesOf(row.id, trx)),
            related: result.relatedChainIds,
          };
        }),
    );
    this.events.emit({ type: 'CHAIN_UPDATED', tenantId: row.tenantId, ruleChainId: row.id });
    for (const chainId of related)
      this.events.emit({ type: 'CHAIN_UPDATED', tenantId: row.tenantId, ruleChainId: chainId });
    return metadata;
  }

  /** GET /api/ruleChain/{id}/output/labels: the names of the chain's output nodes, sorted. */
  async outputLabels(principal: Principal, id: string): Promise<string[]> {
    const row = await this.load(principal, id);
    const nodes = await this.repo.nodesOf(row.id);
    const labels = nodes.filter((node) => node.type === RULE_CHAIN_OUTPUT_NODE).map((node) => node.name);
    return [...new Set(labels)].sort();
  }

  /** GET /api/ruleChain/{id}/output/labels/usage: the rule chain nodes calling the chain and their labels. */
  async outputLabelsUsage(principal: Principal, id: string): Promise<OutputLabelsUsage[]> {
    const row = await this.load(principal, id);
    const calls = (await this.repo.chainCalls(row.tenantId)).filter(
      (call) => call.targetRuleChainId === row.id,
    );
    const callers = new Map<string, RuleChainRow>();
    for (const call of calls) {
      if (callers.has(call.ruleChainId)) continue;
      const caller = await this.repo.findById(call.ruleChainId);
      if (caller) callers.set(caller.id, caller);
    }
    const usages = calls.flatMap((call) => {
      const caller = callers.get(call.ruleChainId);
      if (!caller) return [];
      const labels = connectionsOf(caller)
        .filter((c) => c.fromId === call.nodeId)
        .map((c) => c.type);
      return [
        {
          ruleChainId: { entityType: 'RULE_CHAIN' as const, id: caller.id },
          ruleNodeId: { entityType: 'RULE_NODE' as const, id: call.nodeId },
          ruleChainName: caller.name,
          ruleNodeName: call.nodeName,
          labels: [...new Set(labels)].sort(),
        },
      ];
    });
    return usages.sort(
      (a, b) =>
        a.ruleChainName.localeCompare(b.ruleChainName) || a.ruleNodeName.localeCompare(b.ruleNodeName),
    );
  }

  /** GET /api/ruleChains/export?limit=: the tenant's first `limit` chains with their metadata. */
  async exportChains(principal: Principal, limit: number) {
    requireAccess(principal, 'READ', 'RULE_CHAIN');
    const chains = await this.repo.firstChains(principal.tenantId, limit);
    const metadata: RuleChainMetaData[] = [];
    for (const chain of chains) metadata.push(metadataToWire(chain, await this.repo.nodesOf(chain.id)));
    return { ruleChains: chains.map(ruleChainToWire), metadata };
  }

  /**
   * POST /api/ruleChains/import[?overwrite=true] (reference importTenantRuleChains): every chain
   * gets a new id (with `overwrite`, a chain of the same name is replaced instead, keeping its id
   * and root flag), imported chains are never root otherwise, node ids are dropped, and rule chain
   * nodes calling an imported chain follow it to its new id. A chain that cannot be saved is
   * reported in its result line; a metadata refusal refuses the whole import (one transaction).
   */
  async importChains(principal: Principal, data: RuleChainDataInput, overwrite: boolean) {
    requireAccess(principal, 'CREATE', 'RULE_CHAIN', { tenantId: principal.tenantId });
    const tenantId = principal.tenantId;
    const outcome = await this.db.transaction().execute(async (trx) => {
      const results: RuleChainImportResult[] = [];
      const newIds = new Map<string, string>();
      const saved: { id: string; name: string; updated: boolean }[] = [];
      const existing = overwrite ? await this.repo.allChains(tenantId, trx) : [];
      for (const [index, input] of (data.ruleChains ?? []).entries()) {
        const key = refId(input.id) ?? `#${index}`;
        const name = input.name ?? null;
        try {
          if (!name?.trim()) throw badRequest(CHAIN_MESSAGES.nameRequired);
          const values = {
            name,
            type: input.type ?? 'CORE',
            debugMode: input.debugMode ?? false,
            configuration: jsonText(input.configuration),
            additionalInfo: jsonText(input.additionalInfo),
          };
          const same = existing.find((chain) => chain.name === name);
          let id: string;
          if (same) {
            if (same.root && values.type !== 'CORE') throw badRequest(CHAIN_MESSAGES.rootTypeChange);
            id = same.id;
            await this.repo.update(id, { ...values, root: same.root }, trx);
          } else {
            await assertEntityLimit(trx, tenantId, 'RULE_CHAIN');
            id = uuidv1();
            await this.repo.insert({ id, createdTime: Date.now(), tenantId, ...values, root: false }, trx);
          }
          newIds.set(key, id);
          saved.push({ id, name, updated: same !== undefined });
          results.push({
            ruleChainId: { entityType: 'RULE_CHAIN', id },
            ruleChainName: name,
            updated: same !== undefined,
            error: null,
          });
        } catch (error) {
          results.push({
            ruleChainId: null,
            ruleChainName: name,
            updated: false,
            error: error instanceof Error ? error.message : String(error),
          });
        }
      }
      for (const [index, metadata] of (data.metadata ?? []).entries()) {
        const chainId = newIds.get(refId(metadata.ruleChainId) ?? `#${index}`);
        if (!chainId) continue;
        const chain = await this.repo.findForUpdate(chainId, trx);
        if (!chain) continue;
        await writeMetadata(trx, this.repo, this.registry, chain, remapImported(metadata, newIds), false);
      }
      return { results, saved };
    });
    for (const chain of outcome.saved) {
      await recordAction(this.audit, principal, chain.updated ? 'UPDATED' : 'ADDED', chainSubject(chain), {
        entity: { id: { entityType: 'RULE_CHAIN', id: chain.id }, name: chain.name },
      });
      this.events.emit({ type: 'CHAIN_UPDATED', tenantId, ruleChainId: chain.id });
    }
    return outcome.results;
  }
}

/** Imported metadata with node ids dropped and references to imported chains moved to their new ids. */
function remapImported(metadata: MetaDataInput, newIds: ReadonlyMap<string, string>): MetaDataInput {
  const moved = (id: string) => newIds.get(id) ?? id;
  return {
    ...metadata,
    nodes: (metadata.nodes ?? []).map((node) => {
      const configuration = node.configuration ?? {};
      const target = configuration.ruleChainId;
      return {
        ...node,
        id: null,
        configuration:
          typeof target === 'string' ? { ...configuration, ruleChainId: moved(target) } : configuration,
      };
    }),
    ruleChainConnections:
      metadata.ruleChainConnections?.map((link) => ({
        ...link,
        targetRuleChainId: { id: moved(link.targetRuleChainId.id) },
      })) ?? null,
  };
}
