import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';

/** PAGE + `rpcStatus` of the persistent RPC list; the status is checked by the service (400 naming it). */
export const RpcPageQuerySchema = Type.Object({
  ...PageQuerySchema.properties,
  rpcStatus: Type.Optional(Type.String({ maxLength: 32 })),
});
