import type { Insertable, Selectable, Updateable } from 'kysely';
import { fetchPage, type PageSpec } from '../../db/paging.js';
import type { UserCredentialsTable, UserTable } from '../../db/schema.js';
import type { Db } from '../../db/store.js';
import type { PageQuery } from '../../http/page-query.js';

export type UserRow = Selectable<UserTable>;
export type CredentialsRow = Selectable<UserCredentialsTable>;

/** Sort properties of the reference user lists (ControllerConstants). */
const USER_PAGE: PageSpec = {
  sortable: { createdTime: 'createdTime', firstName: 'firstName', lastName: 'lastName', email: 'email' },
  searchColumns: ['email', 'firstName', 'lastName'],
  idColumn: 'id',
};

export class UsersRepo {
  constructor(private readonly db: Db) {}

  findById(id: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db.selectFrom('tbUser').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Emails are matched without regard to case, so one mailbox is one account. */
  findByEmail(email: string, db: Db = this.db): Promise<UserRow | undefined> {
    return db
      .selectFrom('tbUser')
      .selectAll()
      .where(({ fn, eb }) => eb(fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();
  }

  async insert(
    user: Insertable<UserTable>,
    credentials: Insertable<UserCredentialsTable>,
    db: Db = this.db,
  ): Promise<void> {
    await db.insertInto('tbUser').values(user).execute();
    await db.insertInto('userCredentials').values(credentials).execute();
  }

  async update(id: string, changes: Updateable<UserTable>, db: Db = this.db): Promise<void> {
    await db.updateTable('tbUser').set(changes).where('id', '=', id).execute();
  }

  async delete(id: string, db: Db = this.db): Promise<void> {
    await db.deleteFrom('tbUser').where('id', '=', id).execute();
  }

  credentialsOf(userId: string, db: Db = this.db): Promise<CredentialsRow | undefined> {
    return db.selectFrom('userCredentials').selectAll().where('userId', '=', userId).executeTakeFirst();
  }

  credentialsByActivateToken(token: string): Promise<CredentialsRow | undefined> {
    return this.db
      .selectFrom('userCredentials')
      .selectAll()
      .where('activateToken', '=', token)
      .executeTakeFirst();
  }

  credentialsByResetToken(token: string): Promise<CredentialsRow | undefined> {
    return this.db
      .selectFrom('userCredentials')
      .selectAll()
      .where('resetToken', '=', token)
      .executeTakeFirst();
  }

  async updateCredentials(
    userId: string,
    changes: Updateable<UserCredentialsTable>,
    db: Db = this.db,
  ): Promise<void> {
    await db.updateTable('userCredentials').set(changes).where('userId', '=', userId).execute();
  }

  pageByTenant<T>(
    tenantId: string,
    authority: string | undefined,
    page: PageQuery,
    toWire: (row: UserRow) => T,
  ) {
    let query = this.db.selectFrom('tbUser').selectAll().where('tenantId', '=', tenantId);
    if (authority) query = query.where('authority', '=', authority);
    return fetchPage(query, page, USER_PAGE, toWire);
  }

  pageByCustomer<T>(customerId: string, page: PageQuery, toWire: (row: UserRow) => T) {
    const query = this.db.selectFrom('tbUser').selectAll().where('customerId', '=', customerId);
    return fetchPage(query, page, USER_PAGE, toWire);
  }
}
