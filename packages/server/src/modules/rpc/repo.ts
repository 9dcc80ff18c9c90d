import type { PageData, Rpc, RpcStatus } from '@meridian/common';
import { sql } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';
import { type RpcRow, rpcToWire } from './wire.js';

/** Sort properties of the persistent RPC list (reference ControllerConstants, plus status). */
const RPC_PAGE: PageSpec = {
  sortable: {
    createdTime: 'createdTime',
    expirationTime: 'expirationTime',
    request: 'request',
    response: 'response',
    status: 'status',
  },
  // The reference list has no text search; the paging code is given none to look in.
  searchColumns: [],
  idColumn: 'id',
};

/** Statuses of a persistent RPC that still waits for its device. */
export const OPEN_RPC_STATUSES: readonly RpcStatus[] = ['QUEUED', 'SENT', 'DELIVERED'];

export interface NewRpcRow {
  id: string;
  createdTime: number;
  tenantId: string;
  deviceId: string;
  expirationTime: number;
  /** JSON text. */
  request: string;
  status: RpcStatus;
  /** JSON text or null. */
  additionalInfo: string | null;
}

/** Where the dispatcher records the lifecycle of persistent RPCs. */
export interface RpcStatusWriter {
  /** Sets the status, and the response (JSON text) when given; a deleted RPC is left alone. */
  setStatus(id: string, status: RpcStatus, response?: string): Promise<void>;
}

/** Told of every status a persistent RPC takes (stored, each change, deleted), after it is written. */
export type RpcLifecycleListener = (row: RpcRow) => void;

/** The `rpc` table. */
export class RpcRepo implements RpcStatusWriter {
  constructor(
    private readonly db: Db,
    private readonly lifecycle: RpcLifecycleListener = () => undefined,
  ) {}

  /** Inserts the RPC; false when an RPC with this id exists already. */
  async insert(row: NewRpcRow): Promise<boolean> {
    const inserted = await this.db
      .insertInto('rpc')
      .values({ ...row, response: null })
      .onConflict((oc) => oc.column('id').doNothing())
      .returningAll()
      .executeTakeFirst();
    if (inserted) this.lifecycle(inserted);
    return inserted !== undefined;
  }

  findById(id: string): Promise<RpcRow | undefined> {
    return this.db.selectFrom('rpc').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setStatus(id: string, status: RpcStatus, response?: string): Promise<void> {
    const updated = await this.db
      .updateTable('rpc')
      .set(response === undefined ? { status } : { status, response })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (updated) this.lifecycle(updated);
  }

  async delete(id: string): Promise<void> {
    const deleted = await this.db.deleteFrom('rpc').where('id', '=', id).returningAll().executeTakeFirst();
    if (deleted) this.lifecycle({ ...deleted, status: 'DELETED' });
  }

  /** One page of a device's RPCs, optionally of one status. */
  page(
    tenantId: string,
    deviceId: string,
    status: RpcStatus | undefined,
    page: PageQuery,
  ): Promise<PageData<Rpc>> {
    let query = this.db
      .selectFrom('rpc')
      .selectAll()
      .where('tenantId', '=', tenantId)
      .where('deviceId', '=', deviceId);
    if (status !== undefined) query = query.where('status', '=', status);
    const { textSearch: _ignored, ...paging } = page;
    return fetchPage(query, paging, RPC_PAGE, rpcToWire);
  }

  /** RPCs still waiting for their device, oldest first: what a restarted server picks up again. */
  openRpcs(): Promise<RpcRow[]> {
    return this.db
      .selectFrom('rpc')
      .selectAll()
      .where('status', 'in', OPEN_RPC_STATUSES)
      .orderBy('createdTime')
      .execute();
  }

  /**
   * Removes the RPCs older than their tenant's `rpcTtlDays` (tenant profile configuration; 0 or
   * absent keeps them for ever), as the reference's RPC TTL task does. Returns how many went.
   */
  async deleteOutlived(nowMs: number): Promise<number> {
    const result = await sql<{ id: string }>`
      delete from rpc
      using tenant t, tenant_profile p
      where rpc.tenant_id = t.id
        and t.tenant_profile_id = p.id
        and jsonb_typeof(p.profile_data -> 'configuration' -> 'rpcTtlDays') = 'number'
        and (p.profile_data -> 'configuration' ->> 'rpcTtlDays')::numeric > 0
        and rpc.created_time < ${nowMs} - (p.profile_data -> 'configuration' ->> 'rpcTtlDays')::numeric * 86400000
      returning rpc.id
    `.execute(this.db);
    return result.rows.length;
  }
}
