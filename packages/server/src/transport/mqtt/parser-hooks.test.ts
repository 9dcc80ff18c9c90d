import mqttPacket from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { limitPacketSize, PacketTooLargeError } from './parser-hooks.js';

describe('packet size limit', () => {
  it('refuses a packet as soon as its header announces more than the limit', () => {
    const parser = mqttPacket.parser();
    expect(limitPacketSize(parser, 65536)).toBe(true);
    const errors: Error[] = [];
    const packets: unknown[] = [];
    parser.on('error', (error: Error) => errors.push(error));
    parser.on('packet', (packet) => packets.push(packet));
    // PUBLISH with remaining length 70000 (varint 0xF0 0xA2 0x04), body never sent.
    parser.parse(Buffer.from([0x30, 0xf0, 0xa2, 0x04]));
    expect(errors[0]).toBeInstanceOf(PacketTooLargeError);
    expect(packets).toEqual([]);
  });

  it('lets packets up to the limit through', () => {
    const parser = mqttPacket.parser();
    limitPacketSize(parser, 64);
    const packets: { cmd: string }[] = [];
    parser.on('packet', (packet) => packets.push(packet));
    parser.parse(
      mqttPacket.generate({
        cmd: 'publish',
        topic: 't',
        payload: Buffer.alloc(40),
        qos: 0,
        dup: false,
        retain: false,
      }),
    );
    expect(packets.map((packet) => packet.cmd)).toEqual(['publish']);
  });
});
