import { describe, expect, it } from 'vitest';
import { newMsg } from '../../rule-engine/message.js';
import { debugBody, lifecycleBody, truncateDebugText } from './bodies.js';

describe('truncateDebugText', () => {
  it('keeps text up to the limit and says how much was cut beyond it', () => {
    expect(truncateDebugText('abcdef', 6)).toBe('abcdef');
    expect(truncateDebugText('abcdefgh', 6)).toBe('abcdef...[truncated 2 symbols]');
  });

  it('keeps everything with a limit of 0', () => {
    expect(truncateDebugText('x'.repeat(10_000), 0)).toHaveLength(10_000);
  });

  it('never splits a character made of two UTF-16 units', () => {
    // '😀' is two code units: cutting at 2 would keep half of it.
    expect(truncateDebugText('a😀b', 2)).toBe('a...[truncated 3 symbols]');
  });
});

describe('event bodies', () => {
  it('writes a debug body with the originator as entityId and entityName, and metadata as JSON text', () => {
    const msg = newMsg({
      type: 'POST_ATTRIBUTES_REQUEST',
      originator: { entityType: 'ASSET', id: 'a-1' },
      metadata: { k: 'v' },
      data: '{}',
    });
    expect(debugBody('srv', { direction: 'OUT', msg, relationType: 'True' }, 10)).toEqual({
      type: 'OUT',
      server: 'srv',
      entityId: 'a-1',
      entityName: 'ASSET',
      msgId: msg.id,
      msgType: 'POST_ATTRIBUTES_REQUEST',
      dataType: 'JSON',
      relationType: 'True',
      data: '{}',
      metadata: '{"k":"v"}',
    });
  });

  it('marks a lifecycle event failed exactly when it carries an error', () => {
    expect(lifecycleBody('srv', 'STARTED')).toEqual({ server: 'srv', event: 'STARTED', success: true });
    expect(lifecycleBody('srv', 'STOPPED', 'boom')).toEqual({
      server: 'srv',
      event: 'STOPPED',
      success: false,
      error: 'boom',
    });
  });
});
