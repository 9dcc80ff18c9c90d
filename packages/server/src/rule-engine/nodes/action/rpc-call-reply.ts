import { configString } from '../../config.js';
import { nodeConfigSchema, text } from '../../config-schema.js';
import { defineNode } from '../../node.js';

/** Answers a device's own RPC request with the message's data (TbSendRPCReplyNode). */
export const rpcCallReplyNode = defineNode<{ requestIdMetaDataAttribute: string }>({
  clazz: 'org.thingsboard.rule.engine.rpc.TbSendRPCReplyNode',
  type: 'ACTION',
  name: 'rpc call reply',
  description: 'Sends reply to RPC call from device',
  details: 'Expects messages with any message type. Will forward message body to the device.',
  relationTypes: ['Success'],
  configDirective: 'tbActionNodeRpcReplyConfig',
  defaultConfiguration: { requestIdMetaDataAttribute: 'requestId' },
  configurationSchema: nodeConfigSchema({
    requestIdMetaDataAttribute: text('Request Id Metadata attribute name'),
  }),
  configure: (raw) => ({
    requestIdMetaDataAttribute: configString(raw, 'requestIdMetaDataAttribute', 'requestId'),
  }),
  create: (config, ctx) => ({
    onMsg(msg) {
      const requestId = msg.metadata[config.requestIdMetaDataAttribute];
      if (msg.originator.entityType !== 'DEVICE')
        throw new Error('Message originator is not a device entity!');
      if (!requestId) throw new Error('Request id is not present in the metadata!');
      if (!msg.data) throw new Error('Request body is empty!');
      let reply: unknown;
      try {
        reply = JSON.parse(msg.data);
      } catch {
        reply = msg.data;
      }
      ctx.services.clientRpc.answer(Number(requestId), reply, msg.metadata.serviceId);
      return { msg, relations: ['Success'] };
    },
  }),
});
