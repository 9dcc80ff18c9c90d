import type { RuleChainType } from '@meridian/common';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../auth/route-access.js';
import type { PageQuery } from '../../http/page-query.js';
import { IdParams } from '../../http/schemas.js';
import {
  ChainPageQuery,
  DefaultChainBody,
  ExportQuery,
  ImportQuery,
  MetaDataBody,
  type MetaDataInput,
  RuleChainBody,
  RuleChainDataBody,
  type RuleChainDataInput,
  type RuleChainInput,
  UpdateRelatedQuery,
} from './schemas.js';
import type { RuleChainsService } from './service.js';

const TA = { access: ['TENANT_ADMIN'] as const };

/**
 * The reference RuleChainController without its edge endpoints (Meridian has no edges);
 * `testScript` and `debugIn` are registered by their own modules.
 */
export function registerRuleChainRoutes(app: FastifyInstance, chains: RuleChainsService): void {
  const byId = { params: IdParams('ruleChainId') };
  type ById = { Params: { ruleChainId: string } };

  app.get<ById>('/api/ruleChain/:ruleChainId', { config: TA, schema: byId }, (req) =>
    chains.get(principalOf(req), req.params.ruleChainId),
  );
  app.get<ById>('/api/ruleChain/:ruleChainId/output/labels', { config: TA, schema: byId }, (req) =>
    chains.outputLabels(principalOf(req), req.params.ruleChainId),
  );
  app.get<ById>('/api/ruleChain/:ruleChainId/output/labels/usage', { config: TA, schema: byId }, (req) =>
    chains.outputLabelsUsage(principalOf(req), req.params.ruleChainId),
  );
  app.get<ById>('/api/ruleChain/:ruleChainId/metadata', { config: TA, schema: byId }, (req) =>
    chains.metadata(principalOf(req), req.params.ruleChainId),
  );
  app.post<{ Body: RuleChainInput }>(
    '/api/ruleChain',
    { config: TA, schema: { body: RuleChainBody } },
    (req) => chains.save(principalOf(req), req.body),
  );
  app.post<{ Body: { name?: string | null } }>(
    '/api/ruleChain/device/default',
    { config: TA, schema: { body: DefaultChainBody } },
    (req) => chains.createDefault(principalOf(req), req.body.name),
  );
  app.post<ById>('/api/ruleChain/:ruleChainId/root', { config: TA, schema: byId }, (req) =>
    chains.setRoot(principalOf(req), req.params.ruleChainId),
  );
  app.post<{ Body: MetaDataInput; Querystring: { updateRelated?: boolean } }>(
    '/api/ruleChain/metadata',
    { config: TA, schema: { body: MetaDataBody, querystring: UpdateRelatedQuery } },
    (req) => chains.saveMetadata(principalOf(req), req.body, req.query.updateRelated ?? true),
  );
  app.get<{ Querystring: PageQuery & { type?: RuleChainType } }>(
    '/api/ruleChains',
    { config: TA, schema: { querystring: ChainPageQuery } },
    (req) => chains.page(principalOf(req), req.query),
  );
  app.delete<ById>('/api/ruleChain/:ruleChainId', { config: TA, schema: byId }, async (req, reply) => {
    await chains.delete(principalOf(req), req.params.ruleChainId);
    return reply.code(200).send();
  });
  app.get<{ Querystring: { limit: number } }>(
    '/api/ruleChains/export',
    { config: TA, schema: { querystring: ExportQuery } },
    (req) => chains.exportChains(principalOf(req), req.query.limit),
  );
  app.post<{ Body: RuleChainDataInput; Querystring: { overwrite?: boolean } }>(
    '/api/ruleChains/import',
    { config: TA, schema: { body: RuleChainDataBody, querystring: ImportQuery } },
    (req) => chains.importChains(principalOf(req), req.body, req.query.overwrite === true),
  );
}
