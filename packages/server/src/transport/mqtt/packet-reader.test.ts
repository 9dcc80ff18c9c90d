import mqttPacket, { type IPublishPacket, type Packet } from 'mqtt-packet';
import { describe, expect, it } from 'vitest';
import { InvalidPacketError, PacketReader, PacketTooLargeError, readPublish } from './packet-reader.js';

/** A reader on a fresh mqtt-packet parser, with what it emitted. */
function reader(version = 4, maxPacketBytes = 65_536) {
  const packets: Packet[] = [];
  const errors: Error[] = [];
  const parser = mqttPacket.parser({ protocolVersion: version });
  const packetReader = new PacketReader(parser, maxPacketBytes, () => version, {
    packet: (packet) => packets.push(packet),
    error: (error) => errors.push(error),
  });
  return { packetReader, packets, errors };
}

/** What mqtt-packet alone makes of these bytes: the reference for the reader's own PUBLISH. */
function parsedByMqttPacket(bytes: Buffer, version: number): Packet[] {
  const packets: Packet[] = [];
  const parser = mqttPacket.parser({ protocolVersion: version });
  parser.on('packet', (packet) => packets.push(packet));
  parser.parse(bytes);
  // Plain objects, as the reader's, so that equality compares fields only.
  return packets.map((packet) => ({ ...packet }));
}

const publish = (fields: Partial<IPublishPacket> = {}): IPublishPacket => ({
  cmd: 'publish',
  topic: 'v1/devices/me/telemetry',
  payload: Buffer.from('{"temperature":21.5}'),
  qos: 1,
  messageId: 42,
  dup: false,
  retain: false,
  ...fields,
});

const generate = (packet: Packet, version = 4) => mqttPacket.generate(packet, { protocolVersion: version });

describe('the MQTT packet reader', () => {
  it('reads a PUBLISH as mqtt-packet does, in every QoS, with its flags, in 3.1.1 and 5', () => {
    const cases: [IPublishPacket, number][] = [
      [publish(), 4],
      [publish({ qos: 0, messageId: undefined }), 4],
      [publish({ qos: 2, messageId: 65_535, dup: true, retain: true }), 4],
      [publish({ topic: 'ünïcode/🌡', payload: Buffer.alloc(0) }), 4],
      [publish({ topic: '' }), 4],
      [publish(), 3],
      [publish(), 5],
      [publish({ qos: 0, messageId: undefined }), 5],
    ];
    for (const [packet, version] of cases) {
      const bytes = generate(packet, version);
      const read = readPublish(bytes, version);
      expect(read).toBeDefined();
      expect(read).toEqual(parsedByMqttPacket(bytes, version)[0]);
    }
  });

  it('leaves MQTT 5 properties, other packets and malformed publishes to mqtt-packet', () => {
    const withProperties = generate(publish({ properties: { topicAlias: 3 } }), 5);
    expect(readPublish(withProperties, 5)).toBeUndefined();
    expect(readPublish(generate({ cmd: 'pingreq' }), 4)).toBeUndefined();
    // A topic length past the packet's end, a QoS 1 publish cut before its packet identifier.
    expect(readPublish(Buffer.from([0x30, 0x03, 0x00, 0x09, 0x61]), 4)).toBeUndefined();
    expect(readPublish(Buffer.from([0x32, 0x03, 0x00, 0x01, 0x61]), 4)).toBeUndefined();

    const { packetReader, packets } = reader(5);
    packetReader.push(withProperties);
    expect(packets).toEqual(parsedByMqttPacket(withProperties, 5));
    expect((packets[0] as IPublishPacket).properties).toEqual({ topicAlias: 3 });
  });

  it('emits the packets of a chunk in order, whichever reader reads each', () => {
    const stream = [
      generate({ cmd: 'pingreq' }),
      generate(publish({ messageId: 1 })),
      generate({
        cmd: 'subscribe',
        messageId: 2,
        subscriptions: [{ topic: 'v1/devices/me/rpc/request/+', qos: 1 }],
      }),
      generate(publish({ messageId: 3, qos: 0 })),
      generate({ cmd: 'disconnect' }),
    ];
    const { packetReader, packets, errors } = reader();
    packetReader.push(Buffer.concat(stream));
    expect(errors).toEqual([]);
    expect(packets).toEqual(parsedByMqttPacket(Buffer.concat(stream), 4));
    expect(packets.map((packet) => packet.cmd)).toEqual([
      'pingreq',
      'publish',
      'subscribe',
      'publish',
      'disconnect',
    ]);
  });

  it('puts together packets split anywhere, one byte at a time included', () => {
    const large = publish({ payload: Buffer.alloc(20_000, 7), messageId: 9 });
    const stream = Buffer.concat([generate(publish()), generate(large), generate({ cmd: 'pingreq' })]);
    const expected = parsedByMqttPacket(stream, 4);
    for (const size of [1, 2, 3, 1_400, 7_000]) {
      const { packetReader, packets, errors } = reader();
      for (let offset = 0; offset < stream.length; offset += size) {
        packetReader.push(stream.subarray(offset, offset + size));
      }
      expect(errors).toEqual([]);
      expect(packets).toEqual(expected);
    }
  });

  it('refuses a packet larger than the limit as soon as its header arrives', () => {
    const { packetReader, packets, errors } = reader(4, 64);
    packetReader.push(generate(publish({ payload: Buffer.alloc(30) })));
    expect(packets).toHaveLength(1);
    // PUBLISH announcing 70,000 bytes (0xF0 0xA2 0x04), its body never sent; then a packet that is
    // not read, as the connection ends.
    packetReader.push(Buffer.from([0x30, 0xf0]));
    expect(errors).toEqual([]);
    packetReader.push(Buffer.from([0xa2, 0x04]));
    expect(errors[0]).toBeInstanceOf(PacketTooLargeError);
    expect(errors[0]?.message).toBe('too large message: 70000 bytes');
    packetReader.push(generate(publish()));
    expect(packets).toHaveLength(1);
    expect(errors).toHaveLength(1);
  });

  it('fails on a remaining length longer than four bytes and on what mqtt-packet refuses', () => {
    const malformed = reader();
    malformed.packetReader.push(Buffer.from([0x30, 0xff, 0xff, 0xff, 0xff, 0x01]));
    expect(malformed.errors[0]).toBeInstanceOf(InvalidPacketError);
    // QoS 3 is refused by mqtt-packet, with its message.
    const qos3 = reader();
    qos3.packetReader.push(Buffer.from([0x36, 0x05, 0x00, 0x01, 0x61, 0x00, 0x01]));
    expect(qos3.errors[0]?.message).toBe('Packet must not have both QoS bits set to 1');
    expect(qos3.packets).toEqual([]);
  });
});
