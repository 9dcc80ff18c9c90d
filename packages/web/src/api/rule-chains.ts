import {
  COMPONENT_TYPES,
  type ComponentDescriptor,
  type EntityDraft,
  type PageData,
  type PageLink,
  pageLinkToQueryString,
  type RuleChain,
  type RuleChainMetaData,
  type RuleChainType,
  type ScriptTestRequest,
  type ScriptTestResult,
} from '@meridian/common';
import type { HttpClient, RequestOptions } from '../app/http/http-client';

/** Rule chain and component descriptor calls of reference §1.3 RuleChainController / ComponentDescriptorController. */

export const ruleChainKeys = {
  all: ['ruleChains'] as const,
  editor: (ruleChainId: string) => [...ruleChainKeys.all, 'editor', ruleChainId] as const,
  components: (type: RuleChainType) => ['components', type] as const,
  outputLabels: (ruleChainId: string) => [...ruleChainKeys.all, 'outputLabels', ruleChainId] as const,
};

const id = encodeURIComponent;

/** A rule chain as the console sends it: new ones have no id; the server fills the tenant. */
export type RuleChainDraft = Partial<EntityDraft<RuleChain>> & Pick<RuleChain, 'name'>;

/** The tenant's rule chains of one type (the core ones unless told). */
export function getRuleChains(
  http: HttpClient,
  pageLink: PageLink,
  options: RequestOptions = {},
  type: RuleChainType = 'CORE',
): Promise<PageData<RuleChain>> {
  return http.get(`/api/ruleChains?${pageLinkToQueryString(pageLink)}&type=${type}`, options);
}

export function getRuleChain(
  http: HttpClient,
  ruleChainId: string,
  options: RequestOptions = {},
): Promise<RuleChain> {
  return http.get(`/api/ruleChain/${id(ruleChainId)}`, options);
}

export function getRuleChainMetaData(
  http: HttpClient,
  ruleChainId: string,
  options: RequestOptions = {},
): Promise<RuleChainMetaData> {
  return http.get(`/api/ruleChain/${id(ruleChainId)}/metadata`, options);
}

/** Creates (no id) or updates (with id) a rule chain's name, debug mode and description. */
export function saveRuleChain(http: HttpClient, ruleChain: RuleChainDraft): Promise<RuleChain> {
  return http.post('/api/ruleChain', ruleChain);
}

/** Replaces the chain's nodes and connections; the answer holds the stored nodes with their ids. */
export function saveRuleChainMetaData(
  http: HttpClient,
  metadata: RuleChainMetaData,
): Promise<RuleChainMetaData> {
  return http.post('/api/ruleChain/metadata', metadata);
}

export function setRootRuleChain(http: HttpClient, ruleChainId: string): Promise<RuleChain> {
  return http.post(`/api/ruleChain/${id(ruleChainId)}/root`);
}

export function deleteRuleChain(http: HttpClient, ruleChainId: string): Promise<void> {
  return http.delete(`/api/ruleChain/${id(ruleChainId)}`);
}

/** Names of the chain's output nodes: the links a rule chain node pointing at it may have. */
export function getRuleChainOutputLabels(
  http: HttpClient,
  ruleChainId: string,
  options: RequestOptions = {},
): Promise<string[]> {
  return http.get(`/api/ruleChain/${id(ruleChainId)}/output/labels`, options);
}

/** The node classes the editor offers for a chain of this type, of every category. */
export function getRuleNodeComponents(
  http: HttpClient,
  type: RuleChainType,
  options: RequestOptions = {},
): Promise<ComponentDescriptor[]> {
  return http.get(
    `/api/components?componentTypes=${COMPONENT_TYPES.join(',')}&ruleChainType=${type}`,
    options,
  );
}

/** The rule engine queues a device profile may name (QueueController). */
export function getRuleEngineQueues(http: HttpClient, options?: RequestOptions): Promise<string[]> {
  return http.get<string[]>('/api/tenant/queues?serviceType=TB_RULE_ENGINE', options);
}

/** Runs a script once on a sample message (`POST /api/ruleChain/testScript`). */
export function testScript(http: HttpClient, request: ScriptTestRequest): Promise<ScriptTestResult> {
  return http.post<ScriptTestResult>('/api/ruleChain/testScript', request);
}

/** The newest message a node received in debug mode, as its debug event holds it; null when none. */
export async function latestDebugInput(
  http: HttpClient,
  ruleNodeId: string,
): Promise<{ data?: string; metadata?: string; msgType?: string } | null> {
  const body = await http.get<{ data?: string; metadata?: string; msgType?: string } | '' | null>(
    `/api/ruleNode/${ruleNodeId}/debugIn`,
    { ignoreErrors: true },
  );
  return body && typeof body === 'object' ? body : null;
}
