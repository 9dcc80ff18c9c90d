import type { AttributeData, JsonValue } from '@meridian/common';
import type { LivePoint } from './types';

/**
 * A live value as the table shows it. The socket sends every value as text (reference §3.3);
 * when the key already has a typed value (from the REST list) the text is read as that type, so a
 * number stays a number and editing keeps its type. A key never loaded keeps the text.
 */
export function liveValue(text: string, previous: JsonValue | undefined): JsonValue {
  if (typeof previous === 'number') {
    const number = Number(text);
    return text.trim() !== '' && Number.isFinite(number) ? number : text;
  }
  if (typeof previous === 'boolean') {
    return text === 'true' ? true : text === 'false' ? false : text;
  }
  if (typeof previous === 'object' && previous !== null) {
    try {
      const parsed = JSON.parse(text) as JsonValue;
      return typeof parsed === 'object' && parsed !== null ? parsed : text;
    } catch {
      return text;
    }
  }
  return text;
}

interface OverlayPoint extends LivePoint {
  /** Order of arrival, compared with the start of list loads. */
  seq: number;
}

/**
 * The live points received for one list (an attribute scope or the latest telemetry), laid over
 * the list the REST call loaded. The newer of the two wins per key; a key the list lacks is kept
 * when it arrived after that list was requested (new key) and dropped otherwise (deleted since).
 */
export class LiveOverlay {
  private seq = 0;
  private loadedSeq = 0;
  private readonly points = new Map<string, OverlayPoint>();
  private knownKeys = new Set<string>();

  /** Call when a load of the list starts; pass the result to {@link loaded} when it arrives. */
  beginLoad(): number {
    this.seq += 1;
    return this.seq;
  }

  loaded(token: number, rows: readonly AttributeData[]): void {
    if (token >= this.loadedSeq) {
      this.loadedSeq = token;
      this.knownKeys = new Set(rows.map((row) => row.key));
    }
  }

  /** Adds the points of one update; true when one of them is a key the loaded list does not have. */
  apply(points: ReadonlyMap<string, LivePoint>): boolean {
    let newKey = false;
    for (const [key, point] of points) {
      const existing = this.points.get(key);
      if (existing && existing.ts > point.ts) {
        continue;
      }
      this.seq += 1;
      this.points.set(key, { ...point, seq: this.seq });
      newKey ||= !this.knownKeys.has(key);
    }
    return newKey;
  }

  /** Forgets keys (deleted from this console: the next list load must not bring them back). */
  forget(keys: readonly string[]): void {
    for (const key of keys) {
      this.points.delete(key);
    }
  }

  /** The loaded list with the live points laid over it; points the list has caught up with are dropped. */
  merge(rows: readonly AttributeData[]): AttributeData[] {
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const [key, point] of this.points) {
      const row = byKey.get(key);
      if (row && row.lastUpdateTs >= point.ts) {
        this.points.delete(key);
      } else if (row || point.seq > this.loadedSeq) {
        byKey.set(key, { key, lastUpdateTs: point.ts, value: liveValue(point.value, row?.value) });
      } else {
        this.points.delete(key);
      }
    }
    return [...byKey.values()];
  }
}
