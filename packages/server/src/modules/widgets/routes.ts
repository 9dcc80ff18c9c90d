import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import type { PageQuery } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import {
  BundleListQuery,
  type BundleTypesInput,
  BundleTypesQuery,
  WidgetsBundleBody,
  type WidgetsBundleInput,
  WidgetTypeBody,
  type WidgetTypeByAliasInput,
  WidgetTypeByAliasQuery,
  type WidgetTypeInput,
} from './schemas.js';
import type { WidgetsBundlesService } from './service.js';
import type { WidgetTypesService } from './types-service.js';

const SA_TA = { access: ['SYS_ADMIN', 'TENANT_ADMIN'] as const };
const ALL = { access: ['SYS_ADMIN', 'TENANT_ADMIN', 'CUSTOMER_USER'] as const };

export interface WidgetsModule {
  bundles: WidgetsBundlesService;
  types: WidgetTypesService;
}

/** The reference's WidgetsBundleController and WidgetTypeController. */
export function registerWidgetRoutes(app: FastifyInstance, module: WidgetsModule): void {
  const { bundles, types } = module;
  type BundleById = { Params: { widgetsBundleId: string } };
  type TypeById = { Params: { widgetTypeId: string } };
  const bundleById = { params: IdParams('widgetsBundleId') };
  const typeById = { params: IdParams('widgetTypeId') };

  app.get<BundleById>('/api/widgetsBundle/:widgetsBundleId', { config: ALL, schema: bundleById }, (req) =>
    bundles.get(principalOf(req), req.params.widgetsBundleId),
  );
  app.post<{ Body: WidgetsBundleInput }>(
    '/api/widgetsBundle',
    { config: SA_TA, schema: { body: WidgetsBundleBody } },
    (req) => bundles.save(principalOf(req), req.body),
  );
  app.delete<BundleById>(
    '/api/widgetsBundle/:widgetsBundleId',
    { config: SA_TA, schema: bundleById },
    async (req, reply) => {
      await bundles.delete(principalOf(req), req.params.widgetsBundleId);
      return reply.code(200).send();
    },
  );
  app.get<{ Querystring: Partial<PageQuery> }>(
    '/api/widgetsBundles',
    { config: ALL, schema: { querystring: BundleListQuery } },
    (req) => bundles.list(principalOf(req), req.query),
  );

  app.get<TypeById>('/api/widgetType/:widgetTypeId', { config: SA_TA, schema: typeById }, (req) =>
    types.get(principalOf(req), req.params.widgetTypeId),
  );
  app.post<{ Body: WidgetTypeInput }>(
    '/api/widgetType',
    { config: SA_TA, schema: { body: WidgetTypeBody } },
    (req) => types.save(principalOf(req), req.body),
  );
  app.delete<TypeById>(
    '/api/widgetType/:widgetTypeId',
    { config: SA_TA, schema: typeById },
    async (req, reply) => {
      await types.delete(principalOf(req), req.params.widgetTypeId);
      return reply.code(200).send();
    },
  );
  type BundleTypes = { Querystring: BundleTypesInput };
  const bundleTypes = { querystring: BundleTypesQuery };
  app.get<BundleTypes>('/api/widgetTypes', { config: SA_TA, schema: bundleTypes }, (req) =>
    types.bundleTypes(principalOf(req), req.query),
  );
  app.get<BundleTypes>('/api/widgetTypesDetails', { config: SA_TA, schema: bundleTypes }, (req) =>
    types.bundleTypesDetails(principalOf(req), req.query),
  );
  app.get<BundleTypes>('/api/widgetTypesInfos', { config: SA_TA, schema: bundleTypes }, (req) =>
    types.bundleTypesInfos(principalOf(req), req.query),
  );
  app.get<{ Querystring: WidgetTypeByAliasInput }>(
    '/api/widgetType',
    { config: ALL, schema: { querystring: WidgetTypeByAliasQuery } },
    (req) => types.getByAlias(principalOf(req), req.query),
  );
}
