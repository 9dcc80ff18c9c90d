import { RULE_CHAIN_TYPES, type RuleChainType } from '@meridian/common';
import { Type } from '@sinclair/typebox';
import { PageQuerySchema } from '../../http/page-query.js';
import { AnyJson, EntityIdRef, Nullable } from '../../http/schemas.js';

const Optional = Type.Optional;
const ChainType = Type.String({ enum: [...RULE_CHAIN_TYPES] });
const Index = Type.Integer({ minimum: -2147483648, maximum: 2147483647 });
/** A chain of this many nodes is far beyond what the editor can show; the cap keeps saves bounded. */
export const MAX_NODES = 1000;
export const MAX_CONNECTIONS = 10_000;

type Ref = { id: string } | null;

/**
 * `POST /api/ruleChain` (reference RuleChain JSON). Server-kept fields (`createdTime`, `tenantId`,
 * `firstRuleNodeId`) are accepted and ignored, so an exported chain can be posted back as it is.
 */
export const RuleChainBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  tenantId: Optional(Type.Unknown()),
  firstRuleNodeId: Optional(Type.Unknown()),
  name: Optional(Nullable(Type.String({ maxLength: 255 }))),
  type: Optional(Nullable(ChainType)),
  root: Optional(Nullable(Type.Boolean())),
  debugMode: Optional(Nullable(Type.Boolean())),
  configuration: Optional(AnyJson),
  additionalInfo: Optional(AnyJson),
});

export interface RuleChainInput {
  id?: Ref;
  name?: string | null;
  type?: RuleChainType | null;
  root?: boolean | null;
  debugMode?: boolean | null;
  configuration?: unknown;
  additionalInfo?: unknown;
}

const RuleNodeBody = Type.Object({
  id: Optional(Nullable(EntityIdRef)),
  createdTime: Optional(Type.Unknown()),
  ruleChainId: Optional(Type.Unknown()),
  type: Optional(Nullable(Type.String({ maxLength: 255 }))),
  name: Optional(Nullable(Type.String({ maxLength: 255 }))),
  debugMode: Optional(Nullable(Type.Boolean())),
  configuration: Optional(Nullable(Type.Record(Type.String(), Type.Unknown()))),
  additionalInfo: Optional(AnyJson),
});

export interface RuleNodeInput {
  id?: Ref;
  type?: string | null;
  name?: string | null;
  debugMode?: boolean | null;
  configuration?: Record<string, unknown> | null;
  additionalInfo?: unknown;
}

const ConnectionBody = Type.Object({
  fromIndex: Index,
  toIndex: Index,
  type: Type.String({ minLength: 1, maxLength: 255 }),
});

const ChainConnectionBody = Type.Object({
  fromIndex: Index,
  targetRuleChainId: EntityIdRef,
  additionalInfo: Optional(AnyJson),
  type: Type.String({ minLength: 1, maxLength: 255 }),
});

/** `POST /api/ruleChain/metadata` (reference RuleChainMetaData JSON). */
export const MetaDataBody = Type.Object({
  ruleChainId: Optional(Nullable(EntityIdRef)),
  firstNodeIndex: Optional(Nullable(Index)),
  nodes: Optional(Nullable(Type.Array(RuleNodeBody, { maxItems: MAX_NODES }))),
  connections: Optional(Nullable(Type.Array(ConnectionBody, { maxItems: MAX_CONNECTIONS }))),
  ruleChainConnections: Optional(Nullable(Type.Array(ChainConnectionBody, { maxItems: MAX_CONNECTIONS }))),
});

export interface MetaDataInput {
  ruleChainId?: Ref;
  firstNodeIndex?: number | null;
  nodes?: RuleNodeInput[] | null;
  connections?: { fromIndex: number; toIndex: number; type: string }[] | null;
  ruleChainConnections?:
    | { fromIndex: number; targetRuleChainId: { id: string }; additionalInfo?: unknown; type: string }[]
    | null;
}

/** `POST /api/ruleChains/import` and the answer of the export (reference RuleChainData). */
export const RuleChainDataBody = Type.Object({
  ruleChains: Optional(Nullable(Type.Array(RuleChainBody, { maxItems: MAX_NODES }))),
  metadata: Optional(Nullable(Type.Array(MetaDataBody, { maxItems: MAX_NODES }))),
});

export interface RuleChainDataInput {
  ruleChains?: RuleChainInput[] | null;
  metadata?: MetaDataInput[] | null;
}

/** `POST /api/ruleChain/device/default` (reference DefaultRuleChainCreateRequest). */
export const DefaultChainBody = Type.Object({
  name: Optional(Nullable(Type.String({ maxLength: 255 }))),
});

export const ChainPageQuery = Type.Object({
  ...PageQuerySchema.properties,
  type: Optional(ChainType),
});

export const UpdateRelatedQuery = Type.Object({ updateRelated: Optional(Type.Boolean()) });
export const ExportQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 2147483647 }) });
export const ImportQuery = Type.Object({ overwrite: Optional(Type.Boolean()) });
