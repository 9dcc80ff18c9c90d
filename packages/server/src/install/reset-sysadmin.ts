import { hashPassword, passwordPolicyViolations } from '../auth/passwords.js';
import { TokenOutdating } from '../auth/token-outdating.js';
import type { Db } from '../db/store.js';
import { AdminSettingsRepo } from '../modules/admin/repo.js';
import { AdminService } from '../modules/admin/service.js';
import { LOCKOUT_TS_KEY } from '../modules/auth/account-lockout.js';
import { DEFAULT_PASSWORD_KEY, usesDefaultPassword } from '../modules/auth/default-password.js';
import { UsersRepo } from '../modules/users/repo.js';
import { asObject } from '../modules/users/wire.js';

/** A refusal of the recovery command, printed without a stack. */
export class RecoveryError extends Error {}

/**
 * Gives a locked-out system administrator their account back (`npm run reset-sysadmin`, decision
 * 0018): enables the credentials, clears the failed attempts and the lockout, and sets a new
 * password when one is given (checked against the password policy; older tokens stop working).
 */
export async function resetSysadmin(db: Db, options: { email: string; password?: string }): Promise<string> {
  const users = new UsersRepo(db);
  const user = await users.findByEmail(options.email.trim());
  if (user?.authority !== 'SYS_ADMIN')
    throw new RecoveryError(`No system administrator has the email '${options.email}'`);
  const credentials = await users.credentialsOf(user.id);
  if (!credentials) throw new RecoveryError(`The system administrator '${user.email}' has no credentials`);
  const { password } = options;
  if (password === undefined && !credentials.password)
    throw new RecoveryError(`'${user.email}' has never set a password: give one with --password`);
  if (password !== undefined) {
    const { passwordPolicy } = await new AdminService(new AdminSettingsRepo(db)).securitySettings();
    const problems = passwordPolicyViolations(password, passwordPolicy);
    if (problems.length > 0) throw new RecoveryError(problems.join('\n'));
  }
  const {
    [LOCKOUT_TS_KEY]: _lockout,
    [DEFAULT_PASSWORD_KEY]: _default,
    ...info
  } = asObject(user.additionalInfo);
  const defaultPassword = password !== undefined && usesDefaultPassword(user, password);
  const newPassword =
    password === undefined
      ? {}
      : { password: await hashPassword(password), passwordChangedTs: Date.now(), activateToken: null };
  await db.transaction().execute(async (trx) => {
    await users.updateCredentials(user.id, { enabled: true, resetToken: null, ...newPassword }, trx);
    const flag = defaultPassword ? { [DEFAULT_PASSWORD_KEY]: true } : {};
    await users.update(
      user.id,
      { additionalInfo: JSON.stringify({ ...info, failedLoginAttempts: 0, ...flag }) },
      trx,
    );
  });
  if (password !== undefined) await new TokenOutdating(db).outdateTokens(user.id);
  return `${user.email} is enabled${password === undefined ? '' : ' with the new password'}`;
}
