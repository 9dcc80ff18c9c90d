import { NULL_UUID, USER_AUTHORITIES, type UserAuthority } from '@meridian/common';
import type { FastifyRequest } from 'fastify';
import { v1 as uuidv1 } from 'uuid';
import type { TokenPair } from '../../auth/jwt.js';
import { randomAlphanumeric } from '../../auth/passwords.js';
import { requireAccess, type Target } from '../../auth/policy.js';
import type { Principal } from '../../auth/principal.js';
import type { TokenOutdating } from '../../auth/token-outdating.js';
import type { Db } from '../../db/store.js';
import { badRequest, forbidden, notFound } from '../../http/api-error.js';
import type { PageQuery } from '../../http/page-query.js';
import { activationMail } from '../../mail/templates.js';
import type { AdminService } from '../admin/service.js';
import {
  type AuditedActionSpec,
  type AuditRecorder,
  type AuditSubject,
  auditedAction,
} from '../audit-logs/audited-action.js';
import { LOCKOUT_TS_KEY } from '../auth/account-lockout.js';
import type { CustomersRepo } from '../customers/repo.js';
import { deleteRelationsOf } from '../relations/repo.js';
import { assertEntityLimit } from '../tenant-profiles/limits.js';
import type { TenantsRepo } from '../tenants/repo.js';
import type { UserRow, UsersRepo } from './repo.js';
import { asObject, type JsonObject, SERVER_MANAGED_INFO_KEYS, userToWire } from './wire.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface UserInput {
  id?: { id?: string } | null;
  email: string;
  authority?: string;
  tenantId?: { id?: string } | null;
  customerId?: { id?: string } | null;
  firstName?: string | null;
  lastName?: string | null;
  additionalInfo?: unknown;
}

export const userTarget = (row: UserRow): Target => ({
  id: row.id,
  tenantId: row.tenantId ?? NULL_UUID,
  customerId: row.customerId ?? NULL_UUID,
  authority: row.authority,
});

const ownerId = (ref: { id?: string } | null | undefined) =>
  ref?.id && ref.id !== NULL_UUID ? ref.id : null;

/** A user's audit entries are filed under the user's customer; the entity name is the email. */
const userSubject = (row: Pick<UserRow, 'id' | 'email' | 'customerId'>): AuditSubject => ({
  entityType: 'USER',
  id: row.id,
  name: row.email,
  customerId: row.customerId,
});

type UserJson = ReturnType<typeof userToWire>;

/** Users: the rules of UserController (reference §1.3, §1.4) over the users repository. */
export class UsersService {
  constructor(
    private readonly db: Db,
    private readonly users: UsersRepo,
    private readonly tenants: TenantsRepo,
    private readonly customers: CustomersRepo,
    private readonly admin: AdminService,
    private readonly issueTokens: (row: UserRow, enabled: boolean) => Promise<TokenPair>,
    private readonly outdating: TokenOutdating,
    private readonly userTokenAccessEnabled: boolean,
    private readonly audit: AuditRecorder,
  ) {}

  async load(
    principal: Principal,
    id: string,
    operation: 'READ' | 'WRITE' | 'DELETE' = 'READ',
  ): Promise<UserRow> {
    const row = await this.users.findById(id);
    if (!row) throw notFound();
    requireAccess(principal, operation, 'USER', userTarget(row));
    return row;
  }

  async get(principal: Principal, id: string) {
    const row = await this.load(principal, id);
    const credentials = await this.users.credentialsOf(id);
    // A user still waiting for activation has neither state: the key is left out, as the
    // reference does, so the console offers the activation link instead of "enable".
    const awaitingActivation = !credentials?.enabled && !!credentials?.activateToken;
    return userToWire(
      row,
      awaitingActivation ? {} : { userCredentialsEnabled: credentials?.enabled === true },
    );
  }

  /**
   * POST /api/user. Access first (WRITE on the stored user; customer users create no users), then
   * the checked save, recorded as ADDED or UPDATED, or as a FAILURE when a check refuses it.
   */
  async save(principal: Principal, input: UserInput, sendActivationMail: boolean, request: FastifyRequest) {
    const id = ownerId(input.id);
    const stored = id ? await this.load(principal, id, 'WRITE') : undefined;
    if (!stored && principal.authority === 'CUSTOMER_USER') throw forbidden();
    const audit: AuditedActionSpec<UserJson> = {
      actionType: stored ? 'UPDATED' : 'ADDED',
      subject: stored ? userSubject(stored) : { entityType: 'USER', name: input.email },
      data: { entity: input },
      onSuccess: (user) => ({
        subject: userSubject({ id: user.id.id, email: user.email, customerId: ownerId(user.customerId) }),
        data: { entity: user },
      }),
    };
    return auditedAction(this.audit, principal, audit, async () => {
      const email = input.email.trim();
      if (!EMAIL.test(email))
        throw badRequest(`Invalid request: field 'email' has invalid format: '${input.email}'`);
      return stored
        ? this.update(stored, { ...input, email })
        : this.create(principal, { ...input, email }, sendActivationMail, request);
    });
  }

  private async assertEmailFree(email: string, exceptId?: string): Promise<void> {
    const existing = await this.users.findByEmail(email);
    if (existing && existing.id !== exceptId)
      throw badRequest(`User with email '${email}' already present in database!`);
  }

  /**
   * The additionalInfo to store: a string, number, boolean or array as sent (the reference's
   * JsonNode); an object without the server's keys, which keep their stored values. A non-object
   * drops those keys, as the reference's does; the next sign-in writes an object again.
   */
  private cleanInfo(info: unknown, stored: JsonObject = {}): unknown {
    if (info !== null && info !== undefined && (typeof info !== 'object' || Array.isArray(info))) return info;
    const out: JsonObject = { ...asObject(info) };
    for (const key of SERVER_MANAGED_INFO_KEYS) {
      delete out[key];
      if (key in stored) out[key] = stored[key];
    }
    return out;
  }

  private async create(
    principal: Principal,
    input: UserInput,
    sendActivationMail: boolean,
    request: FastifyRequest,
  ) {
    const authority = input.authority;
    if (!authority || !(USER_AUTHORITIES as readonly string[]).includes(authority)) {
      throw badRequest(`Invalid request: field 'authority' must be one of ${USER_AUTHORITIES.join(', ')}`);
    }
    let tenantId = ownerId(input.tenantId);
    let customerId = ownerId(input.customerId);
    // A tenant administrator always creates users in their own tenant.
    if (principal.authority === 'TENANT_ADMIN') tenantId = principal.tenantId;
    if (principal.authority === 'CUSTOMER_USER') throw forbidden();
    if (authority === 'SYS_ADMIN') {
      tenantId = null;
      customerId = null;
    } else {
      if (!tenantId) throw badRequest('Invalid request: user should be assigned to tenant!');
      if (!(await this.tenants.findById(tenantId)))
        throw badRequest('Invalid request: user is referencing to non-existent tenant!');
    }
    if (authority === 'CUSTOMER_USER') {
      if (!customerId) throw badRequest('Invalid request: customer user should be assigned to customer!');
      const customer = await this.customers.findById(customerId);
      if (!customer || customer.tenantId !== tenantId) {
        throw badRequest('Invalid request: user is referencing to non-existent customer!');
      }
    } else {
      customerId = null;
    }
    requireAccess(principal, 'CREATE', 'USER', {
      tenantId: tenantId ?? NULL_UUID,
      customerId: customerId ?? NULL_UUID,
      authority,
    });
    await this.assertEmailFree(input.email);
    if (tenantId) await assertEntityLimit(this.db, tenantId, 'USER');
    const now = Date.now();
    const row: UserRow = {
      id: uuidv1(),
      createdTime: now,
      tenantId,
      customerId,
      authority: authority as UserAuthority,
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      additionalInfo: this.cleanInfo(input.additionalInfo),
    };
    const activateToken = randomAlphanumeric(30);
    // What the mail needs is read before the transaction: inside it, only `trx` may query (the
    // embedded store has a single connection, which the transaction holds).
    const activation = sendActivationMail
      ? {
          link: `${await this.admin.baseUrl(request)}/api/noauth/activate?activateToken=${activateToken}`,
          send: await this.admin.mailSender(),
        }
      : undefined;
    await this.db.transaction().execute(async (trx) => {
      await this.users.insert(
        { ...row, additionalInfo: JSON.stringify(row.additionalInfo) },
        { id: uuidv1(), createdTime: now, userId: row.id, enabled: false, activateToken },
        trx,
      );
      // Sent inside the transaction: if the mail cannot go out, the user is not created.
      if (activation) await activation.send(activationMail(row.email, activation.link));
    });
    return userToWire(row);
  }

  private async update(stored: UserRow, input: UserInput) {
    const id = stored.id;
    if (input.authority && input.authority !== stored.authority)
      throw badRequest("Invalid request: user authority can't be changed");
    await this.assertEmailFree(input.email, id);
    const additionalInfo = this.cleanInfo(input.additionalInfo, asObject(stored.additionalInfo));
    const changes = {
      email: input.email,
      firstName: input.firstName ?? null,
      lastName: input.lastName ?? null,
      additionalInfo: JSON.stringify(additionalInfo),
    };
    await this.users.update(id, changes);
    return userToWire({ ...stored, ...changes, additionalInfo });
  }

  /** DELETE /api/user/{id}, recorded as DELETED. */
  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.load(principal, id, 'DELETE');
    const audit = { actionType: 'DELETED', subject: userSubject(row), data: { entityId: row.id } } as const;
    await auditedAction(this.audit, principal, audit, async () => {
      if (row.id === principal.userId) throw badRequest("Invalid request: you can't delete your own user");
      await this.db.transaction().execute(async (trx) => {
        await deleteRelationsOf(trx, { entityType: 'USER', id });
        await this.users.delete(id, trx);
      });
      this.outdating.userRemoved(id);
    });
  }

  pageTenantAdmins(principal: Principal, tenantId: string, page: PageQuery) {
    requireAccess(principal, 'READ', 'USER', { tenantId, authority: 'TENANT_ADMIN' });
    return this.users.pageByTenant(tenantId, 'TENANT_ADMIN', page, (r) => userToWire(r));
  }

  async pageCustomerUsers(principal: Principal, customerId: string, page: PageQuery) {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw notFound();
    requireAccess(principal, 'READ', 'CUSTOMER', { id: customer.id, tenantId: customer.tenantId });
    requireAccess(principal, 'READ', 'USER', {
      tenantId: customer.tenantId,
      customerId,
      authority: 'CUSTOMER_USER',
    });
    return this.users.pageByCustomer(customerId, page, (r) => userToWire(r));
  }

  /** GET /api/users: a tenant administrator sees the tenant's users, a customer user the customer's. */
  pageUsers(principal: Principal, page: PageQuery) {
    if (principal.authority === 'CUSTOMER_USER') {
      return this.users.pageByCustomer(principal.customerId, page, (r) => userToWire(r));
    }
    return this.users.pageByTenant(principal.tenantId, undefined, page, (r) => userToWire(r));
  }

  async activationLink(principal: Principal, id: string, request: FastifyRequest): Promise<string> {
    await this.load(principal, id);
    const credentials = await this.users.credentialsOf(id);
    if (!credentials || credentials.enabled || !credentials.activateToken)
      throw badRequest('User is already activated!');
    return `${await this.admin.baseUrl(request)}/api/noauth/activate?activateToken=${credentials.activateToken}`;
  }

  async sendActivationMail(principal: Principal, email: string, request: FastifyRequest): Promise<void> {
    const row = await this.users.findByEmail(email);
    if (!row) throw notFound(`User with email '${email}' was not found!`);
    const link = await this.activationLink(principal, row.id, request);
    await this.admin.sendMail(activationMail(row.email, link));
  }

  /** POST /api/user/{id}/userCredentialsEnabled, recorded as ACTIVATED (enabled) or SUSPENDED (disabled). */
  async setCredentialsEnabled(principal: Principal, id: string, enabled: boolean): Promise<void> {
    const row = await this.load(principal, id, 'WRITE');
    const audit = {
      actionType: enabled ? 'ACTIVATED' : 'SUSPENDED',
      subject: userSubject(row),
      data: { entityId: row.id },
    } as const;
    await auditedAction(this.audit, principal, audit, async () => {
      if (row.id === principal.userId && !enabled)
        throw badRequest("Invalid request: you can't disable your own credentials");
      const credentials = await this.users.credentialsOf(id);
      if (!credentials) throw notFound();
      await this.db.transaction().execute(async (trx) => {
        await this.users.updateCredentials(id, { enabled }, trx);
        // The administrator's decision replaces a lockout: a user disabled now stays disabled when
        // the lockout would have run out.
        const { [LOCKOUT_TS_KEY]: _lockout, ...info } = asObject(row.additionalInfo);
        const failed = enabled ? { failedLoginAttempts: 0 } : {};
        await this.users.update(id, { additionalInfo: JSON.stringify({ ...info, ...failed }) }, trx);
      });
      if (!enabled) await this.outdating.outdateTokens(id);
    });
  }

  isUserTokenAccessEnabled(principal: Principal): boolean {
    return (
      this.userTokenAccessEnabled &&
      (principal.authority === 'SYS_ADMIN' || principal.authority === 'TENANT_ADMIN')
    );
  }

  /** Login as another user: system administrators as tenant administrators, tenant administrators as their customer users. */
  async userToken(principal: Principal, id: string): Promise<TokenPair> {
    if (!this.userTokenAccessEnabled) throw forbidden();
    const row = await this.load(principal, id);
    const allowed =
      (principal.authority === 'SYS_ADMIN' && row.authority === 'TENANT_ADMIN') ||
      (principal.authority === 'TENANT_ADMIN' &&
        row.authority === 'CUSTOMER_USER' &&
        row.tenantId === principal.tenantId);
    if (!allowed) throw forbidden();
    // As the reference: a user who has not activated yet (or is disabled) is signed in as well,
    // with `enabled: false` in the token, so an administrator can look at what they will see.
    const credentials = await this.users.credentialsOf(id);
    return this.issueTokens(row, credentials?.enabled === true);
  }
}
