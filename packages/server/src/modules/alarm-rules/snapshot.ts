import type { KvValue } from '@meridian/common';
import { type ConditionKey, conditionKeyId } from './keys.js';

const sameValue = (a: KvValue | undefined, b: KvValue) =>
  a !== undefined && a.type === b.type && a.value === b.value;

/**
 * The latest values of the keys a device's alarm rules read (reference DataSnapshot): loaded once,
 * then kept up to date from the device's changes. `ts` is the time of the data last merged: the
 * event time DURATION rules measure and new alarms start at.
 */
export class DataSnapshot {
  ts = 0;
  private readonly values = new Map<string, KvValue>();

  constructor(private readonly keys: ReadonlySet<string>) {}

  has(keyId: string): boolean {
    return this.keys.has(keyId);
  }

  get(key: ConditionKey | string): KvValue | undefined {
    return this.values.get(typeof key === 'string' ? key : conditionKeyId(key));
  }

  /**
   * Stores the value of a key the rules read; true when this counts as an update of the key: the
   * snapshot's time moves, or the value differs from the one held.
   */
  put(keyId: string, newTs: number, value: KvValue): boolean {
    if (!this.keys.has(keyId)) return false;
    const old = this.values.get(keyId);
    this.values.set(keyId, value);
    return this.ts !== newTs || !sameValue(old, value);
  }

  remove(keyId: string): void {
    this.values.delete(keyId);
  }
}
