import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { migrations } from '../src/db/migrations/index.js';
import { migrate, openStore, type Store } from '../src/db/store.js';
import { newStoreLocation, type StoreLocation } from './helper.js';

let location: StoreLocation;
let store: Store;

beforeAll(async () => {
  location = await newStoreLocation();
  store = await openStore(
    loadConfig({ DATA_DIR: location.dataDir, DATABASE_URL: location.databaseUrl ?? '' }),
  );
});
afterAll(async () => {
  await store.close();
  await location.drop();
});

it("migration 0009 turns an older store's prohibitDifferentUrl on, keeping the other settings", async () => {
  const migrator = new Migrator({
    db: store.db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
  });
  expect((await migrator.migrateTo('0008-alarms')).error).toBeUndefined();
  await sql`insert into admin_settings (id, created_time, key, json_value)
    values (gen_random_uuid(), 0, 'general', '{"baseUrl":"https://iot.example.test","prohibitDifferentUrl":false}')`.execute(
    store.db,
  );
  await migrate(store.db);
  const row = await store.db
    .selectFrom('adminSettings')
    .select('jsonValue')
    .where('key', '=', 'general')
    .executeTakeFirstOrThrow();
  expect(row.jsonValue).toEqual({ baseUrl: 'https://iot.example.test', prohibitDifferentUrl: true });
});
