import { randomFillSync } from 'node:crypto';

/**
 * Random (version 4) UUIDs for rule engine messages, each one flat string. Node's randomUUID, which
 * `uuid`'s v4 calls, joins its string from twenty small pieces, and the tree of pieces stays with
 * the message: ~300 bytes more for each of the thousands of messages in flight under load (issue 14).
 */
const IDS_PER_FILL = 256;
const random = Buffer.alloc(16 * IDS_PER_FILL);
let next = random.length;
const HEX = Buffer.from('0123456789abcdef', 'latin1');
/** Where each random byte's two hex digits go in `xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx`. */
const DIGITS_AT = [0, 2, 4, 6, 9, 11, 14, 16, 19, 21, 24, 26, 28, 30, 32, 34];
const text = Buffer.alloc(36, '-');

const byteAt = (buffer: Buffer, index: number) => buffer[index] ?? 0;

export function messageId(): string {
  if (next === random.length) {
    randomFillSync(random);
    next = 0;
  }
  random[next + 6] = (byteAt(random, next + 6) & 0x0f) | 0x40; // version 4
  random[next + 8] = (byteAt(random, next + 8) & 0x3f) | 0x80; // RFC 4122 variant
  for (let i = 0; i < 16; i++) {
    const byte = byteAt(random, next + i);
    const at = DIGITS_AT[i] ?? 0;
    text[at] = byteAt(HEX, byte >> 4);
    text[at + 1] = byteAt(HEX, byte & 0x0f);
  }
  next += 16;
  return text.toString('latin1');
}
