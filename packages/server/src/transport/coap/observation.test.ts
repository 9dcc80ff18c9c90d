import { EventEmitter } from 'node:events';
import type { ObserveWriteStream } from 'coap';
import { describe, expect, it, vi } from 'vitest';
import type { DeviceIdentity, DeviceSessionHandle } from '../core/types.js';
import { CoapDownlinks } from './downlinks.js';
import { CoapObservation } from './observation.js';
import { ObservationRegistry } from './observations.js';

/** What an observation does with node-coap's observe stream, recorded. */
class FakeStream extends EventEmitter {
  statusCode = '';
  options = new Map<string, unknown>();
  sent: { code: string; payload: string; observe: boolean }[] = [];
  /** Makes the next write fail the way node-coap reports an oversized datagram. */
  failNext = false;

  setOption(name: string, value: unknown) {
    if (Array.isArray(value) && value.length === 0) this.options.delete(name);
    else this.options.set(name, value);
    return this;
  }
  write(data: Buffer) {
    if (this.failNext) {
      this.failNext = false;
      this.emit('error', new Error('Max packet size is 1152'));
      return true;
    }
    this.options.set('Observe', this.sent.length + 1);
    this._doSend(data);
    return true;
  }
  _doSend(data: Buffer) {
    this.sent.push({
      code: this.statusCode,
      payload: data.toString('utf8'),
      observe: this.options.has('Observe'),
    });
  }
  end() {
    this.emit('finish');
    return this;
  }
}

const device = (deviceId: string) => ({ deviceId }) as DeviceIdentity;

/** A core session handle whose calls are recorded. */
function handle() {
  return {
    device: device('d1'),
    subscribeAttributes: vi.fn<(subscribed: boolean) => void>(),
    subscribeRpc: vi.fn<(subscribed: boolean) => void>(),
    activity: vi.fn<() => void>(),
    end: vi.fn<() => void>(),
  } satisfies DeviceSessionHandle;
}

function observation(key: string, deviceId: string, feature: 'attributes' | 'rpc', onEnded = vi.fn()) {
  const stream = new FakeStream();
  const failed = vi.fn();
  const created = new CoapObservation(
    key,
    device(deviceId),
    feature,
    stream as unknown as ObserveWriteStream,
    new CoapDownlinks(),
    onEnded,
    failed,
  );
  return { observation: created, stream, failed };
}

describe('CoapObservation', () => {
  it('subscribes its feature and sends pushes as 2.05 JSON notifications', () => {
    const { observation: rpc, stream } = observation('k', 'd1', 'rpc');
    const session = handle();
    rpc.attach(session);
    expect(session.subscribeRpc).toHaveBeenCalledWith(true);
    rpc.establish('2.03');
    expect(
      rpc.onRpcRequest({ requestId: 3, method: 'm', params: { a: 1 }, oneway: true, expirationTime: 0 }),
    ).toBe(true);
    rpc.onAttributeUpdate({ deleted: ['ignored'] });
    expect(stream.sent).toEqual([
      { code: '2.03', payload: '', observe: true },
      { code: '2.05', payload: '{"id":3,"method":"m","params":{"a":1}}', observe: true },
    ]);
  });

  it('reports a notification that could not be sent and refuses the RPC', () => {
    const { observation: rpc, stream, failed } = observation('k', 'd1', 'rpc');
    rpc.attach(handle());
    stream.failNext = true;
    expect(
      rpc.onRpcRequest({ requestId: 1, method: 'm', params: {}, oneway: false, expirationTime: 0 }),
    ).toBe(false);
    expect(failed).toHaveBeenCalledTimes(1);
    expect(rpc.active).toBe(true);
  });

  it('ends with a 5.03 without Observe when the core closes the session, once', () => {
    const onEnded = vi.fn();
    const { observation: attributes, stream } = observation('k', 'd1', 'attributes', onEnded);
    const session = handle();
    attributes.attach(session);
    attributes.establish('2.05', '{}');
    attributes.close('Device was deleted!');
    attributes.close('again');
    expect(stream.sent.at(-1)).toEqual({ code: '5.03', payload: 'Device was deleted!', observe: false });
    expect(stream.sent).toHaveLength(2);
    expect(session.end).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledTimes(1);
    expect(
      attributes.onRpcRequest({ requestId: 1, method: 'm', params: {}, oneway: true, expirationTime: 0 }),
    ).toBe(false);
  });

  it('answers an observation that failed before its first response exactly once', () => {
    const onEnded = vi.fn();
    const { observation: attributes, stream } = observation('k', 'd1', 'attributes', onEnded);
    const session = handle();
    attributes.attach(session);
    const finished = vi.fn();
    stream.on('finish', finished);
    attributes.sendFinal('5.00', 'Internal server error');
    expect(stream.sent).toEqual([{ code: '5.00', payload: 'Internal server error', observe: false }]);
    expect(finished).not.toHaveBeenCalled();
    expect(session.end).toHaveBeenCalledTimes(1);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('ends the session when the stream finishes (RST or unacknowledged notification)', () => {
    const { observation: attributes, stream } = observation('k', 'd1', 'attributes');
    const session = handle();
    attributes.attach(session);
    stream.emit('finish');
    expect(session.end).toHaveBeenCalledTimes(1);
    expect(attributes.active).toBe(false);
  });
});

describe('ObservationRegistry', () => {
  it('keeps a newer observation registered under the key of an ended one', () => {
    const registry = new ObservationRegistry();
    const older = observation('a/1', 'd1', 'attributes').observation;
    const newer = observation('a/1', 'd1', 'attributes').observation;
    registry.add(older);
    registry.add(newer);
    registry.remove(older);
    expect(registry.get('a/1')).toBe(newer);
    expect(registry.size).toBe(1);
  });

  it('moves the clock of every observation of a device and records activity once', () => {
    const registry = new ObservationRegistry();
    const first = observation('a/1', 'd1', 'attributes').observation;
    const second = observation('a/2', 'd1', 'rpc').observation;
    const other = observation('b/1', 'd2', 'rpc').observation;
    const sessions = [handle(), handle(), handle()];
    [first, second, other].forEach((item, index) => {
      item.attach(sessions[index] ?? handle());
      item.lastActivity = 0;
      registry.add(item);
    });
    registry.touch('d1');
    expect(sessions[0]?.activity).toHaveBeenCalledTimes(1);
    expect(sessions[1]?.activity).not.toHaveBeenCalled();
    expect(registry.idleSince(1)).toEqual([other]);
  });
});
