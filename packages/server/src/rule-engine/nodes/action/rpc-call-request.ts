import { JsonObjectNode, type LosslessJson, stringifyLossless } from '../../../telemetry/json-lossless.js';
import { configInteger } from '../../config.js';
import { integer, nodeConfigSchema } from '../../config-schema.js';
import { copyAsNew, msgJson } from '../../message.js';
import { CONSUMED, defineNode } from '../../node.js';

/**
 * The params to send: a JSON string is the params' JSON text (REST calls enter the engine so),
 * read as JSON when it is; anything else is sent as it is.
 */
function paramsValue(params: LosslessJson): unknown {
  if (typeof params === 'string') {
    try {
      return JSON.parse(params) as unknown;
    } catch {
      return params;
    }
  }
  return JSON.parse(stringifyLossless(params)) as unknown;
}

const ERRORS = { timeout: 'TIMEOUT', noConnection: 'NO_ACTIVE_CONNECTION' } as const;

/**
 * Sends the message's `{"method", "params"}` as an RPC to the originator device (TbSendRPCRequestNode).
 * The message is done here; the device's answer comes out later as a new message by Success (its
 * reply as data), or by Failure with `{"error": "TIMEOUT" | "NO_ACTIVE_CONNECTION"}`. A persistent
 * RPC (metadata `persistent: true`, its stored id as `requestUUID`) is handed to the persistent
 * RPCs, which deliver it whenever the device is there; what becomes of it then enters the chains as
 * its lifecycle messages (RPC_SENT, RPC_DELIVERED, RPC_SUCCESSFUL...).
 */
export const rpcCallRequestNode = defineNode<{ timeoutInSeconds: number }>({
  clazz: 'org.thingsboard.rule.engine.rpc.TbSendRPCRequestNode',
  type: 'ACTION',
  name: 'rpc call request',
  description: 'Sends RPC call to device',
  details:
    'Expects messages with "method" and "params". Will forward response from device to next nodes. If the RPC call request is originated by REST API call from user, will forward the response to user immediately.',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeRpcRequestConfig',
  defaultConfiguration: { timeoutInSeconds: 60 },
  configurationSchema: nodeConfigSchema({ timeoutInSeconds: integer('Timeout in seconds', { minimum: 0 }) }),
  configure: (raw) => ({ timeoutInSeconds: configInteger(raw, 'timeoutInSeconds', 60) }),
  create: (config, ctx) => ({
    onMsg(msg) {
      if (msg.originator.entityType !== 'DEVICE')
        throw new Error('Message originator is not a device entity!');
      const data = msgJson(msg);
      const members = data instanceof JsonObjectNode ? data.members : new Map();
      const method = members.get('method');
      if (method === undefined) throw new Error('Method is not present in the message!');
      const params = members.get('params');
      if (params === undefined) throw new Error('Params are not present in the message!');
      const now = ctx.services.now();
      const expiration = Number(msg.metadata.expirationTime);
      const retries = Number(msg.metadata.retries);
      const submission = {
        deviceId: msg.originator.id,
        method: typeof method === 'string' ? method : stringifyLossless(method),
        params: paramsValue(params),
        oneway: msg.metadata.oneway === 'true',
        expirationTime:
          Number.isFinite(expiration) && expiration > 0 ? expiration : now + config.timeoutInSeconds * 1000,
        retries: Number.isInteger(retries) ? retries : undefined,
      };
      const rpcId = msg.metadata.requestUUID;
      if (msg.metadata.persistent === 'true' && rpcId) {
        ctx.services.persistentRpc.queuePersistent(rpcId, submission);
        return CONSUMED;
      }
      const call = ctx.services.rpc.call(submission);
      void call.then((outcome) => {
        // A call made over REST hears the answer at once, whatever the chain does next.
        if (msg.metadata.requestUUID) ctx.services.restRpc.complete(msg.metadata.requestUUID, outcome);
        if (outcome.kind === 'replied' || outcome.kind === 'delivered') {
          const reply = outcome.kind === 'replied' && outcome.payload.trim() !== '' ? outcome.payload : '{}';
          ctx.enqueueForTellNext(copyAsNew(msg, { data: reply }), 'Success');
        } else {
          const error = ERRORS[outcome.kind];
          ctx.enqueueForTellNext(
            copyAsNew(msg, { data: JSON.stringify({ error }), metadata: { ...msg.metadata, error } }),
            'Failure',
          );
        }
      });
      return CONSUMED;
    },
  }),
});
