import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';
import {
  createTransportPayloadTypeConfiguration,
  type TransportPayloadTypeConfiguration,
} from '@meridian/common';
import { Agent, type IncomingMessage, type ObserveReadStream, request } from 'coap';
import { type ApiClient, expectOk } from './helper.js';

/** A CoAP device for API tests: node-coap on one client socket, against the server's CoAP port. */

export interface CoapAnswer {
  code: string;
  /** The payload as UTF-8 text. */
  text: string;
  /** The payload as sent (protobuf downlinks are bytes). */
  payload: Buffer;
  contentFormat: unknown;
}

export interface CoapCall {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: string;
  payload?: string | Buffer;
}

/** A live observation from the device's side: its notifications in arrival order. */
export interface Observer {
  first: CoapAnswer;
  stream: ObserveReadStream;
  notifications: CoapAnswer[];
  /** Resolves with the next notification that has not been taken yet. */
  next(): Promise<CoapAnswer>;
}

const answerOf = (code: string, payload: Buffer, contentFormat: unknown): CoapAnswer => ({
  code,
  text: payload.toString('utf8'),
  payload,
  contentFormat,
});

export class CoapTestClient {
  /**
   * One client socket, so deregistrations come from the endpoint that registered. A socket of our
   * own also keeps the agent from closing it whenever no request is pending.
   */
  readonly socket = createSocket('udp4');
  readonly agent = new Agent({ socket: this.socket });

  /** `port` is read per request: the server binds its CoAP socket after the test file starts. */
  constructor(private readonly port: () => number) {}

  /** One confirmable request; resolves with the response code and payload. */
  request(call: CoapCall): Promise<CoapAnswer> {
    return new Promise((resolve, reject) => {
      const req = request({
        hostname: '127.0.0.1',
        port: this.port(),
        method: call.method ?? 'POST',
        pathname: call.path,
        query: call.query ?? '',
        agent: this.agent,
      });
      req.on('response', (res: IncomingMessage) =>
        resolve(answerOf(res.code, res.payload, res.headers['Content-Format'])),
      );
      req.on('error', reject);
      req.on('timeout', reject);
      req.end(call.payload);
    });
  }

  observe(path: string): Promise<Observer> {
    return new Promise((resolve, reject) => {
      const req = request({
        hostname: '127.0.0.1',
        port: this.port(),
        method: 'GET',
        pathname: path,
        observe: true,
        agent: this.agent,
      });
      req.on('response', (res: ObserveReadStream) => {
        const notifications: CoapAnswer[] = [];
        const waiters: ((answer: CoapAnswer) => void)[] = [];
        let taken = 0;
        let firstSeen = false;
        res.on('data', (chunk: Buffer) => {
          // The first 'data' is the registration response itself.
          if (!firstSeen) {
            firstSeen = true;
            return;
          }
          notifications.push(answerOf(res.code, chunk, res.headers['Content-Format']));
          const waiter = waiters.shift();
          if (waiter) waiter(notifications[taken++] as CoapAnswer);
        });
        resolve({
          first: answerOf(res.code, res.payload, res.headers['Content-Format']),
          stream: res,
          notifications,
          next: () =>
            new Promise((resolveNext, rejectNext) => {
              if (taken < notifications.length) {
                resolveNext(notifications[taken++] as CoapAnswer);
                return;
              }
              const timer = setTimeout(() => rejectNext(new Error(`no notification on ${path}`)), 5000);
              waiters.push((answer) => {
                clearTimeout(timer);
                resolveNext(answer);
              });
            }),
        });
      });
      req.on('error', reject);
      req.end();
    });
  }

  close(): void {
    this.agent.close();
    this.socket.close();
  }
}

export interface CoapTestDevice {
  id: string;
  token: string;
}

/** A device with an access token, of the tenant's default profile or of the given one. */
export async function createCoapDevice(
  api: ApiClient,
  token: string,
  deviceProfileId?: string,
): Promise<CoapTestDevice> {
  const accessToken = `coap-${randomBytes(8).toString('hex')}`;
  const body: Record<string, unknown> = {
    name: `CoAP device ${randomBytes(4).toString('hex')}`,
    type: 'default',
  };
  if (deviceProfileId) body.deviceProfileId = { entityType: 'DEVICE_PROFILE', id: deviceProfileId };
  const device = expectOk(
    await api.post<{ id: { id: string } }>(`/api/device?accessToken=${accessToken}`, body, { token }),
  );
  return { id: device.id.id, token: accessToken };
}

/**
 * A CoAP device profile (DEFAULT CoAP devices) with the given payload settings; PROTOBUF with the
 * sample schemas unless given.
 */
export async function createCoapProfile(
  api: ApiClient,
  token: string,
  payload: TransportPayloadTypeConfiguration = createTransportPayloadTypeConfiguration('PROTOBUF'),
): Promise<string> {
  const profile = expectOk(
    await api.post<{ id: { id: string } }>(
      '/api/deviceProfile',
      {
        name: `CoAP ${payload.transportPayloadType} ${randomBytes(4).toString('hex')}`,
        type: 'DEFAULT',
        transportType: 'COAP',
        profileData: {
          configuration: { type: 'DEFAULT' },
          transportConfiguration: {
            type: 'COAP',
            coapDeviceTypeConfiguration: {
              coapDeviceType: 'DEFAULT',
              transportPayloadTypeConfiguration: payload,
            },
            clientSettings: { powerMode: 'DRX' },
          },
          provisionConfiguration: { type: 'DISABLED' },
        },
      },
      { token },
    ),
  );
  return profile.id.id;
}
