import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { badRequest } from '../../http/api-error.js';
import type { DeviceClaimsService } from './service.js';

const CU = { access: ['CUSTOMER_USER'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

/**
 * The path segment holds the device NAME, but is called `deviceId`: the router keeps one parameter
 * node per position, shared with `DELETE /api/customer/device/:deviceId` (unassign), and two names
 * for it would make the route tree ambiguous.
 */
type ByName = { Params: { deviceId: string } };
const NameParams = Type.Object({ deviceId: Type.String({ minLength: 1 }) });

/**
 * The secret of a claim request: the body is optional (the reference's `ClaimRequest`, whose
 * absent or null `secretKey` is the empty secret).
 */
function secretKeyOf(body: unknown): string {
  if (body === undefined || body === null || body === '') return '';
  if (typeof body !== 'object' || Array.isArray(body)) throw badRequest('Invalid claim request');
  const secretKey = (body as { secretKey?: unknown }).secretKey;
  if (secretKey === undefined || secretKey === null) return '';
  if (typeof secretKey !== 'string') throw badRequest("'secretKey' must be a string");
  return secretKey;
}

/** Device claiming by users (reference DeviceController claimDevice / reClaimDevice). */
export function registerDeviceClaimRoutes(app: FastifyInstance, claims: DeviceClaimsService): void {
  app.post<ByName>(
    '/api/customer/device/:deviceId/claim',
    { config: CU, schema: { params: NameParams } },
    async (req, reply) => {
      const outcome = await claims.claim(principalOf(req), req.params.deviceId, secretKeyOf(req.body));
      // SUCCESS carries the device; FAILURE and CLAIMED are a bare JSON string with 400.
      if (outcome.response === 'SUCCESS') {
        return reply.code(200).send({ device: outcome.device, response: outcome.response });
      }
      return reply.code(400).type('application/json').send(JSON.stringify(outcome.response));
    },
  );
  app.delete<ByName>(
    '/api/customer/device/:deviceId/claim',
    { config: TA_CU, schema: { params: NameParams } },
    async (req, reply) => {
      await claims.reclaim(principalOf(req), req.params.deviceId);
      return reply.code(200).send();
    },
  );
}
