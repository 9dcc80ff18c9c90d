import { Migrator, sql } from 'kysely';
import { expect, it } from 'vitest';
import { migrations } from '../src/db/migrations/index.js';
import { migrate } from '../src/db/store.js';
import { storePerFile } from './helper.js';

const opened = storePerFile();

it("migration 0009 turns an older store's prohibitDifferentUrl on, keeping the other settings", async () => {
  const migrator = new Migrator({
    db: opened.current().db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
  });
  expect((await migrator.migrateTo('0008-alarms')).error).toBeUndefined();
  await sql`insert into admin_settings (id, created_time, key, json_value)
    values (gen_random_uuid(), 0, 'general', '{"baseUrl":"https://iot.example.test","prohibitDifferentUrl":false}')`.execute(
    opened.current().db,
  );
  await migrate(opened.current().db);
  const row = await opened
    .current()
    .db.selectFrom('adminSettings')
    .select('jsonValue')
    .where('key', '=', 'general')
    .executeTakeFirstOrThrow();
  expect(row.jsonValue).toEqual({ baseUrl: 'https://iot.example.test', prohibitDifferentUrl: true });
});
