import type { BulkImportRow } from '@meridian/common';
import type { Principal } from '../../auth/principal.js';
import type { Db } from '../../db/store.js';
import type { StoredCredentials } from '../devices/credentials.js';
import type { BulkImportRepo } from './repo.js';
import type { ImportKv, ImportRow } from './rows.js';

/**
 * What the bulk import driver (service.ts) and the per-entity importers (devices, assets) share:
 * the prepared row, the plan of a row, the importer contract and small helpers.
 */

/** A row ready for planning: checked on its own, before anything stored is looked at. */
export interface PreparedRow {
  line: number;
  fields: BulkImportRow & { name: string };
  /** Devices: the credentials the row gives, formatted as stored. */
  credentials: StoredCredentials | undefined;
  kvs: ImportKv[];
}

/** What one row will do, worked out against the chunk's state before the transaction. */
export interface BasePlan {
  line: number;
  entityId: string;
  kvs: ImportKv[];
  counted: 'created' | 'updated';
  /** The audit entry recorded with the chunk's transaction; none when nothing is written. */
  audit: 'ADDED' | 'UPDATED' | null;
  customerId: string | null;
  name: string;
  wire(): unknown;
}

/** How one entity type is imported; `S` is the state of one chunk, `P` the plan of one row. */
export interface Importer<S, P extends BasePlan> {
  entityType: 'DEVICE' | 'ASSET';
  prepare(row: ImportRow): PreparedRow;
  load(rows: readonly PreparedRow[]): Promise<S>;
  plan(row: PreparedRow, state: S): Promise<P>;
  /** Last checks of the chunk's plans that need the store, before the transaction. */
  settle(plans: P[]): Promise<void>;
  write(plans: P[], trx: Db): Promise<void>;
}

/** What an importer works with: the store, the caller and the request's choices. */
export interface ImportContext {
  db: Db;
  repo: BulkImportRepo;
  principal: Principal;
  /** Update entities whose name exists (else such rows are errors). */
  update: boolean;
  /** The tenant profile's cap on the entity type; undefined when unlimited. */
  limit: number | undefined;
}

export const unique = <T>(items: Iterable<T>): T[] => [...new Set(items)];
export const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The additionalInfo after a row: the stored object with the row's description and gateway set. */
export function additionalInfoOf(
  stored: unknown,
  fields: BulkImportRow,
  withGateway: boolean,
): Record<string, unknown> {
  const info: Record<string, unknown> =
    stored !== null && typeof stored === 'object' && !Array.isArray(stored)
      ? { ...(stored as Record<string, unknown>) }
      : {};
  if (fields.description !== undefined) info.description = fields.description;
  if (withGateway && fields.gateway !== undefined) info.gateway = fields.gateway;
  return info;
}

/** Writes the changes of many rows, one statement per set of changed columns. */
export async function updateGrouped(
  trx: Db,
  repo: BulkImportRepo,
  table: 'device' | 'asset',
  updates: ReadonlyMap<string, Record<string, unknown>>,
  casts: Readonly<Record<string, 'jsonb' | 'uuid'>>,
): Promise<void> {
  const groups = new Map<string, { columns: string[]; rows: { id: string; values: unknown[] }[] }>();
  for (const [id, changes] of updates) {
    const columns = Object.keys(changes).sort();
    if (columns.length === 0) continue;
    const key = columns.join(',');
    const group = groups.get(key) ?? { columns, rows: [] };
    group.rows.push({ id, values: columns.map((column) => changes[column] ?? null) });
    groups.set(key, group);
  }
  for (const { columns, rows } of groups.values()) await repo.updateRows(trx, table, columns, rows, casts);
}
