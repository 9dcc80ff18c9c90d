import { v1 as uuidv1 } from 'uuid';
import type { Db } from '../../db/store.js';

export interface AdminSettingsRow {
  id: string;
  createdTime: number;
  key: string;
  jsonValue: unknown;
}

export class AdminSettingsRepo {
  constructor(private readonly db: Db) {}

  async find(key: string): Promise<AdminSettingsRow | undefined> {
    return this.db.selectFrom('adminSettings').selectAll().where('key', '=', key).executeTakeFirst();
  }

  /** Inserts or replaces the value of a key, keeping its id and creation time. */
  async save(key: string, jsonValue: unknown, db: Db = this.db): Promise<AdminSettingsRow> {
    return db
      .insertInto('adminSettings')
      .values({ id: uuidv1(), createdTime: Date.now(), key, jsonValue: JSON.stringify(jsonValue) })
      .onConflict((oc) => oc.column('key').doUpdateSet({ jsonValue: JSON.stringify(jsonValue) }))
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
