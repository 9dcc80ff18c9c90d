import type { Db } from '../db/store.js';

/**
 * Rejects tokens issued before a user's password changed or credentials were disabled
 * (reference §2.2 TokenOutdatingService). The mark is stored with the credentials so it survives a
 * restart, and cached per user because every authenticated request asks.
 */
export class TokenOutdating {
  private readonly cache = new Map<string, number | null>();

  constructor(private readonly db: Db) {}

  /** Marks every token of the user issued before now as outdated. */
  async outdateTokens(userId: string, now = Date.now()): Promise<void> {
    await this.db
      .updateTable('userCredentials')
      .set({ tokensOutdatedAt: now })
      .where('userId', '=', userId)
      .execute();
    this.cache.set(userId, now);
  }

  /** Compared in whole seconds like the reference, so a pair minted right after the change stays valid. */
  async isOutdated(userId: string, issuedAtSec: number): Promise<boolean> {
    let outdatedAt = this.cache.get(userId);
    if (outdatedAt === undefined) {
      const row = await this.db
        .selectFrom('userCredentials')
        .select('tokensOutdatedAt')
        .where('userId', '=', userId)
        .executeTakeFirst();
      outdatedAt = row?.tokensOutdatedAt ?? null;
      this.cache.set(userId, outdatedAt);
    }
    return outdatedAt !== null && issuedAtSec < Math.floor(outdatedAt / 1000);
  }

  forget(userId: string): void {
    this.cache.delete(userId);
  }
}
