import { createSocket } from 'node:dgram';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DeviceApi, DeviceIdentity, PayloadCodec } from '../core/index.js';
import { SILENT_LOGGER } from '../core/options.js';
import { CoapTransport } from './coap-transport.js';

/**
 * The CoAP transport on a real UDP socket, with a device API that answers at once: what node-coap
 * and the transport do with the datagrams themselves, apart from the core.
 */

const device = { deviceId: 'device-1', tenantId: 'tenant-1' } as DeviceIdentity;

/**
 * A device API that knows one token and counts the telemetry posted; with `held`, each post waits
 * until `release()`, as a store under load does.
 */
function countingApi(options: { held?: boolean } = {}) {
  const posted: unknown[] = [];
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const api = {
    authenticate: async (proof: { token?: string }) => (proof.token === 'T0K3N' ? device : undefined),
    postTelemetry: async (_device: DeviceIdentity, data: unknown) => {
      posted.push(data);
      if (options.held) await gate;
    },
  } as unknown as DeviceApi;
  return { api, posted, release };
}

const jsonCodec = { decode: (_d, _t, _k, payload: Buffer) => JSON.parse(payload.toString()) } as PayloadCodec;

/** A confirmable POST (RFC 7252 §3) with a 4-byte token, its Uri-Path segments and payload. */
function confirmablePost(messageId: number, token: Buffer, segments: string[], payload: string): Buffer {
  const header = Buffer.from([0x40 | token.length, 0x02, messageId >> 8, messageId & 0xff]);
  // Uri-Path is option 11: the first segment's delta is 11, the others' 0; all shorter than 13.
  const options = segments.map((segment, i) =>
    Buffer.concat([Buffer.from([((i === 0 ? 11 : 0) << 4) | segment.length]), Buffer.from(segment)]),
  );
  return Buffer.concat([header, token, ...options, Buffer.from([0xff]), Buffer.from(payload)]);
}

/** Waits until `condition` holds (5 s at most), as a device waits for its datagrams. */
const until = (condition: () => boolean) => vi.waitUntil(condition, { timeout: 5000, interval: 5 });

let stop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** A transport on an ephemeral port and a device's socket, with the datagrams it received. */
async function connect(api: DeviceApi) {
  const transport = new CoapTransport({ api, codec: jsonCodec, log: SILENT_LOGGER });
  await transport.start(0, '127.0.0.1');
  const socket = createSocket('udp4');
  stop = async () => {
    socket.close();
    await transport.stop();
  };
  const answers: Buffer[] = [];
  socket.on('message', (datagram: Buffer) => answers.push(datagram));
  const send = (datagram: Buffer) => socket.send(datagram, transport.port(), '127.0.0.1');
  return { transport, answers, send };
}

const telemetryPost = (messageId: number, payload = '{"n":1}') =>
  confirmablePost(messageId, Buffer.from([1, 2, 3, 4]), ['api', 'v1', 'T0K3N', 'telemetry'], payload);

describe('the CoAP transport', () => {
  it('answers a retransmitted request with the response it sent, without processing it again', async () => {
    const { api, posted } = countingApi();
    const { transport, answers, send: sendDatagram } = await connect(api);
    const send = () => sendDatagram(telemetryPost(0x5a17));

    send();
    await until(() => answers.length === 1);
    // Kept by the transport's own memory of responses, not node-coap's.
    expect(transport.responsesKept()).toBe(1);
    // The device missed it and sends the same message again at once, then once more later, when
    // the server keeps only the response's bytes.
    send();
    await until(() => answers.length === 2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    send();
    await until(() => answers.length === 3);

    // A piggybacked 2.01 (ACK) with the request's message id and token, the same bytes each time.
    expect(answers[0]).toEqual(Buffer.from([0x64, 0x41, 0x5a, 0x17, 1, 2, 3, 4]));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(posted).toEqual([{ n: 1 }]);
  });

  it('drops a copy of a request that arrives while the first is still processed', async () => {
    const { api, posted, release } = countingApi({ held: true });
    const { answers, send } = await connect(api);
    send(telemetryPost(0x0101));
    await until(() => posted.length === 1);
    send(telemetryPost(0x0101));
    // The copy has had the time to reach the server and, unrecognised, the device API.
    await new Promise((resolve) => setTimeout(resolve, 30));
    release();
    await until(() => answers.some((answer) => answer[1] === 0x41));
    expect(posted).toEqual([{ n: 1 }]);
  });

  it('answers a copy of a request answered with an empty ACK with that ACK, without processing it again', async () => {
    const { api, posted, release } = countingApi({ held: true });
    const { answers, send } = await connect(api);
    send(telemetryPost(0x0202));
    // Processing takes longer than node-coap's 50 ms piggyback wait: an empty ACK goes first.
    await until(() => answers.length === 1);
    const emptyAck = Buffer.from([0x60, 0x00, 0x02, 0x02]);
    expect(answers[0]).toEqual(emptyAck);
    // The device lost it and retransmits.
    send(telemetryPost(0x0202));
    await until(() => answers.length === 2);
    expect(answers[1]).toEqual(emptyAck);

    release();
    await until(() => answers.length === 3);
    // The 2.01 follows as a confirmable response of its own (new message id), with the token.
    const separate = answers[2] ?? Buffer.alloc(0);
    expect([separate[0], separate[1]]).toEqual([0x44, 0x41]);
    expect(separate.subarray(4, 8)).toEqual(Buffer.from([1, 2, 3, 4]));
    send(Buffer.from([0x60, 0x00, separate[2] ?? 0, separate[3] ?? 0]));
    expect(posted).toEqual([{ n: 1 }]);
  });

  it('processes a new request that reuses a message id under another token', async () => {
    const { api, posted, release } = countingApi({ held: true });
    const { answers, send } = await connect(api);
    send(telemetryPost(0x0303, '{"n":1}'));
    await until(() => posted.length === 1);
    send(confirmablePost(0x0303, Buffer.from([9, 9]), ['api', 'v1', 'T0K3N', 'telemetry'], '{"n":2}'));
    await until(() => posted.length === 2);
    release();
    await until(() => answers.filter((answer) => answer[1] === 0x41).length === 2);
    expect(posted).toEqual([{ n: 1 }, { n: 2 }]);
  });
});
