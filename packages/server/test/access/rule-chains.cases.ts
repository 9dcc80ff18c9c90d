import type { Db } from '../../src/db/store.js';
import { deviceProfileRuleChain, insertRuleChainFromTemplate } from '../../src/install/root-rule-chain.js';
import { type Caller, type Case, type Ctx, type Statuses, TENANT_ADMIN_ONLY } from './matrix.js';

/**
 * Rows of the rule chain routes (RuleChainController without edges) and of the component
 * descriptors. They work on a chain of the Demo Tenant made once per store ("Matrix chain"), never
 * on its root chain's nodes; the administrator's delete gets a chain of its own.
 */

//                                      anon  SA   TA   CU   TA2  CU2
const ANY_TENANT_ADMIN: Statuses = [401, 403, 200, 403, 200, 403];
const ANY_TENANT_ADMIN_REFUSED: Statuses = [401, 403, 400, 403, 400, 403];
const ADMINS: Statuses = [401, 200, 200, 403, 200, 403];

const chains = new WeakMap<Db, Promise<string>>();

function matrixChain(ctx: Ctx): Promise<string> {
  let found = chains.get(ctx.db);
  if (!found) {
    found = insertRuleChainFromTemplate(ctx.db, ctx.ids.tenantId, deviceProfileRuleChain('Matrix chain'));
    chains.set(ctx.db, found);
  }
  return found;
}

async function deletable(ctx: Ctx, caller: Caller): Promise<string> {
  if (caller !== 'tenantAdmin') return matrixChain(ctx);
  return insertRuleChainFromTemplate(
    ctx.db,
    ctx.ids.tenantId,
    deviceProfileRuleChain('Matrix chain to delete'),
  );
}

async function rootChain(ctx: Ctx): Promise<string> {
  const row = await ctx.db
    .selectFrom('ruleChain')
    .select('id')
    .where('tenantId', '=', ctx.ids.tenantId)
    .where('root', '=', true)
    .executeTakeFirstOrThrow();
  return row.id;
}

const byChain = (route: string, suffix = ''): Case => ({
  method: 'GET',
  route,
  statuses: TENANT_ADMIN_ONLY,
  request: async (ctx) => ({ path: `/api/ruleChain/${await matrixChain(ctx)}${suffix}` }),
});

export const RULE_CHAINS_CASES: Case[] = [
  byChain('/api/ruleChain/:ruleChainId'),
  byChain('/api/ruleChain/:ruleChainId/metadata', '/metadata'),
  byChain('/api/ruleChain/:ruleChainId/output/labels', '/output/labels'),
  byChain('/api/ruleChain/:ruleChainId/output/labels/usage', '/output/labels/usage'),
  {
    method: 'POST',
    route: '/api/ruleChain',
    target: 'update, keeping the name',
    statuses: TENANT_ADMIN_ONLY,
    request: async (ctx) => ({
      path: '/api/ruleChain',
      json: { id: { entityType: 'RULE_CHAIN', id: await matrixChain(ctx) }, name: 'Matrix chain' },
    }),
  },
  {
    method: 'POST',
    route: '/api/ruleChain',
    // Without a name, so the lists stay as they are: allowed callers get past access to the name check.
    target: 'create without a name',
    statuses: ANY_TENANT_ADMIN_REFUSED,
    request: () => ({ path: '/api/ruleChain', json: { debugMode: false } }),
  },
  {
    method: 'POST',
    route: '/api/ruleChain/device/default',
    statuses: ANY_TENANT_ADMIN_REFUSED,
    request: () => ({ path: '/api/ruleChain/device/default', json: { name: '' } }),
  },
  {
    method: 'POST',
    route: '/api/ruleChain/:ruleChainId/root',
    // The root chain already is: the administrator's call changes nothing.
    statuses: TENANT_ADMIN_ONLY,
    request: async (ctx) => ({ path: `/api/ruleChain/${await rootChain(ctx)}/root` }),
  },
  {
    method: 'POST',
    route: '/api/ruleChain/metadata',
    statuses: TENANT_ADMIN_ONLY,
    request: async (ctx) => ({
      path: '/api/ruleChain/metadata',
      json: { ruleChainId: { entityType: 'RULE_CHAIN', id: await matrixChain(ctx) }, nodes: [] },
    }),
  },
  {
    method: 'GET',
    route: '/api/ruleChains',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/ruleChains?pageSize=50&page=0' }),
  },
  {
    method: 'DELETE',
    route: '/api/ruleChain/:ruleChainId',
    statuses: TENANT_ADMIN_ONLY,
    request: async (ctx, caller) => ({ path: `/api/ruleChain/${await deletable(ctx, caller)}` }),
  },
  {
    method: 'GET',
    route: '/api/ruleChains/export',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/ruleChains/export?limit=50' }),
  },
  {
    method: 'POST',
    route: '/api/ruleChains/import',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({ path: '/api/ruleChains/import', json: { ruleChains: [], metadata: [] } }),
  },
  {
    method: 'GET',
    route: '/api/component/:componentDescriptorClazz',
    // A class no node has: administrators get past access to the lookup.
    statuses: [401, 404, 404, 403, 404, 403],
    request: () => ({ path: '/api/component/org.example.NoSuchNode' }),
  },
  {
    method: 'GET',
    route: '/api/components/:componentType',
    statuses: ADMINS,
    request: () => ({ path: '/api/components/FILTER?ruleChainType=CORE' }),
  },
  {
    method: 'GET',
    route: '/api/components',
    statuses: ADMINS,
    request: () => ({ path: '/api/components?componentTypes=FILTER,ACTION' }),
  },
  {
    method: 'POST',
    route: '/api/ruleChain/testScript',
    statuses: ANY_TENANT_ADMIN,
    request: () => ({
      path: '/api/ruleChain/testScript',
      json: {
        script: 'return msg.temperature > 20;',
        scriptType: 'filter',
        argNames: ['msg', 'metadata', 'msgType'],
        msg: '{"temperature":25}',
        metadata: {},
        msgType: 'POST_TELEMETRY_REQUEST',
      },
    }),
  },
  {
    method: 'GET',
    route: '/api/ruleNode/:ruleNodeId/debugIn',
    // A node of the Demo Tenant's root chain: another tenant's administrator learns nothing of it.
    statuses: [401, 403, 200, 403, 404, 403],
    request: async (ctx) => {
      const node = await ctx.db
        .selectFrom('ruleNode')
        .select('id')
        .where('ruleChainId', '=', await rootChain(ctx))
        .executeTakeFirstOrThrow();
      return { path: `/api/ruleNode/${node.id}/debugIn` };
    },
  },
];
