import type { Parser } from 'mqtt-packet';

/**
 * `transport.mqtt.netty.max_payload_size` (65536) as the reference applies it: a packet whose
 * remaining length is larger closes the connection as soon as its fixed header is read, before its
 * body is buffered. mqtt-packet's parser has no such limit, so its length step is wrapped.
 */
export class PacketTooLargeError extends Error {}

/** The parts of mqtt-packet's parser the hook relies on. */
interface HookableParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
}

const isHookable = (value: unknown): value is HookableParser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HookableParser)._parseLength === 'function' &&
  typeof (value as HookableParser)._emitError === 'function';

/** The wrapped length step of each limit, shared by all connections: nothing is allocated per parser. */
const wrappers = new Map<number, (this: HookableParser) => boolean>();

function lengthStep(original: () => boolean, maxPacketBytes: number): (this: HookableParser) => boolean {
  let wrapper = wrappers.get(maxPacketBytes);
  if (!wrapper) {
    wrapper = function limitedParseLength(this: HookableParser): boolean {
      const parsed = original.call(this);
      if (parsed && this.packet.length > maxPacketBytes) {
        this._emitError(new PacketTooLargeError(`too large message: ${this.packet.length} bytes`));
        return false;
      }
      return parsed;
    };
    wrappers.set(maxPacketBytes, wrapper);
  }
  return wrapper;
}

/**
 * Limits the packets the parser accepts; false when the parser does not have the expected shape (a
 * mqtt-packet upgrade), so the caller checks the size of parsed packets instead.
 */
export function limitPacketSize(parser: Parser, maxPacketBytes: number): boolean {
  if (!isHookable(parser)) return false;
  const original = Object.getPrototypeOf(parser)._parseLength as unknown;
  if (typeof original !== 'function') return false;
  parser._parseLength = lengthStep(original as () => boolean, maxPacketBytes);
  return true;
}
