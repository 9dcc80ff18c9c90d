import { ErrorCode, ErrorMessages, NULL_UUID } from '@meridian/common';
import type { FastifyRequest } from 'fastify';
import type { JwtService, TokenPair } from '../../auth/jwt.js';
import type { LoginThrottle } from '../../auth/login-throttle.js';
import {
  checkPassword,
  hashPassword,
  passwordPolicyViolations,
  randomAlphanumeric,
} from '../../auth/passwords.js';
import type { Principal } from '../../auth/principal.js';
import type { TokenOutdating } from '../../auth/token-outdating.js';
import { userTokenSubject } from '../../auth/token-subject.js';
import type { Db } from '../../db/store.js';
import { ApiError, badRequest, conflict, notFound, unauthorized } from '../../http/api-error.js';
import { activatedMail, lockoutMail, passwordWasResetMail, resetPasswordMail } from '../../mail/templates.js';
import type { AdminService } from '../admin/service.js';
import type { AuditRecorder } from '../audit-logs/audited-action.js';
import { type CustomersRepo, isPublicCustomer } from '../customers/repo.js';
import type { CredentialsRow, UserRow, UsersRepo } from '../users/repo.js';
import { asObject, userToWire } from '../users/wire.js';
import type { AccountLockout } from './account-lockout.js';
import { DEFAULT_PASSWORD_KEY, usesDefaultPassword } from './default-password.js';
import { tooManyLoginAttempts } from './too-many-login-attempts.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Where a sign-in or sign-out came from, recorded as the audit entry's action data. */
export interface ClientDetails {
  address?: string;
  userAgent?: string;
}

const clientData = (client: ClientDetails | undefined) => ({
  clientAddress: client?.address ?? null,
  userAgent: client?.userAgent ?? null,
});
/** A wrong password (which may just have locked the account), as opposed to a refusal of the right one. */
const isWrongPassword = (error: unknown) =>
  error instanceof ApiError &&
  (error.message === ErrorMessages.invalidCredentials || error.message === ErrorMessages.accountLocked);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Sign-in, tokens and password life cycle (reference §2.2, §2.4): login with lockout and expiry,
 * public login, refresh, password change, reset by mail and activation.
 */
export class AuthService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepo,
    private readonly customers: CustomersRepo,
    private readonly admin: AdminService,
    private readonly jwt: JwtService,
    private readonly outdating: TokenOutdating,
    private readonly log: { warn(obj: object, msg: string): void },
    private readonly audit: AuditRecorder,
    private readonly throttle: LoginThrottle,
    private readonly lockout: AccountLockout,
  ) {}

  /** Audit entry of a sign-in (LOGIN, LOCKOUT) or sign-out (LOGOUT) of a stored user. */
  private recordSession(
    user: Pick<UserRow, 'id' | 'tenantId' | 'customerId' | 'email'>,
    actionType: 'LOGIN' | 'LOCKOUT' | 'LOGOUT',
    client: ClientDetails | undefined,
    error?: unknown,
  ): Promise<void> {
    return this.audit.record({
      tenantId: user.tenantId,
      customerId: user.customerId,
      entityId: { entityType: 'USER', id: user.id },
      entityName: user.email,
      userId: user.id,
      userName: user.email,
      actionType,
      actionData: clientData(client),
      actionStatus: error === undefined ? 'SUCCESS' : 'FAILURE',
      actionFailureDetails: error instanceof Error ? error.message : null,
    });
  }

  async issueFor(row: UserRow, enabled = true): Promise<TokenPair> {
    return this.jwt.issuePair(userTokenSubject(row, enabled), await this.outdating.issuedAtFor(row.id));
  }

  async login(username: unknown, password: unknown, client?: ClientDetails): Promise<TokenPair> {
    if (typeof username !== 'string' || typeof password !== 'string' || !username || !password) {
      throw unauthorized(ErrorMessages.authenticationFailed);
    }
    const done = await this.throttle.queue(username);
    try {
      // Refused before the password is looked at: a throttled guess must not be checked at all.
      const retryAfterMs = this.throttle.admit(username, client?.address);
      if (retryAfterMs > 0) throw tooManyLoginAttempts(retryAfterMs);
      return await this.checkedLogin(username, password, client);
    } finally {
      done();
    }
  }

  /** A sign-in the throttle let through: counts its failure or success. */
  private async checkedLogin(username: string, password: string, client?: ClientDetails): Promise<TokenPair> {
    const found = await this.users.findByEmail(username.trim());
    const foundCredentials = found ? await this.users.credentialsOf(found.id) : undefined;
    if (!found || !foundCredentials) {
      this.throttle.recordFailure(username, client?.address);
      throw unauthorized(ErrorMessages.invalidCredentials);
    }
    const { user, credentials } = await this.lockout.releaseIfExpired(found, foundCredentials);
    try {
      await this.checkCredentials(user, credentials, password);
    } catch (error) {
      if (isWrongPassword(error)) this.throttle.recordFailure(username, client?.address);
      // A lockout is recorded as such; every other refusal as a failed LOGIN of the user.
      const lockout = error instanceof Error && error.message === ErrorMessages.accountLocked;
      await this.recordSession(user, lockout ? 'LOCKOUT' : 'LOGIN', client, lockout ? undefined : error);
      throw error;
    }
    this.throttle.recordSuccess(username, client?.address);
    const { [DEFAULT_PASSWORD_KEY]: _stale, ...info } = asObject(user.additionalInfo);
    const defaultPassword = usesDefaultPassword(user, password) ? { [DEFAULT_PASSWORD_KEY]: true } : {};
    await this.users.update(user.id, {
      additionalInfo: JSON.stringify({
        ...info,
        failedLoginAttempts: 0,
        lastLoginTs: Date.now(),
        ...defaultPassword,
      }),
    });
    await this.recordSession(user, 'LOGIN', client);
    return this.issueFor(user);
  }

  /** Password, activation and expiry checks of a sign-in; throws the reference's 401 on refusal. */
  private async checkCredentials(
    user: UserRow,
    credentials: CredentialsRow,
    password: string,
  ): Promise<void> {
    if (!credentials.password || !(await checkPassword(password, credentials.password))) {
      await this.onWrongPassword(user, credentials);
      throw unauthorized(ErrorMessages.invalidCredentials);
    }
    if (!credentials.enabled) throw unauthorized(ErrorMessages.accountNotActive);
    const { passwordPolicy } = await this.admin.securitySettings();
    const expiryDays = passwordPolicy.passwordExpirationPeriodDays ?? 0;
    const changedAt = credentials.passwordChangedTs ?? credentials.createdTime;
    if (expiryDays > 0 && changedAt + expiryDays * DAY_MS < Date.now()) {
      const resetToken = randomAlphanumeric(30);
      await this.users.updateCredentials(user.id, { resetToken });
      throw new ApiError(ErrorCode.CREDENTIALS_EXPIRED, ErrorMessages.passwordExpired, 401, { resetToken });
    }
  }

  /** POST /api/auth/logout: tokens are stateless, so only the audit entry is written. */
  async logout(principal: Principal, client?: ClientDetails): Promise<void> {
    if (principal.isPublic) return;
    await this.recordSession(
      {
        id: principal.userId,
        tenantId: principal.tenantId,
        customerId: principal.customerId,
        email: principal.sub,
      },
      'LOGOUT',
      client,
    );
  }

  /** Counts the failure and locks the account once the policy's limit is passed. */
  private async onWrongPassword(user: UserRow, credentials: CredentialsRow): Promise<void> {
    const settings = await this.admin.securitySettings();
    const max = settings.maxFailedLoginAttempts ?? 0;
    if (await this.lockout.countFailure(user, credentials, max)) {
      await this.outdating.outdateTokens(user.id);
      if (settings.userLockoutNotificationEmail) {
        await this.admin
          .sendMail(lockoutMail(settings.userLockoutNotificationEmail, user.email, max))
          .catch((err: unknown) => this.log.warn({ err }, 'lockout notification mail failed'));
      }
      throw unauthorized(ErrorMessages.accountLocked);
    }
  }

  async publicLogin(publicId: unknown): Promise<TokenPair> {
    if (typeof publicId !== 'string' || !UUID.test(publicId))
      throw unauthorized(ErrorMessages.authenticationFailed);
    const customer = await this.customers.findById(publicId);
    if (!customer || !isPublicCustomer(customer)) throw unauthorized(ErrorMessages.invalidCredentials);
    return this.jwt.issuePair({
      userId: NULL_UUID,
      email: customer.id,
      authority: 'CUSTOMER_USER',
      tenantId: customer.tenantId,
      customerId: customer.id,
      firstName: 'Public',
      lastName: 'Public',
      enabled: true,
      isPublic: true,
    });
  }

  async refresh(refreshToken: unknown): Promise<TokenPair> {
    if (typeof refreshToken !== 'string' || !refreshToken)
      throw unauthorized(ErrorMessages.authenticationFailed);
    const claims = await this.jwt.verifyRefresh(refreshToken);
    if (claims.isPublic) return this.publicLogin(claims.sub);
    const user = await this.users.findById(claims.userId);
    const credentials = user ? await this.users.credentialsOf(user.id) : undefined;
    if (!user || !credentials) throw unauthorized(ErrorMessages.authenticationFailed);
    if (!credentials.enabled) throw unauthorized(ErrorMessages.accountNotActive);
    if (await this.outdating.isOutdated(user.id, claims.iat))
      throw unauthorized(ErrorMessages.authenticationFailed);
    return this.issueFor(user);
  }

  async currentUser(principal: Principal) {
    if (principal.isPublic) {
      return {
        id: { entityType: 'USER' as const, id: NULL_UUID },
        createdTime: 0,
        additionalInfo: {},
        tenantId: { entityType: 'TENANT' as const, id: principal.tenantId },
        customerId: { entityType: 'CUSTOMER' as const, id: principal.customerId },
        email: principal.sub,
        name: principal.sub,
        authority: principal.authority,
        firstName: 'Public',
        lastName: 'Public',
      };
    }
    const user = await this.users.findById(principal.userId);
    if (!user) throw notFound();
    return userToWire(user);
  }

  /** Hashes a new password after the policy and reuse checks, and records it in the history. */
  private async newPasswordChanges(user: UserRow, password: string) {
    const { passwordPolicy } = await this.admin.securitySettings();
    const problems = passwordPolicyViolations(password, passwordPolicy);
    if (problems.length > 0) throw badRequest(problems.join('\n'));
    // A new password is never the install default (checked at the next sign-in anyway).
    const { [DEFAULT_PASSWORD_KEY]: _default, ...info } = asObject(user.additionalInfo);
    const history = asObject(info.userPasswordHistory) as Record<string, string>;
    const reuseDays = passwordPolicy.passwordReuseFrequencyDays ?? 0;
    if (reuseDays > 0) {
      const since = Date.now() - reuseDays * DAY_MS;
      for (const [ts, hash] of Object.entries(history)) {
        if (Number(ts) >= since && (await checkPassword(password, hash))) {
          throw badRequest(`Password was already used for the last ${reuseDays} days`);
        }
      }
    }
    const hash = await hashPassword(password);
    const now = Date.now();
    return {
      credentials: { password: hash, passwordChangedTs: now },
      additionalInfo: JSON.stringify({ ...info, userPasswordHistory: { ...history, [String(now)]: hash } }),
    };
  }

  async changePassword(
    principal: Principal,
    currentPassword: string,
    newPassword: string,
  ): Promise<TokenPair> {
    const user = await this.users.findById(principal.userId);
    const credentials = user ? await this.users.credentialsOf(user.id) : undefined;
    if (!user || !credentials) throw notFound();
    if (!credentials.password || !(await checkPassword(currentPassword, credentials.password))) {
      throw badRequest("Current password doesn't match!");
    }
    if (await checkPassword(newPassword, credentials.password)) {
      throw badRequest('New password should be different from existing!');
    }
    const changes = await this.newPasswordChanges(user, newPassword);
    await this.db.transaction().execute(async (trx) => {
      await this.users.updateCredentials(user.id, changes.credentials, trx);
      await this.users.update(user.id, { additionalInfo: changes.additionalInfo }, trx);
    });
    await this.outdating.outdateTokens(user.id);
    return this.issueFor(user);
  }

  async passwordPolicy() {
    return (await this.admin.securitySettings()).passwordPolicy;
  }

  /** Always succeeds for the caller, so the answer does not reveal which emails have accounts. */
  async requestPasswordReset(email: string, request: FastifyRequest): Promise<void> {
    const user = await this.users.findByEmail(email.trim());
    const credentials = user ? await this.users.credentialsOf(user.id) : undefined;
    if (!user || !credentials?.enabled) return;
    const resetToken = randomAlphanumeric(30);
    await this.users.updateCredentials(user.id, { resetToken });
    const link = `${await this.admin.baseUrl(request)}/api/noauth/resetPassword?resetToken=${resetToken}`;
    try {
      await this.admin.sendMail(resetPasswordMail(user.email, link));
    } catch (err) {
      this.log.warn({ err }, 'password reset mail failed');
    }
  }

  /** Where the link in a reset mail lands: the console's reset page, or 409 for an unknown token. */
  async resetLinkTarget(resetToken: string): Promise<string> {
    if (!resetToken || !(await this.users.credentialsByResetToken(resetToken))) {
      throw conflict('Reset token is invalid or has already been used');
    }
    return `/login/resetPassword?resetToken=${encodeURIComponent(resetToken)}`;
  }

  async activationLinkTarget(activateToken: string): Promise<string> {
    if (!activateToken || !(await this.users.credentialsByActivateToken(activateToken))) {
      throw conflict('Activation token is invalid or has already been used');
    }
    return `/login/createPassword?activateToken=${encodeURIComponent(activateToken)}`;
  }

  async resetPassword(resetToken: string, password: string, request: FastifyRequest): Promise<TokenPair> {
    const credentials = resetToken ? await this.users.credentialsByResetToken(resetToken) : undefined;
    const user = credentials ? await this.users.findById(credentials.userId) : undefined;
    if (!credentials || !user) throw badRequest('Invalid reset token!');
    const changes = await this.newPasswordChanges(user, password);
    await this.db.transaction().execute(async (trx) => {
      await this.users.updateCredentials(user.id, { ...changes.credentials, resetToken: null }, trx);
      await this.users.update(user.id, { additionalInfo: changes.additionalInfo }, trx);
    });
    await this.outdating.outdateTokens(user.id);
    const loginLink = `${await this.admin.baseUrl(request)}/login`;
    await this.admin
      .sendMail(passwordWasResetMail(user.email, loginLink))
      .catch((err: unknown) => this.log.warn({ err }, 'password-was-reset mail failed'));
    return this.issueFor(user, credentials.enabled);
  }

  async activate(
    activateToken: string,
    password: string,
    sendMail: boolean,
    request: FastifyRequest,
  ): Promise<TokenPair> {
    const credentials = activateToken
      ? await this.users.credentialsByActivateToken(activateToken)
      : undefined;
    const user = credentials ? await this.users.findById(credentials.userId) : undefined;
    if (!credentials || !user) throw badRequest('Invalid activate token!');
    const changes = await this.newPasswordChanges(user, password);
    await this.db.transaction().execute(async (trx) => {
      await this.users.updateCredentials(
        user.id,
        { ...changes.credentials, enabled: true, activateToken: null },
        trx,
      );
      await this.users.update(user.id, { additionalInfo: changes.additionalInfo }, trx);
    });
    if (sendMail) {
      const loginLink = `${await this.admin.baseUrl(request)}/login`;
      await this.admin
        .sendMail(activatedMail(user.email, loginLink))
        .catch((err: unknown) => this.log.warn({ err }, 'activation confirmation mail failed'));
    }
    return this.issueFor(user);
  }
}
