import type { JsonObject, RuleChain, RuleChainType, RuleNode } from '@meridian/common';
import { type Selectable, sql } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { RuleChainTable, RuleNodeTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

export type RuleChainRow = Selectable<RuleChainTable>;
export type RuleNodeRow = Selectable<RuleNodeTable>;

import { RULE_CHAIN_INPUT_NODE } from '../../rule-engine/flow-classes.js';

export { RULE_CHAIN_INPUT_NODE };
/** Class name of the node that returns messages to the calling chain, its name as the relation. */
export const RULE_CHAIN_OUTPUT_NODE = 'org.thingsboard.rule.engine.flow.TbRuleChainOutputNode';

/** A connection between two nodes of a chain, by node id, as stored in `rule_chain.connections`. */
export interface StoredConnection {
  fromId: string;
  toId: string;
  type: string;
}

/** A legacy link from a node to another chain, as stored in `rule_chain.rule_chain_connections`. */
export interface StoredChainConnection {
  fromId: string;
  targetRuleChainId: string;
  additionalInfo: JsonObject | null;
  type: string;
}

/** A chain as the engine runs it: nodes in metadata order and the connections between them. */
export interface LoadedRuleChain {
  chain: RuleChainRow;
  nodes: RuleNodeRow[];
  connections: StoredConnection[];
}

/** Sort properties of the reference rule chain list. */
const CHAIN_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', name: 'name', root: 'root', type: 'type' },
  searchColumns: ['name'],
  idColumn: 'id',
};

const idRef = <T extends string>(entityType: T, id: string | null) =>
  id === null ? null : { entityType, id };

/** The reference's RuleChain JSON. */
export function ruleChainToWire(row: RuleChainRow): RuleChain {
  return {
    id: { entityType: 'RULE_CHAIN', id: row.id },
    createdTime: row.createdTime,
    additionalInfo: (row.additionalInfo ?? null) as JsonObject | null,
    tenantId: { entityType: 'TENANT', id: row.tenantId },
    name: row.name,
    type: row.type as RuleChainType,
    firstRuleNodeId: idRef('RULE_NODE', row.firstRuleNodeId),
    root: row.root,
    debugMode: row.debugMode,
    configuration: (row.configuration ?? null) as RuleChain['configuration'],
  };
}

/** The reference's RuleNode JSON. */
export function ruleNodeToWire(row: RuleNodeRow): RuleNode {
  return {
    id: { entityType: 'RULE_NODE', id: row.id },
    createdTime: row.createdTime,
    additionalInfo: (row.additionalInfo ?? null) as JsonObject | null,
    ruleChainId: { entityType: 'RULE_CHAIN', id: row.ruleChainId },
    type: row.type,
    name: row.name,
    debugMode: row.debugMode,
    configuration: row.configuration as JsonObject,
  };
}

export const connectionsOf = (row: RuleChainRow): StoredConnection[] =>
  Array.isArray(row.connections) ? (row.connections as StoredConnection[]) : [];

export const chainConnectionsOf = (row: RuleChainRow): StoredChainConnection[] =>
  Array.isArray(row.ruleChainConnections) ? (row.ruleChainConnections as StoredChainConnection[]) : [];

/** What a chain insert or update writes; JSON values go in as JSON text. */
export interface RuleChainValues {
  name: string;
  type: RuleChainType;
  root: boolean;
  debugMode: boolean;
  configuration: string | null;
  additionalInfo: string | null;
}

/** A node as a metadata save writes it. */
export interface RuleNodeValues {
  id: string;
  createdTime: number;
  nodeIndex: number;
  type: string;
  name: string;
  debugMode: boolean;
  configuration: string;
  additionalInfo: string | null;
}

/** A rule chain node of the tenant and the chain it calls. */
export interface ChainCall {
  ruleChainId: string;
  nodeId: string;
  nodeName: string;
  targetRuleChainId: string | null;
}

export class RuleChainsRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<RuleChainRow | undefined> {
    return db.selectFrom('ruleChain').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The row locked until the transaction ends, so two metadata saves of a chain do not interleave. */
  findForUpdate(id: string, trx: Db): Promise<RuleChainRow | undefined> {
    return trx.selectFrom('ruleChain').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  }

  /**
   * The tenant's root chain. With `lock` (inside a transaction) the row stays locked until it
   * ends, so two root changes of a tenant run one after the other instead of both unsetting the
   * same old root and tripping over the one-root index.
   */
  findRoot(tenantId: string, db: Db = this.db, lock = false): Promise<RuleChainRow | undefined> {
    const query = db
      .selectFrom('ruleChain')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('type', '=', 'CORE')
      .where('root', '=', true);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  }

  /** The tenant's root chain id: where messages without a chain of their own go. */
  async rootChainId(tenantId: string, db: Db = this.db): Promise<string | undefined> {
    return (await this.findRoot(tenantId, db))?.id;
  }

  /** The chain with its nodes in metadata order and its connections, for the engine. */
  async loadChain(ruleChainId: string, db: Db = this.db): Promise<LoadedRuleChain | undefined> {
    const chain = await this.findById(ruleChainId, db);
    if (!chain) return undefined;
    return { chain, nodes: await this.nodesOf(chain.id, db), connections: connectionsOf(chain) };
  }

  nodesOf(ruleChainId: string, db: Db = this.db): Promise<RuleNodeRow[]> {
    return db
      .selectFrom('ruleNode')
      .selectAll()
      .where('ruleChainId', '=', ruleChainId)
      .orderBy('nodeIndex')
      .execute();
  }

  async insert(row: RuleChainValues & { id: string; createdTime: number; tenantId: string }, db: Db) {
    await db
      .insertInto('ruleChain')
      .values({ ...row, firstRuleNodeId: null, connections: '[]', ruleChainConnections: null })
      .execute();
  }

  async update(id: string, values: RuleChainValues, db: Db = this.db): Promise<void> {
    await db.updateTable('ruleChain').set(values).where('id', '=', id).execute();
  }

  /** Makes `id` the tenant's only root chain; run it inside a transaction. */
  /**
   * Makes root changes of a tenant take turns: locking the current root row is not enough, since a
   * change that waited for it finds no root once the first commits and would not wait for the next.
   */
  async lockTenantRoot(tenantId: string, trx: Db): Promise<void> {
    await trx.selectFrom('tenant').select('id').where('id', '=', tenantId).forUpdate().execute();
  }

  async makeRoot(tenantId: string, id: string, trx: Db): Promise<void> {
    await trx
      .updateTable('ruleChain')
      .set({ root: false })
      .where('tenantId', '=', tenantId)
      .where('type', '=', 'CORE')
      .where('root', '=', true)
      .execute();
    await trx.updateTable('ruleChain').set({ root: true }).where('id', '=', id).execute();
  }

  /** Deletes the chain; its nodes go with it (foreign key cascade). */
  async delete(id: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('ruleChain').where('id', '=', id).execute();
  }

  /**
   * Replaces the chain's nodes and connections: nodes not in `nodes` go, the others are updated
   * in place (keeping their ids) or inserted.
   */
  async replaceMetadata(
    ruleChainId: string,
    nodes: readonly RuleNodeValues[],
    firstRuleNodeId: string | null,
    connections: readonly StoredConnection[],
    chainConnections: readonly StoredChainConnection[] | null,
    trx: Db,
  ): Promise<void> {
    const keep = nodes.map((node) => node.id);
    let removal = trx.deleteFrom('ruleNode').where('ruleChainId', '=', ruleChainId);
    if (keep.length > 0) removal = removal.where('id', 'not in', keep);
    await removal.execute();
    for (const node of nodes) {
      const { id, createdTime, ...changes } = node;
      await trx
        .insertInto('ruleNode')
        .values({ ...node, ruleChainId })
        .onConflict((oc) => oc.column('id').doUpdateSet(changes))
        .execute();
    }
    await trx
      .updateTable('ruleChain')
      .set({
        firstRuleNodeId,
        connections: JSON.stringify(connections),
        ruleChainConnections: chainConnections === null ? null : JSON.stringify(chainConnections),
      })
      .where('id', '=', ruleChainId)
      .execute();
  }

  async setConnections(ruleChainId: string, connections: readonly StoredConnection[], trx: Db) {
    await trx
      .updateTable('ruleChain')
      .set({ connections: JSON.stringify(connections) })
      .where('id', '=', ruleChainId)
      .execute();
  }

  /** Every rule chain node of the tenant with the chain it calls (for cycle checks). */
  async chainCalls(tenantId: string, db: Db = this.db): Promise<ChainCall[]> {
    const rows = await db
      .selectFrom('ruleNode')
      .innerJoin('ruleChain', 'ruleChain.id', 'ruleNode.ruleChainId')
      .select(['ruleNode.ruleChainId', 'ruleNode.id as nodeId', 'ruleNode.name as nodeName'])
      .select(
        // The reference stores a bare id; an id object ({"id": ...}) is read too.
        sql<string | null>`case when jsonb_typeof(rule_node.configuration -> 'ruleChainId') = 'object'
          then rule_node.configuration -> 'ruleChainId' ->> 'id'
          else rule_node.configuration ->> 'ruleChainId' end`.as('target'),
      )
      .where('ruleChain.tenantId', '=', tenantId)
      .where('ruleNode.type', '=', RULE_CHAIN_INPUT_NODE)
      .execute();
    return rows.map((row) => ({
      ruleChainId: row.ruleChainId,
      nodeId: row.nodeId,
      nodeName: row.nodeName,
      targetRuleChainId: row.target ?? null,
    }));
  }

  /** The tenant's chains by id: name and type (for reference checks and messages). */
  async chainNames(tenantId: string, db: Db = this.db): Promise<Map<string, { name: string; type: string }>> {
    const rows = await db
      .selectFrom('ruleChain')
      .select(['id', 'name', 'type'])
      .where('tenantId', '=', tenantId)
      .execute();
    return new Map(rows.map((row) => [row.id, { name: row.name, type: row.type }]));
  }

  /** Device profiles that send their devices' messages to the chain. */
  async countProfilesUsing(ruleChainId: string, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('deviceProfile')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('defaultRuleChainId', '=', ruleChainId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  page(tenantId: string, page: PageQuery, type: RuleChainType | undefined) {
    let query = this.db.selectFrom('ruleChain').selectAll().where('tenantId', '=', tenantId);
    if (type) query = query.where('type', '=', type);
    return fetchPage(query, page, CHAIN_PAGE, ruleChainToWire);
  }

  /** The tenant's first `limit` chains, oldest first (export). */
  firstChains(tenantId: string, limit: number, db: Db = this.db): Promise<RuleChainRow[]> {
    return db
      .selectFrom('ruleChain')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .orderBy('createdTime')
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  allChains(tenantId: string, db: Db = this.db): Promise<RuleChainRow[]> {
    return db
      .selectFrom('ruleChain')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .orderBy('createdTime')
      .execute();
  }
}
