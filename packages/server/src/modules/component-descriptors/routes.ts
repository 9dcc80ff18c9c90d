import { COMPONENT_TYPES, type ComponentType, RULE_CHAIN_TYPES, type RuleChainType } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/api-error.js';
import type { ComponentDescriptors } from './descriptors.js';

const SA_TA = { access: ['SYS_ADMIN', 'TENANT_ADMIN'] as const };
const ChainTypeQuery = Type.Optional(Type.String({ enum: [...RULE_CHAIN_TYPES] }));

/** `componentTypes` as Spring binds a String[]: repeated parameters and/or comma-separated values. */
function parseComponentTypes(raw: string | string[]): ComponentType[] {
  const values = (Array.isArray(raw) ? raw : [raw]).flatMap((value) => value.split(','));
  return values.map((value) => {
    const type = value.trim();
    if (!(COMPONENT_TYPES as readonly string[]).includes(type))
      throw badRequest(`Invalid component type '${type}'! Expected one of ${COMPONENT_TYPES.join(', ')}.`);
    return type as ComponentType;
  });
}

/** The reference ComponentDescriptorController: the rule node library the chain editor shows. */
export function registerComponentDescriptorRoutes(
  app: FastifyInstance,
  descriptors: ComponentDescriptors,
): void {
  app.get<{ Params: { componentDescriptorClazz: string } }>(
    '/api/component/:componentDescriptorClazz',
    {
      config: SA_TA,
      schema: { params: Type.Object({ componentDescriptorClazz: Type.String({ maxLength: 255 }) }) },
    },
    async (req) => {
      const descriptor = descriptors.byClass(req.params.componentDescriptorClazz);
      if (!descriptor) throw notFound();
      return descriptor;
    },
  );
  app.get<{ Params: { componentType: ComponentType }; Querystring: { ruleChainType?: RuleChainType } }>(
    '/api/components/:componentType',
    {
      config: SA_TA,
      schema: {
        params: Type.Object({ componentType: Type.String({ enum: [...COMPONENT_TYPES] }) }),
        querystring: Type.Object({ ruleChainType: ChainTypeQuery }),
      },
    },
    async (req) => descriptors.ofTypes([req.params.componentType], req.query.ruleChainType ?? 'CORE'),
  );
  app.get<{ Querystring: { componentTypes: string | string[]; ruleChainType?: RuleChainType } }>(
    '/api/components',
    {
      config: SA_TA,
      schema: {
        querystring: Type.Object({
          componentTypes: Type.Union([
            Type.String({ maxLength: 1000 }),
            Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 50 }),
          ]),
          ruleChainType: ChainTypeQuery,
        }),
      },
    },
    async (req) =>
      descriptors.ofTypes(parseComponentTypes(req.query.componentTypes), req.query.ruleChainType ?? 'CORE'),
  );
}
