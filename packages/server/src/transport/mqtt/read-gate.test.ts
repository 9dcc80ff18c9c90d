import { describe, expect, it } from 'vitest';
import { type GatedReader, ReadGate } from './read-gate.js';

/** A reader that, once resumed, begins `publishes` publishes at once (what waited in its socket). */
function reader(gate: ReadGate, name: string, log: string[], publishes = 1): GatedReader {
  return {
    resumeReading() {
      log.push(name);
      for (let i = 0; i < publishes; i++) gate.began();
    },
  };
}

describe('ReadGate', () => {
  it('lets connections read while fewer publishes than its limit are in process', () => {
    const gate = new ReadGate(2);
    const log: string[] = [];
    expect(gate.mayRead(reader(gate, 'a', log))).toBe(true);
    gate.began();
    expect(gate.mayRead(reader(gate, 'b', log))).toBe(true);
    gate.began();
    expect(gate.mayRead(reader(gate, 'c', log))).toBe(false);
    expect(gate.waiting).toBe(1);
    expect(log).toEqual([]);
  });

  it('resumes parked connections in the order they stopped, one at a time while there is room', () => {
    const gate = new ReadGate(2);
    const log: string[] = [];
    gate.began();
    gate.began();
    for (const name of ['a', 'b', 'c']) gate.mayRead(reader(gate, name, log));
    gate.ended();
    // "a" takes the room that came back; "b" and "c" wait for more.
    expect(log).toEqual(['a']);
    expect(gate.waiting).toBe(2);
    gate.ended();
    gate.ended();
    expect(log).toEqual(['a', 'b', 'c']);
    expect(gate.count).toBe(2);
    expect(gate.waiting).toBe(0);
  });

  it('resumes several connections at once when they begin nothing', () => {
    const gate = new ReadGate(1);
    const log: string[] = [];
    gate.began();
    for (const name of ['a', 'b']) gate.mayRead(reader(gate, name, log, 0));
    gate.ended();
    expect(log).toEqual(['a', 'b']);
  });
});
