import type { FastifyReply, FastifyRequest } from 'fastify';
import { attributeUpdateJson, SESSION_CLOSE_REASONS } from '../core/sessions.js';
import type {
  AttributeUpdate,
  DeviceApi,
  DeviceIdentity,
  DeviceSessionHandle,
  ToDeviceRpc,
} from '../core/types.js';

/** `transport.http.request_timeout` and `max_request_timeout` (reference §4.5). */
export const DEFAULT_POLL_TIMEOUT_MS = 60_000;
export const MAX_POLL_TIMEOUT_MS = 300_000;

/** The poll's timeout: 0 or absent → the default; capped at the maximum. */
export function pollTimeout(raw: string | undefined): number | 'invalid' {
  if (raw === undefined || raw === '') return DEFAULT_POLL_TIMEOUT_MS;
  if (!/^\d+$/.test(raw)) return 'invalid';
  const value = Number(raw);
  if (value === 0) return DEFAULT_POLL_TIMEOUT_MS;
  return Math.min(value, MAX_POLL_TIMEOUT_MS);
}

/**
 * One HTTP long poll as a device session: it waits for the first shared-attribute update or RPC,
 * answers with it and ends; 408 when nothing came in time, 403 "Device was deleted!" when the
 * device went away, and the session ends too when the client hangs up.
 */
export function longPoll(
  api: DeviceApi,
  device: DeviceIdentity,
  request: FastifyRequest,
  reply: FastifyReply,
  what: 'attributes' | 'rpc',
  timeoutMs: number,
): Promise<void> {
  return new Promise<void>((resolve) => {
    let done = false;
    let session: DeviceSessionHandle | undefined;
    const finish = (send: () => void) => {
      if (done) return false;
      done = true;
      clearTimeout(timer);
      request.raw.off('close', onHangUp);
      session?.end();
      send();
      resolve();
      return true;
    };
    const onHangUp = () => finish(() => {});
    const timer = setTimeout(() => finish(() => void reply.code(408).send()), timeoutMs);
    request.raw.on('close', onHangUp);
    session = api.openSession(
      device,
      {
        transport: 'HTTP',
        onAttributeUpdate: (update: AttributeUpdate) => {
          finish(
            () =>
              void reply
                .code(200)
                .type('application/json')
                .send(JSON.stringify(attributeUpdateJson(update))),
          );
        },
        onRpcRequest: (rpc: ToDeviceRpc) =>
          finish(
            () =>
              void reply
                .code(200)
                .type('application/json')
                .send(JSON.stringify({ id: rpc.requestId, method: rpc.method, params: rpc.params })),
          ),
        close: (reason: string) => {
          finish(() => {
            if (reason === SESSION_CLOSE_REASONS.deviceDeleted)
              void reply.code(403).type('text/plain').send(reason);
            else if (reason === SESSION_CLOSE_REASONS.credentialsUpdated) void reply.code(401).send();
            else void reply.code(503).send();
          });
        },
      },
      false,
    );
    // Subscribing may hand over a queued RPC at once, which ends the poll before this returns.
    if (what === 'attributes') session.subscribeAttributes(true);
    else session.subscribeRpc(true);
    if (done) session.end();
  });
}
