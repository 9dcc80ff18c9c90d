import type { Db } from '../db/store.js';

/** Cache value of a user whose credentials row is gone: every token of theirs is outdated. */
const REMOVED = Number.POSITIVE_INFINITY;

/** A change of one node's marks, as the other nodes of a cluster hear it. */
export type TokenOutdatingChange =
  | { kind: 'user'; userId: string; outdatedAt: number | 'removed' }
  | { kind: 'customerRemoved'; customerId: string };

/**
 * Rejects tokens issued before a user's password changed or credentials were disabled
 * (reference §2.2 TokenOutdatingService), and every token of a user who no longer exists (deleted,
 * or with their customer or tenant). The mark is stored with the credentials so it survives a
 * restart, and cached per user because every authenticated request asks.
 *
 * Public-customer tokens (a public dashboard's viewers) have no user: they end with their customer,
 * deleted itself or with its tenant.
 *
 * Tokens carry whole seconds, so a change outdates its whole second: tokens minted in the same
 * second before it die with it, and the pair minted for the user after it (a new password's
 * answer) is dated the next second (`issuedAtFor`). In a cluster every node has its own cache and
 * hears the others' changes (`onLocalChange` / `applyRemoteChange`).
 */
export class TokenOutdating {
  private readonly cache = new Map<string, number | null>();
  private readonly listeners = new Set<(userId: string) => void>();
  /** Whether each customer asked about still exists (ids are never reused, so `false` is final). */
  private readonly customers = new Map<string, boolean>();
  private readonly customerListeners = new Set<(customerId: string) => void>();
  private readonly localChangeListeners = new Set<(change: TokenOutdatingChange) => void>();

  constructor(private readonly db: Db) {}

  /** Told of every user whose tokens were just outdated, e.g. to close their WebSocket sessions. */
  onOutdated(listener: (userId: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Told of every customer removed, e.g. to close the WebSocket sessions of its public viewers. */
  onCustomerRemoved(listener: (customerId: string) => void): () => void {
    this.customerListeners.add(listener);
    return () => this.customerListeners.delete(listener);
  }

  /** Told of this node's own changes, for the other nodes of a cluster. */
  onLocalChange(listener: (change: TokenOutdatingChange) => void): () => void {
    this.localChangeListeners.add(listener);
    return () => this.localChangeListeners.delete(listener);
  }

  /** Another node outdated a user's tokens or removed a user or customer. */
  applyRemoteChange(change: TokenOutdatingChange): void {
    if (change.kind === 'customerRemoved') {
      this.forgetCustomer(change.customerId);
      return;
    }
    this.cache.set(change.userId, change.outdatedAt === 'removed' ? REMOVED : change.outdatedAt);
    this.notify(change.userId);
  }

  /** The customer is gone (deleted, or its tenant was): its public tokens are no longer valid. */
  customerRemoved(customerId: string): void {
    this.forgetCustomer(customerId);
    this.tellLocal({ kind: 'customerRemoved', customerId });
  }

  private forgetCustomer(customerId: string): void {
    this.customers.set(customerId, false);
    for (const listener of this.customerListeners) listener(customerId);
  }

  private tellLocal(change: TokenOutdatingChange): void {
    for (const listener of this.localChangeListeners) listener(change);
  }

  /** A public token's customer no longer exists (removed here, or by another node or process). */
  async isCustomerRemoved(customerId: string): Promise<boolean> {
    let present = this.customers.get(customerId);
    if (present === undefined) {
      const row = await this.db
        .selectFrom('customer')
        .select('id')
        .where('id', '=', customerId)
        .executeTakeFirst();
      present = row !== undefined;
      this.customers.set(customerId, present);
    }
    return !present;
  }

  /** Marks every token of the user issued up to now (this whole second) as outdated. */
  async outdateTokens(userId: string, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('userCredentials')
      .set({ tokensOutdatedAt: now })
      .where('userId', '=', userId)
      .execute();
    this.cache.set(userId, now);
    this.notify(userId);
    this.tellLocal({ kind: 'user', userId, outdatedAt: now });
  }

  /** The user is gone (deleted, or their customer or tenant was): no token of theirs is valid. */
  userRemoved(userId: string): void {
    this.cache.set(userId, REMOVED);
    this.notify(userId);
    this.tellLocal({ kind: 'user', userId, outdatedAt: 'removed' });
  }

  async isOutdated(userId: string, issuedAtSec: number): Promise<boolean> {
    const outdatedAt = await this.markOf(userId);
    return outdatedAt !== null && issuedAtSec <= Math.floor(outdatedAt / 1000);
  }

  /** The `iat` (seconds) for a token minted now: after the user's last outdating mark. */
  async issuedAtFor(userId: string, now = Date.now()): Promise<number> {
    const nowSec = Math.floor(now / 1000);
    const outdatedAt = await this.markOf(userId);
    if (outdatedAt === null || outdatedAt === REMOVED) return nowSec;
    return Math.max(nowSec, Math.floor(outdatedAt / 1000) + 1);
  }

  /** The user's mark: cached, else read (a change by another process, e.g. reset-sysadmin). */
  private async markOf(userId: string): Promise<number | null> {
    let outdatedAt = this.cache.get(userId);
    if (outdatedAt === undefined) {
      const row = await this.db
        .selectFrom('userCredentials')
        .select('tokensOutdatedAt')
        .where('userId', '=', userId)
        .executeTakeFirst();
      // No credentials row: the user was deleted, by this node or another one.
      outdatedAt = row ? (row.tokensOutdatedAt ?? null) : REMOVED;
      this.cache.set(userId, outdatedAt);
    }
    return outdatedAt;
  }

  private notify(userId: string): void {
    for (const listener of this.listeners) listener(userId);
  }
}
