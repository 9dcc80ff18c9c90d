import type { KvValue } from '@meridian/common';
import { NULL_ELEMENT, quotedElement } from '../db/array-literal.js';

/**
 * Points for `ts_kv` or `ts_kv_latest` as one PostgreSQL array literal per column (entity id, key
 * id, ts, then the five value columns), filled point by point. The ingest writes every batch this
 * way: a row object per point and then an array per column before the literals were a tenth of
 * its garbage (issue 14).
 */
export class PointColumns {
  private readonly entityIds: string[] = [];
  private readonly keys: number[] = [];
  private readonly times: number[] = [];
  private readonly bools: string[] = [];
  private readonly strings: string[] = [];
  private readonly longs: string[] = [];
  private readonly doubles: (number | string)[] = [];
  private readonly jsons: string[] = [];

  get size(): number {
    return this.times.length;
  }

  add(entityId: string, key: number, ts: number, value: KvValue): void {
    this.entityIds.push(entityId);
    this.keys.push(key);
    this.times.push(ts);
    this.bools.push(value.type === 'BOOLEAN' ? String(value.value) : NULL_ELEMENT);
    this.strings.push(value.type === 'STRING' ? quotedElement(value.value) : NULL_ELEMENT);
    this.longs.push(value.type === 'LONG' ? value.value.toString() : NULL_ELEMENT);
    this.doubles.push(value.type === 'DOUBLE' ? value.value : NULL_ELEMENT);
    this.jsons.push(value.type === 'JSON' ? quotedElement(value.value) : NULL_ELEMENT);
  }

  /** The literals, in the column order above. */
  literals(): string[] {
    return [
      this.entityIds,
      this.keys,
      this.times,
      this.bools,
      this.strings,
      this.longs,
      this.doubles,
      this.jsons,
    ].map((column) => `{${column.join(',')}}`);
  }
}
