import type { Client } from 'aedes';

/**
 * Two rules of the reference that aedes does not have, applied where each MQTT client's packets
 * are parsed (mqtt-packet's parser, reached through the client):
 * - `transport.mqtt.netty.max_payload_size` (65536): a packet whose remaining length is larger
 *   closes the connection as soon as its fixed header is read, before its body is buffered;
 * - QoS 1 is the most a device gets: SUBSCRIBE requests for QoS 2 are granted QoS 1. aedes grants
 *   what the packet asks before any hook runs, so the request is lowered as it is parsed.
 */
export class PacketTooLargeError extends Error {}

/** The parts of mqtt-packet's parser the hooks rely on. */
interface HookableParser {
  packet: { length: number };
  _parseLength(): boolean;
  _emitError(error: Error): void;
  prependListener(event: 'packet', listener: (packet: unknown) => void): unknown;
}

const isHookable = (value: unknown): value is HookableParser =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as HookableParser)._parseLength === 'function' &&
  typeof (value as HookableParser)._emitError === 'function' &&
  typeof (value as HookableParser).prependListener === 'function';

export const MAX_SUPPORTED_QOS = 1;

function lowerSubscribeQos(packet: unknown): void {
  const subscribe = packet as { cmd?: string; subscriptions?: { qos: number }[] };
  if (subscribe.cmd !== 'subscribe' || !Array.isArray(subscribe.subscriptions)) return;
  for (const subscription of subscribe.subscriptions) {
    if (subscription.qos > MAX_SUPPORTED_QOS) subscription.qos = MAX_SUPPORTED_QOS;
  }
}

/**
 * Returns the function that hooks one client's parser; it answers false when the parser does not
 * have the expected shape (an aedes upgrade), so the caller can fall back to checking payloads
 * after parsing. The wrappers are shared by all connections: nothing is allocated per client.
 */
export function parserHooks(maxPacketBytes: number): (client: Client) => boolean {
  let original: (() => boolean) | undefined;
  function limitedParseLength(this: HookableParser): boolean {
    const parsed = (original as () => boolean).call(this);
    if (parsed && this.packet.length > maxPacketBytes) {
      this._emitError(new PacketTooLargeError(`too large message: ${this.packet.length} bytes`));
      return false;
    }
    return parsed;
  }
  return (client) => {
    const parser: unknown = (client as unknown as { _parser?: unknown })._parser;
    if (!isHookable(parser)) return false;
    original ??= Object.getPrototypeOf(parser)._parseLength as () => boolean;
    if (typeof original !== 'function') return false;
    parser._parseLength = limitedParseLength;
    parser.prependListener('packet', lowerSubscribeQos);
    return true;
  };
}
