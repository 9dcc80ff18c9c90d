import type { ComponentType } from '@meridian/common';
import type { RuleNodeDefinition } from './node.js';
import { ACTION_NODES } from './nodes/action/index.js';
import { ENRICHMENT_NODES } from './nodes/enrichment/index.js';
import { EXTERNAL_NODES } from './nodes/external/index.js';
import { FILTER_NODES } from './nodes/filter/index.js';
import { FLOW_NODES } from './nodes/flow/index.js';
import { TRANSFORMATION_NODES } from './nodes/transformation/index.js';

/** Every node implementation, by class name (`rule_node.type`). */
export class RuleNodeRegistry {
  private readonly byClazz = new Map<string, RuleNodeDefinition<unknown>>();

  constructor(definitions: readonly RuleNodeDefinition<unknown>[]) {
    for (const definition of definitions) {
      if (this.byClazz.has(definition.clazz))
        throw new Error(`rule node ${definition.clazz} registered twice`);
      this.byClazz.set(definition.clazz, definition);
    }
  }

  get(clazz: string): RuleNodeDefinition<unknown> | undefined {
    return this.byClazz.get(clazz);
  }

  all(): RuleNodeDefinition<unknown>[] {
    return [...this.byClazz.values()];
  }

  ofType(type: ComponentType): RuleNodeDefinition<unknown>[] {
    return this.all().filter((definition) => definition.type === type);
  }
}

export function builtInNodes(): RuleNodeRegistry {
  return new RuleNodeRegistry([
    ...FILTER_NODES,
    ...ENRICHMENT_NODES,
    ...TRANSFORMATION_NODES,
    ...ACTION_NODES,
    ...EXTERNAL_NODES,
    ...FLOW_NODES,
  ]);
}
