import { sql } from 'kysely';
import { v1 as uuidv1 } from 'uuid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthPartition } from '../src/telemetry/partitions.js';
import { startServer, type TestServer } from './helper.js';

/** Monthly `ts_kv` partitions (reference §5.2, migration 0006) on both stores. */
describe('time-series partitions', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ demo: false });
  });

  afterAll(async () => {
    await server.close();
  });

  const rowsIn = async (table: string, entityId: string) => {
    const result = await sql<{ n: number }>`
      select count(*)::int as n from ${sql.table(table)} where entity_id = ${entityId}
    `.execute(server.store.db);
    return result.rows[0]?.n ?? 0;
  };

  it('stores points of this month and the next in their month partition, older ones in the default', async () => {
    const id = uuidv1();
    const now = Date.now();
    const next = monthPartition(now, 1);
    await server.services.telemetry.saveTimeseries(uuidv1(), { entityType: 'DEVICE', id }, [
      { ts: now, values: [{ key: 'temperature', value: { type: 'DOUBLE', value: 21.5 } }] },
      { ts: next.from + 1000, values: [{ key: 'temperature', value: { type: 'DOUBLE', value: 22 } }] },
      { ts: Date.UTC(2019, 0, 1), values: [{ key: 'temperature', value: { type: 'DOUBLE', value: 5 } }] },
    ]);
    expect(await rowsIn(monthPartition(now, 0).name, id)).toBe(1);
    expect(await rowsIn(next.name, id)).toBe(1);
    expect(await rowsIn('ts_kv_indefinite', id)).toBe(1);
    expect(await rowsIn('ts_kv', id)).toBe(3);
  });
});
