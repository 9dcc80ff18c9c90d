import type { CredentialsRow, UserRow, UsersRepo } from '../users/repo.js';
import { asObject } from '../users/wire.js';

/** additionalInfo key: when the security policy locked the account (epoch ms). */
export const LOCKOUT_TS_KEY = 'lockoutTs';

/**
 * The lockout of the security policy (reference §2.4) with an end: an account it locked is
 * unlocked by the first sign-in attempt `durationMs` later (SECURITY_USER_LOCKOUT_DURATION,
 * decision 0018). Accounts disabled by an administrator or waiting for activation carry no
 * lockout time and stay as they are.
 */
export class AccountLockout {
  constructor(
    private readonly users: UsersRepo,
    /** 0: locked until an administrator enables the user, as the reference does. */
    private readonly durationMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts a wrong password; returns true when this failure locks the account. */
  async countFailure(user: UserRow, credentials: CredentialsRow, maxFailures: number): Promise<boolean> {
    const info = asObject(user.additionalInfo);
    const failed = (typeof info.failedLoginAttempts === 'number' ? info.failedLoginAttempts : 0) + 1;
    const locks = maxFailures > 0 && failed > maxFailures && credentials.enabled;
    const lockout = locks ? { [LOCKOUT_TS_KEY]: this.now() } : {};
    await this.users.update(user.id, {
      additionalInfo: JSON.stringify({ ...info, failedLoginAttempts: failed, ...lockout }),
    });
    if (locks) await this.users.updateCredentials(user.id, { enabled: false });
    return locks;
  }

  /** Re-enables an account whose lockout has run out; returns the rows as they are now. */
  async releaseIfExpired(
    user: UserRow,
    credentials: CredentialsRow,
  ): Promise<{ user: UserRow; credentials: CredentialsRow }> {
    const info = asObject(user.additionalInfo);
    const lockedAt = info[LOCKOUT_TS_KEY];
    if (credentials.enabled || typeof lockedAt !== 'number' || this.durationMs <= 0) {
      return { user, credentials };
    }
    if (lockedAt + this.durationMs > this.now()) return { user, credentials };
    const { [LOCKOUT_TS_KEY]: _released, ...rest } = info;
    const additionalInfo = { ...rest, failedLoginAttempts: 0 };
    await this.users.update(user.id, { additionalInfo: JSON.stringify(additionalInfo) });
    await this.users.updateCredentials(user.id, { enabled: true });
    return { user: { ...user, additionalInfo }, credentials: { ...credentials, enabled: true } };
  }
}
