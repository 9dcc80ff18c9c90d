import type { ComponentType, JsonObject } from '@meridian/common';
import { CONSUMED, defineNode, RuleNodeConfigError } from '../src/rule-engine/node.js';
import { RuleNodeRegistry } from '../src/rule-engine/registry.js';

/**
 * A node registry for the rule chain API tests: stand-ins with the class names of the nodes the
 * default chains and the flow tests use (the real definitions are written elsewhere and replace
 * these in `builtInNodes()`). Only what a chain save looks at matters here: the class, its
 * descriptor fields and `configure`, which refuses a non-numeric TTL or timeout as the real
 * nodes do.
 */
const ENGINE = 'org.thingsboard.rule.engine';

function standIn(
  clazz: string,
  type: ComponentType,
  relationTypes: string[],
  configure: (raw: JsonObject) => JsonObject = (raw) => raw,
  extra: { customRelations?: boolean; outEnabled?: boolean; ruleChainTypes?: ('CORE' | 'EDGE')[] } = {},
) {
  const name = clazz.slice(clazz.lastIndexOf('.') + 1);
  return defineNode<JsonObject>({
    clazz,
    type,
    name,
    description: `${name} stand-in`,
    details: `The ${name} of the rule chain tests.`,
    relationTypes,
    configDirective: 'tbNodeEmptyConfig',
    defaultConfiguration: {},
    configurationSchema: { type: 'object' },
    configure,
    create: () => ({ onMsg: () => CONSUMED }),
    ...extra,
  });
}

const numberField = (field: string) => (raw: JsonObject) => {
  const value = raw[field];
  if (value !== undefined && (typeof value === 'boolean' || Number.isNaN(Number(value))))
    throw new RuleNodeConfigError(`${field} must be a number`);
  return raw;
};

export const RULE_CHAIN_INPUT = `${ENGINE}.flow.TbRuleChainInputNode`;
export const RULE_CHAIN_OUTPUT = `${ENGINE}.flow.TbRuleChainOutputNode`;
export const PUSH_TO_CLOUD = `${ENGINE}.edge.TbMsgPushToCloudNode`;

export function testRuleNodes(): RuleNodeRegistry {
  return new RuleNodeRegistry([
    standIn(`${ENGINE}.telemetry.TbMsgTimeseriesNode`, 'ACTION', ['Success'], numberField('defaultTTL')),
    standIn(`${ENGINE}.telemetry.TbMsgAttributesNode`, 'ACTION', ['Success']),
    standIn(`${ENGINE}.filter.TbMsgTypeSwitchNode`, 'FILTER', ['Post telemetry', 'Other'], undefined, {
      customRelations: false,
    }),
    standIn(`${ENGINE}.action.TbLogNode`, 'ACTION', ['Success']),
    standIn(`${ENGINE}.rpc.TbSendRPCRequestNode`, 'ACTION', ['Success'], numberField('timeoutInSeconds')),
    standIn(`${ENGINE}.profile.TbDeviceProfileNode`, 'ACTION', ['Success'], undefined, {
      customRelations: true,
    }),
    standIn(RULE_CHAIN_INPUT, 'FLOW', [], undefined, { customRelations: true }),
    standIn(RULE_CHAIN_OUTPUT, 'FLOW', [], undefined, { outEnabled: false }),
    standIn(PUSH_TO_CLOUD, 'ACTION', ['Success'], undefined, { ruleChainTypes: ['EDGE'] }),
  ]);
}
