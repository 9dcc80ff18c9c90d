import { validate, version } from 'uuid';
import { describe, expect, it } from 'vitest';
import { messageId } from './msg-id.js';

describe('messageId', () => {
  it('gives distinct version 4 UUIDs, past many refills of its random bytes', () => {
    const ids = Array.from({ length: 5000 }, messageId);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(validate(id) && version(id)).toBe(4);
    }
    expect(new Set(ids).size).toBe(ids.length);
    // Every hex digit turns up in every random position: the bytes are spread, not a fixed pattern.
    for (const position of [0, 7, 15, 20, 35]) {
      expect(new Set(ids.map((id) => id[position])).size).toBe(16);
    }
  });
});
