import type { AttributeKvEntry, AttributeScope, EntityId, KvValue } from '@meridian/common';
import type { TelemetryChange } from '../../telemetry/service.js';
import type { OwnerValues } from './device-state.js';

/** Reads server attributes of a customer or tenant. */
export type ServerAttributeReader = (owner: EntityId, keys: string[]) => Promise<AttributeKvEntry[]>;

/**
 * Server attributes of customers and tenants that dynamic values read (reference
 * DynamicPredicateValueCtxImpl, which reads them on every evaluation): loaded once per owner and
 * key, then kept up to date from the attribute changes the telemetry service reports, so an
 * evaluation itself never waits for storage.
 */
export class OwnerAttributeCache implements OwnerValues {
  /** Owner id → key → value, or null when the owner has no such attribute. */
  private readonly values = new Map<string, Map<string, KvValue | null>>();

  constructor(private readonly read: ServerAttributeReader) {}

  get(ownerId: string, key: string): KvValue | undefined {
    return this.values.get(ownerId)?.get(key) ?? undefined;
  }

  /** Loads the keys not known yet of each owner. */
  async load(owners: readonly EntityId[], keys: readonly string[]): Promise<void> {
    if (keys.length === 0) return;
    for (const owner of owners) {
      const known = this.values.get(owner.id) ?? new Map<string, KvValue | null>();
      const missing = keys.filter((key) => !known.has(key));
      if (missing.length === 0) continue;
      const found = await this.read(owner, missing);
      for (const key of missing) known.set(key, null);
      for (const entry of found) known.set(entry.key, entry.value);
      this.values.set(owner.id, known);
    }
  }

  /** Follows attribute writes and deletions of owners already cached (server scope only). */
  onChange(change: TelemetryChange): void {
    if (change.type !== 'ATTRIBUTES_UPDATED' && change.type !== 'ATTRIBUTES_DELETED') return;
    if (!isServerScope(change.scope)) return;
    const known = this.values.get(change.entityId.id);
    if (!known) return;
    if (change.type === 'ATTRIBUTES_UPDATED') {
      for (const entry of change.entries) known.set(entry.key, entry.value);
    } else {
      for (const key of change.keys) known.set(key, null);
    }
  }

  /** Drops an owner (a deleted customer or tenant). */
  forget(ownerId: string): void {
    this.values.delete(ownerId);
  }
}

const isServerScope = (scope: AttributeScope) => scope === 'SERVER_SCOPE';
