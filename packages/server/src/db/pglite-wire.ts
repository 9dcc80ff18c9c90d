import type { PGlite } from '@electric-sql/pglite';

/** One exchange with the WebAssembly PostgreSQL: frontend messages in, its answer's bytes out. */
export type PgliteExchange = (message: Uint8Array) => Uint8Array;

/** Answers start at this size and grow by doubling; the buffer is kept between exchanges. */
const INITIAL_ANSWER_BYTES = 64 * 1024;
/** A buffer grown past this by a large answer is let go after it, not kept for the process's life. */
const KEPT_ANSWER_BYTES = 1024 * 1024;

/**
 * Takes over PGlite's wire to its WebAssembly PostgreSQL: the read and write callbacks through which
 * `execProtocolRawSync` feeds a message in and collects the answer (decision 0043).
 *
 * PGlite's own write callback also parses every answer into message objects and appends them to a
 * list that only its asynchronous `execProtocol` empties. A caller that uses the raw synchronous
 * exchange alone, as the store's thread does, never empties it: ~0.7 kB per statement stayed in the
 * heap for the life of the process, and that parse was a third of a small statement's CPU. Ours
 * copies the answer's bytes and nothing else.
 *
 * From then on the instance's `execProtocolRawSync` goes through this wire, so PGlite's own close
 * still works; its `query()` and `exec()` no longer see answers and must not be used.
 */
export function takeOverWire(db: PGlite): PgliteExchange {
  const mod = db.Module;
  let input: Uint8Array = new Uint8Array(0);
  let inputRead = 0;
  let answer = new Uint8Array(INITIAL_ANSWER_BYTES);
  let answerLength = 0;

  // PostgreSQL pulls the message in pieces of at most `max` bytes; 0 means nothing is left.
  const read = mod.addFunction((pointer: number, max: number) => {
    const length = Math.min(input.length - inputRead, max);
    mod.HEAPU8.set(input.subarray(inputRead, inputRead + length), pointer);
    inputRead += length;
    return length;
  }, 'iii');
  const write = mod.addFunction((pointer: number, length: number) => {
    if (answerLength + length > answer.length) {
      const grown = new Uint8Array(Math.max(answer.length * 2, answerLength + length));
      grown.set(answer.subarray(0, answerLength));
      answer = grown;
    }
    answer.set(mod.HEAPU8.subarray(pointer, pointer + length), answerLength);
    answerLength += length;
    return length;
  }, 'iii');
  mod._set_read_write_cbs(read, write);

  const exchange: PgliteExchange = (message) => {
    input = message;
    inputRead = 0;
    answerLength = 0;
    try {
      mod._interactive_one(message.length, message[0] ?? 0);
      return answer.slice(0, answerLength);
    } finally {
      input = new Uint8Array(0);
      if (answer.length > KEPT_ANSWER_BYTES) answer = new Uint8Array(INITIAL_ANSWER_BYTES);
    }
  };
  db.execProtocolRawSync = exchange;
  return exchange;
}
