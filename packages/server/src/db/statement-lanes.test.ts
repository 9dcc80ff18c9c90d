import { describe, expect, it } from 'vitest';
import type { Lane } from './pglite-thread-protocol.js';
import { StatementLanes } from './statement-lanes.js';

const item = (name: string, lane: Lane) => ({ name, lane });

function order(lanes: StatementLanes<{ name: string; lane: Lane }>, inTransactionAfter = new Set<string>()) {
  const ran: string[] = [];
  for (let next = lanes.next(); next; next = lanes.next()) {
    ran.push(next.name);
    lanes.ran(next.lane, inTransactionAfter.has(next.name));
  }
  return ran;
}

describe('the order of the embedded store’s statements', () => {
  it('runs interactive statements ahead of waiting background ones, each lane in order', () => {
    const lanes = new StatementLanes<{ name: string; lane: Lane }>();
    for (const next of [
      item('batch 1', 'background'),
      item('batch 2', 'background'),
      item('rest 1', 'interactive'),
      item('rest 2', 'interactive'),
    ]) {
      lanes.push(next);
    }
    expect(order(lanes)).toEqual(['rest 1', 'rest 2', 'batch 1', 'batch 2']);
  });

  it('lets nothing of another lane into a transaction, until the store is out of it', () => {
    const lanes = new StatementLanes<{ name: string; lane: Lane }>();
    lanes.push(item('begin', 'background'));
    expect(lanes.next()?.name).toBe('begin');
    lanes.ran('background', true);
    lanes.push(item('rest', 'interactive'));
    lanes.push(item('insert', 'background'));
    lanes.push(item('commit', 'background'));
    expect(order(lanes, new Set(['insert']))).toEqual(['insert', 'commit', 'rest']);
  });

  it('waits, inside a transaction, for its lane’s next statement rather than run another lane’s', () => {
    const lanes = new StatementLanes<{ name: string; lane: Lane }>();
    lanes.ran('interactive', true);
    lanes.push(item('batch', 'background'));
    expect(lanes.next()).toBeUndefined();
    lanes.push(item('commit', 'interactive'));
    expect(order(lanes)).toEqual(['commit', 'batch']);
  });
});
