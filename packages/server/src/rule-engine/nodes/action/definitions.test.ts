import { describe, expect, it } from 'vitest';
import { RULE_CHAIN_INPUT_NODE } from '../../flow-classes.js';
import { RuleNodeConfigError } from '../../node.js';
import { builtInNodes } from '../../registry.js';
import { FLOW_NODES } from '../flow/index.js';
import { ACTION_NODES } from './index.js';

describe('action and flow node definitions', () => {
  const definitions = [...ACTION_NODES, ...FLOW_NODES];

  it('register under the reference class names', () => {
    const registry = builtInNodes();
    for (const clazz of [
      'org.thingsboard.rule.engine.action.TbCreateAlarmNode',
      'org.thingsboard.rule.engine.action.TbClearAlarmNode',
      'org.thingsboard.rule.engine.action.TbCopyAttributesToEntityViewNode',
      'org.thingsboard.rule.engine.action.TbCreateRelationNode',
      'org.thingsboard.rule.engine.action.TbDeleteRelationNode',
      'org.thingsboard.rule.engine.action.TbAssignToCustomerNode',
      'org.thingsboard.rule.engine.action.TbUnassignFromCustomerNode',
      'org.thingsboard.rule.engine.delay.TbMsgDelayNode',
      'org.thingsboard.rule.engine.debug.TbMsgGeneratorNode',
      'org.thingsboard.rule.engine.geo.TbGpsGeofencingActionNode',
      'org.thingsboard.rule.engine.action.TbLogNode',
      'org.thingsboard.rule.engine.action.TbMsgCountNode',
      'org.thingsboard.rule.engine.transaction.TbSynchronizationBeginNode',
      'org.thingsboard.rule.engine.transaction.TbSynchronizationEndNode',
      'org.thingsboard.rule.engine.flow.TbAckNode',
      'org.thingsboard.rule.engine.flow.TbCheckpointNode',
    ]) {
      expect(registry.get(clazz), clazz).toBeDefined();
    }
    expect(ACTION_NODES.every((d) => d.type === 'ACTION')).toBe(true);
    expect(FLOW_NODES.every((d) => d.type === 'FLOW')).toBe(true);
  });

  it('accept their own default configuration, except the rule chain node, which must name its chain', () => {
    for (const definition of definitions) {
      if (definition.clazz === RULE_CHAIN_INPUT_NODE) {
        expect(() => definition.configure(definition.defaultConfiguration)).toThrow(RuleNodeConfigError);
        continue;
      }
      expect(() => definition.configure(definition.defaultConfiguration), definition.clazz).not.toThrow();
    }
  });
});
