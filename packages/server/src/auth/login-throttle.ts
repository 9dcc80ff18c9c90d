/** How failed sign-ins are slowed down (SECURITY_LOGIN_* variables, decision 0018). */
export interface LoginThrottleSettings {
  /** Failed sign-ins of one account from one client address before each further failure imposes a delay. */
  freeFailuresPerAccount: number;
  /** The same for one client address, over all the accounts it tries. */
  freeFailuresPerAddress: number;
  /** The first delay; each further failure doubles it. 0 turns throttling off. */
  baseDelayMs: number;
  /** The longest delay. */
  maxDelayMs: number;
}

interface FailureRecord {
  failures: number;
  lastFailureAt: number;
  blockedUntil: number;
}

/** A record is forgotten this long after its last failure or block, whichever ends later. */
const FORGET_AFTER_MS = 15 * 60 * 1000;
/** Records kept at most; the least recently failed are dropped first, so memory stays bounded. */
const MAX_RECORDS = 100_000;

/** A sign-in outcome one node tells the others of a cluster, so that every node counts it. */
export interface SignInOutcome {
  outcome: 'failure' | 'success';
  account: string;
  address: string | undefined;
}

/**
 * Counts failed sign-ins per (account, client address) and per client address, in memory; in a
 * cluster every node hears the others' outcomes and counts them too. After the free failures, each failure blocks
 * further attempts of that pair, or of that address, for a delay that doubles up to a cap.
 *
 * Nothing here blocks an account as such: a block of the account from every address would let
 * anyone who fails once per delay keep its owner out for good. Guesses at one account spread over
 * many addresses are the business of the lockout policy (AccountLockout), which an administrator
 * configures and which expires. A success clears its pair's record, not the address's, so signing
 * in to one's own account does not buy more guesses at others.
 */
export class LoginThrottle {
  private readonly records = new Map<string, FailureRecord>();
  /** The end of the last queued sign-in of each account (see `queue`). */
  private readonly lastAttempt = new Map<string, Promise<void>>();
  private readonly localListeners = new Set<(outcome: SignInOutcome) => void>();

  constructor(
    private readonly settings: LoginThrottleSettings,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Waits for the account's earlier sign-ins to be checked, and resolves with the function that
   * ends this one. Attempts at one account are checked one after the other: parallel guesses
   * would otherwise all be checked before the first failure counted, and the lockout policy's
   * count of failures (read, then written) would lose some. A throttled attempt is refused without
   * a password check, so the owner waits behind an attacker's burst for a few checks at most.
   */
  async queue(account: string): Promise<() => void> {
    const key = accountKey(account);
    const before = this.lastAttempt.get(key) ?? Promise.resolve();
    let end!: () => void;
    const done = new Promise<void>((resolve) => {
      end = resolve;
    });
    this.lastAttempt.set(key, done);
    await before;
    return () => {
      end();
      if (this.lastAttempt.get(key) === done) this.lastAttempt.delete(key);
    };
  }

  /** The milliseconds a sign-in of the account from the address must wait, or 0 to check it now. */
  admit(account: string, address: string | undefined): number {
    if (this.settings.baseDelayMs <= 0) return 0;
    const now = this.now();
    const waits = this.keysOf(account, address).map((key) => {
      const record = this.current(key, now);
      return record ? Math.max(0, record.blockedUntil - now) : 0;
    });
    return Math.max(0, ...waits);
  }

  /** Told of this node's sign-in outcomes, for the other nodes of a cluster. */
  onLocalOutcome(listener: (outcome: SignInOutcome) => void): () => void {
    this.localListeners.add(listener);
    return () => this.localListeners.delete(listener);
  }

  /** A sign-in outcome on another node of the cluster. */
  applyRemoteOutcome({ outcome, account, address }: SignInOutcome): void {
    if (outcome === 'failure') this.countFailures(account, address);
    else this.records.delete(pairKey(account, address));
  }

  recordFailure(account: string, address: string | undefined): void {
    if (this.settings.baseDelayMs <= 0) return;
    this.countFailures(account, address);
    for (const listener of this.localListeners) listener({ outcome: 'failure', account, address });
  }

  recordSuccess(account: string, address: string | undefined): void {
    this.records.delete(pairKey(account, address));
    for (const listener of this.localListeners) listener({ outcome: 'success', account, address });
  }

  private countFailures(account: string, address: string | undefined): void {
    if (this.settings.baseDelayMs <= 0) return;
    const now = this.now();
    this.countFailure(pairKey(account, address), this.settings.freeFailuresPerAccount, now);
    if (address) this.countFailure(addressKey(address), this.settings.freeFailuresPerAddress, now);
  }

  private keysOf(account: string, address: string | undefined): string[] {
    return address ? [pairKey(account, address), addressKey(address)] : [pairKey(account, address)];
  }

  /** The live record of a key; a stale one is dropped. */
  private current(key: string, now: number): FailureRecord | undefined {
    const record = this.records.get(key);
    if (record && Math.max(record.lastFailureAt, record.blockedUntil) + FORGET_AFTER_MS < now) {
      this.records.delete(key);
      return undefined;
    }
    return record;
  }

  private countFailure(key: string, freeFailures: number, now: number): void {
    const failures = (this.current(key, now)?.failures ?? 0) + 1;
    const beyondFree = failures - freeFailures;
    const delay =
      beyondFree > 0
        ? Math.min(this.settings.maxDelayMs, this.settings.baseDelayMs * 2 ** Math.min(beyondFree - 1, 30))
        : 0;
    // Re-inserted so the map's order is the order of the last failure, oldest first.
    this.records.delete(key);
    this.records.set(key, { failures, lastFailureAt: now, blockedUntil: now + delay });
    if (this.records.size > MAX_RECORDS) {
      const oldest = this.records.keys().next().value;
      if (oldest !== undefined) this.records.delete(oldest);
    }
  }
}

/** Sign-in names are matched case-insensitively here, so "Admin@x" and "admin@x" share a record. */
const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;
/** An unknown address (no socket address) forms one pair per account with all other unknown ones. */
const pairKey = (account: string, address: string | undefined) =>
  `pair:${address ?? ''}|${account.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;
