import type { ComponentDescriptor, ComponentType, JsonObject, RuleChainType } from '@meridian/common';
import { v5 as uuidv5 } from 'uuid';
import type { RuleNodeDefinition } from '../../rule-engine/node.js';
import type { RuleNodeRegistry } from '../../rule-engine/registry.js';

/** Namespace of the descriptor ids: an id is uuid v5 of the node class name, the same on every start. */
const DESCRIPTOR_NAMESPACE = 'a8e1f4c2-5b0d-4f63-9c1e-3d7b2a6e9f10';
const RULE_CHAIN_INPUT_NODE = 'org.thingsboard.rule.engine.flow.TbRuleChainInputNode';
const FAILURE = 'Failure';
const ALL_CHAIN_TYPES: readonly RuleChainType[] = ['CORE', 'EDGE'];

/** The reference's ComponentDescriptor JSON of one node definition (reference §1.3 "Misc"). */
export function describeNode(
  definition: RuleNodeDefinition<unknown>,
  createdTime: number,
): ComponentDescriptor {
  const relationTypes = definition.relationTypes.includes(FAILURE)
    ? [...definition.relationTypes]
    : [...definition.relationTypes, FAILURE];
  const nodeDefinition: JsonObject = {
    details: definition.details,
    description: definition.description,
    inEnabled: definition.inEnabled ?? true,
    outEnabled: definition.outEnabled ?? true,
    relationTypes,
    customRelations: definition.customRelations ?? false,
    ruleChainNode: definition.clazz === RULE_CHAIN_INPUT_NODE,
    defaultConfiguration: definition.defaultConfiguration,
    // Meridian's addition: the console builds the node form from it; the reference has no such key.
    configurationSchema: definition.configurationSchema as JsonObject,
    // The console ships its own configuration forms: no bundle to load.
    uiResources: [],
    configDirective: definition.configDirective,
    icon: definition.icon ?? '',
    iconUrl: '',
    docUrl: '',
  };
  return {
    id: { id: uuidv5(definition.clazz, DESCRIPTOR_NAMESPACE) },
    createdTime,
    type: definition.type,
    scope: 'TENANT',
    name: definition.name,
    clazz: definition.clazz,
    configurationDescriptor: { nodeDefinition },
    actions: null,
  };
}

/** The descriptors of every registered node, built once; lists are sorted by name. */
export class ComponentDescriptors {
  private readonly byClazz = new Map<string, ComponentDescriptor>();
  private readonly chainTypes = new Map<string, readonly RuleChainType[]>();

  constructor(registry: RuleNodeRegistry, createdTime = Date.now()) {
    for (const definition of registry.all()) {
      this.byClazz.set(definition.clazz, describeNode(definition, createdTime));
      this.chainTypes.set(definition.clazz, definition.ruleChainTypes ?? ALL_CHAIN_TYPES);
    }
  }

  byClass(clazz: string): ComponentDescriptor | undefined {
    return this.byClazz.get(clazz);
  }

  /** Descriptors of the given types usable in chains of `ruleChainType`. */
  ofTypes(types: readonly ComponentType[], ruleChainType: RuleChainType): ComponentDescriptor[] {
    const wanted = new Set(types);
    return [...this.byClazz.values()]
      .filter((d) => wanted.has(d.type) && (this.chainTypes.get(d.clazz) ?? []).includes(ruleChainType))
      .sort((a, b) => a.name.localeCompare(b.name) || a.clazz.localeCompare(b.clazz));
  }
}
