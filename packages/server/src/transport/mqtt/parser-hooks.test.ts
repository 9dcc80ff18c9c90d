import { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import { afterEach, describe, expect, it } from 'vitest';
import { PacketTooLargeError, parserHooks } from './parser-hooks.js';

/** A broker client on an in-memory connection, with the hooks installed. */
async function hookedClient(maxBytes: number) {
  const broker = await Aedes.createBroker();
  const conn = new Duplex({
    read() {},
    write(_chunk, _encoding, callback) {
      callback();
    },
  });
  const client: Client = broker.handle(conn);
  const errors: Error[] = [];
  broker.on('connectionError', (_client, error) => errors.push(error));
  return { broker, conn, client, errors, hooked: parserHooks(maxBytes)(client) };
}

let close: (() => void) | undefined;
afterEach(() => close?.());

describe('parser hooks', () => {
  it('closes a connection as soon as a packet header announces more than the limit', async () => {
    const { broker, conn, client, errors, hooked } = await hookedClient(65536);
    close = () => broker.close();
    expect(hooked).toBe(true);
    // PUBLISH with remaining length 70000 (varint 0xF0 0xA2 0x04), body never sent.
    conn.push(Buffer.from([0x30, 0xf0, 0xa2, 0x04]));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(errors[0]).toBeInstanceOf(PacketTooLargeError);
    expect(client.closed).toBe(true);
  });

  it('lowers SUBSCRIBE requests for QoS 2 to QoS 1 as they are parsed', async () => {
    const { broker, client } = await hookedClient(65536);
    close = () => broker.close();
    const parser = (client as unknown as { _parser: { emit(event: string, packet: unknown): void } })._parser;
    const packet = {
      cmd: 'subscribe',
      subscriptions: [
        { topic: 'a', qos: 2 },
        { topic: 'b', qos: 0 },
      ],
    };
    parser.emit('packet', packet);
    expect(packet.subscriptions.map((s) => s.qos)).toEqual([1, 0]);
  });
});
