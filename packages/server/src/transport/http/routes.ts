import { ErrorCode } from '@meridian/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, LogLevel } from 'fastify';
import { ApiError, badRequest } from '../../http/api-error.js';
import type { LosslessJson } from '../../telemetry/json-lossless.js';
import { TelemetryInputError } from '../../telemetry/values.js';
import { ClientRpcTimeoutError } from '../core/client-rpc.js';
import { type DeviceTransportCore, TransportLimitError } from '../core/index.js';
import { decodeJson } from '../core/payload-codec.js';
import { attributeReplyJson } from '../core/sessions.js';
import type { DeviceIdentity } from '../core/types.js';
import { longPoll, pollTimeout } from './long-poll.js';

/**
 * The HTTP device API (reference §4.2) under /api/v1, on the main server. Devices authenticate
 * with the access token in the path, not with a JWT, so the routes are `public` to the user
 * authentication; an unknown token is a 401 with an empty body. Bodies are read as text and parsed
 * here, keeping number literals exact (JSON.parse would round 64-bit values).
 */

type TokenParams = { token: string };
type PollQuery = { timeout?: string };
type AttributesQuery = { clientKeys?: string; sharedKeys?: string };

const device = { access: 'public' as const };

/** A csv key list; empty or absent → undefined. */
function keyList(csv: string | undefined): string[] | undefined {
  if (csv === undefined) return undefined;
  const keys = csv
    .split(',')
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
  return keys.length > 0 ? keys : undefined;
}

/** The body as JSON; bad JSON is a 400 with the parser's message. */
function jsonBody(body: unknown): LosslessJson {
  try {
    return decodeJson(typeof body === 'string' ? body : '');
  } catch (error) {
    throw inputError(error);
  }
}

function inputError(error: unknown): unknown {
  return error instanceof TelemetryInputError ? badRequest(error.message) : error;
}

export function registerDeviceHttpRoutes(app: FastifyInstance, core: DeviceTransportCore): void {
  const { api } = core;

  /** The device of the path's token, or undefined after answering 401 with an empty body. */
  const authenticated = async (
    request: FastifyRequest<{ Params: TokenParams }>,
    reply: FastifyReply,
  ): Promise<DeviceIdentity | undefined> => {
    const identity = await api.authenticate({ type: 'ACCESS_TOKEN', token: request.params.token });
    if (!identity) void reply.code(401).send();
    return identity;
  };

  const deviceRoutes = async (scope: FastifyInstance) => {
    // A device over its tenant profile's transport limits gets 429 with the reference's error JSON;
    // everything else goes on to the server's error handler.
    scope.setErrorHandler((error) => {
      throw error instanceof TransportLimitError
        ? new ApiError(ErrorCode.TOO_MANY_REQUESTS, error.message)
        : error;
    });
    // Device payloads are parsed by the core, whatever content type the device claims.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));

    /** A device upload: stored (committed) before the empty 200; bad payloads are 400. */
    const upload = (
      feature: string,
      store: (identity: DeviceIdentity, body: LosslessJson) => Promise<void>,
    ) =>
      scope.post<{ Params: TokenParams }>(
        `/api/v1/:token/${feature}`,
        { config: device },
        async (request, reply) => {
          const identity = await authenticated(request, reply);
          if (!identity) return reply;
          try {
            await store(identity, jsonBody(request.body));
          } catch (error) {
            throw inputError(error);
          }
          return reply.code(200).send();
        },
      );
    upload('telemetry', (identity, body) => api.postTelemetry(identity, body));
    upload('attributes', (identity, body) => api.postAttributes(identity, body));

    scope.get<{ Params: TokenParams; Querystring: AttributesQuery }>(
      '/api/v1/:token/attributes',
      { config: device },
      async (request, reply) => {
        const identity = await authenticated(request, reply);
        if (!identity) return reply;
        const { clientKeys, sharedKeys } = request.query;
        const result = await api.requestAttributes(identity, keyList(clientKeys), keyList(sharedKeys));
        return reply
          .code(200)
          .type('application/json')
          .send(JSON.stringify(attributeReplyJson(result)));
      },
    );

    /** A long poll: answered by the next shared-attribute update or server RPC, or 408. */
    const poll = (path: string, kind: 'attributes' | 'rpc') =>
      scope.get<{ Params: TokenParams; Querystring: PollQuery }>(
        path,
        { config: device },
        async (request, reply) => {
          const timeout = pollTimeout(request.query.timeout);
          if (timeout === 'invalid') throw badRequest("'timeout' must be a whole number of milliseconds");
          const identity = await authenticated(request, reply);
          if (!identity) return reply;
          await longPoll(api, identity, request, reply, kind, timeout);
          return reply;
        },
      );
    poll('/api/v1/:token/attributes/updates', 'attributes');
    poll('/api/v1/:token/rpc', 'rpc');

    scope.post<{ Params: TokenParams & { requestId: string } }>(
      '/api/v1/:token/rpc/:requestId',
      { config: device },
      async (request, reply) => {
        const identity = await authenticated(request, reply);
        if (!identity) return reply;
        const requestId = Number(request.params.requestId);
        if (!/^\d+$/.test(request.params.requestId) || !Number.isSafeInteger(requestId))
          throw badRequest(`Invalid RPC request id: ${request.params.requestId}`);
        const text = typeof request.body === 'string' ? request.body : '';
        jsonBody(text);
        api.rpcReply(identity, requestId, text);
        return reply.code(200).send();
      },
    );

    scope.post<{ Params: TokenParams }>('/api/v1/:token/rpc', { config: device }, async (request, reply) => {
      const identity = await authenticated(request, reply);
      if (!identity) return reply;
      let result: unknown;
      try {
        result = await api.clientRpc(identity, jsonBody(request.body));
      } catch (error) {
        if (error instanceof ClientRpcTimeoutError) return reply.code(408).send();
        throw inputError(error);
      }
      return reply
        .code(200)
        .type('application/json')
        .send(JSON.stringify(result ?? null));
    });

    scope.post<{ Params: TokenParams }>(
      '/api/v1/:token/claim',
      { config: device },
      async (request, reply) => {
        const identity = await authenticated(request, reply);
        if (!identity) return reply;
        const text = typeof request.body === 'string' ? request.body : '';
        try {
          await api.claim(identity, text.trim() === '' ? undefined : jsonBody(text));
        } catch (error) {
          throw inputError(error);
        }
        return reply.code(200).send();
      },
    );

    scope.post('/api/v1/provision', { config: device }, async (request, reply) => {
      let result: Record<string, unknown>;
      try {
        result = await api.provision(jsonBody(request.body));
      } catch (error) {
        throw inputError(error);
      }
      return reply.code(200).type('application/json').send(JSON.stringify(result));
    });
  };
  app.register(deviceRoutes, { logLevel: deviceRequestLogLevel(app) });
}

/**
 * Devices may post thousands of times a second: their requests are not logged at the server's
 * `info` (two lines each, a sixth of the server's CPU under HTTP ingest), only from `debug` on.
 * Errors are logged as for any request.
 */
function deviceRequestLogLevel(app: FastifyInstance): LogLevel {
  const level = app.log.level as LogLevel;
  return level === 'debug' || level === 'trace' ? level : 'warn';
}
