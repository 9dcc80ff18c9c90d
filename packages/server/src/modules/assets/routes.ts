import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import { IdParams } from '../../http/schemas.js';
import type { RelatedQuery } from '../customer-assignable/service.js';
import {
  AssetBody,
  AssetIdsQuery,
  type AssetInput,
  AssetPageQuery,
  AssetSearchQueryBody,
  TenantAssetsQuery,
} from './schemas.js';
import type { AssetListQuery, AssetsService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };
const TA_CU = { access: ['TENANT_ADMIN', 'CUSTOMER_USER'] as const };

export function registerAssetRoutes(app: FastifyInstance, assets: AssetsService): void {
  const byId = { params: IdParams('assetId') };
  type ById = { Params: { assetId: string } };
  type ByCustomer = { Params: { customerId: string }; Querystring: AssetListQuery };
  const customerList = { params: IdParams('customerId'), querystring: AssetPageQuery };

  app.get<ById>('/api/asset/:assetId', { config: TA_CU, schema: byId }, (req) =>
    assets.get(principalOf(req), req.params.assetId),
  );
  app.get<ById>('/api/asset/info/:assetId', { config: TA_CU, schema: byId }, (req) =>
    assets.getInfo(principalOf(req), req.params.assetId),
  );
  app.post<{ Body: AssetInput }>('/api/asset', { config: TA_CU, schema: { body: AssetBody } }, (req) =>
    assets.save(principalOf(req), req.body),
  );
  app.delete<ById>('/api/asset/:assetId', { config: TA, schema: byId }, async (req, reply) => {
    await assets.delete(principalOf(req), req.params.assetId);
    return reply.code(200).send();
  });
  app.get<{ Querystring: AssetListQuery }>(
    '/api/tenant/assets',
    { config: TA, schema: { querystring: TenantAssetsQuery } },
    (req) => assets.tenantAssets(principalOf(req), req.query),
  );
  app.get<{ Querystring: AssetListQuery }>(
    '/api/tenant/assetInfos',
    { config: TA, schema: { querystring: AssetPageQuery } },
    (req) => assets.tenantAssetInfos(principalOf(req), req.query),
  );
  app.get<ByCustomer>('/api/customer/:customerId/assets', { config: TA_CU, schema: customerList }, (req) =>
    assets.customerAssets(principalOf(req), req.params.customerId, req.query, false),
  );
  app.get<ByCustomer>(
    '/api/customer/:customerId/assetInfos',
    { config: TA_CU, schema: customerList },
    (req) => assets.customerAssets(principalOf(req), req.params.customerId, req.query, true),
  );
  app.get<{ Querystring: { assetIds: string[] } }>(
    '/api/assets',
    { config: TA_CU, schema: { querystring: AssetIdsQuery } },
    (req) => assets.byIds(principalOf(req), req.query.assetIds),
  );
  app.post<{ Body: RelatedQuery & { assetTypes: string[] } }>(
    '/api/assets',
    { config: TA_CU, schema: { body: AssetSearchQueryBody } },
    (req) => assets.findByQuery(principalOf(req), req.body),
  );
}
