import { describe, expect, it } from 'vitest';
import { builtInNodes } from '../registry.js';

/** Class, config directive and outputs of the filter, enrichment and transformation nodes (reference §6.4). */
const CATALOGUE: [string, string, string[]][] = [
  ['filter.TbCheckAlarmStatusNode', 'tbFilterNodeCheckAlarmStatusConfig', ['True', 'False']],
  ['filter.TbCheckMessageNode', 'tbFilterNodeCheckMessageConfig', ['True', 'False']],
  ['filter.TbCheckRelationNode', 'tbFilterNodeCheckRelationConfig', ['True', 'False']],
  ['geo.TbGpsGeofencingFilterNode', 'tbFilterNodeGpsGeofencingConfig', ['True', 'False']],
  ['filter.TbMsgTypeFilterNode', 'tbFilterNodeMessageTypeConfig', ['True', 'False']],
  ['filter.TbOriginatorTypeFilterNode', 'tbFilterNodeOriginatorTypeConfig', ['True', 'False']],
  [
    'filter.TbOriginatorTypeSwitchNode',
    'tbNodeEmptyConfig',
    [
      'Device',
      'Asset',
      'Alarm',
      'Entity View',
      'Tenant',
      'Customer',
      'User',
      'Dashboard',
      'Rule chain',
      'Rule node',
    ],
  ],
  ['filter.TbJsFilterNode', 'tbFilterNodeScriptConfig', ['True', 'False']],
  ['filter.TbJsSwitchNode', 'tbFilterNodeSwitchConfig', []],
  ['metadata.CalculateDeltaNode', 'tbEnrichmentNodeCalculateDeltaConfig', ['Success', 'Other']],
  ['metadata.TbGetCustomerAttributeNode', 'tbEnrichmentNodeCustomerAttributesConfig', ['Success']],
  ['metadata.TbGetCustomerDetailsNode', 'tbEnrichmentNodeEntityDetailsConfig', ['Success']],
  ['metadata.TbGetAttributesNode', 'tbEnrichmentNodeOriginatorAttributesConfig', ['Success']],
  ['metadata.TbGetOriginatorFieldsNode', 'tbEnrichmentNodeOriginatorFieldsConfig', ['Success']],
  ['metadata.TbGetTelemetryNode', 'tbEnrichmentNodeGetTelemetryFromDatabase', ['Success']],
  ['metadata.TbGetRelatedAttributeNode', 'tbEnrichmentNodeRelatedAttributesConfig', ['Success']],
  ['metadata.TbGetDeviceAttrNode', 'tbEnrichmentNodeDeviceAttributesConfig', ['Success']],
  ['metadata.TbGetTenantAttributeNode', 'tbEnrichmentNodeTenantAttributesConfig', ['Success']],
  ['metadata.TbGetTenantDetailsNode', 'tbEnrichmentNodeEntityDetailsConfig', ['Success']],
  ['transform.TbChangeOriginatorNode', 'tbTransformationNodeChangeOriginatorConfig', ['Success']],
  ['transform.TbTransformMsgNode', 'tbTransformationNodeScriptConfig', ['Success']],
  ['mail.TbMsgToEmailNode', 'tbTransformationNodeToEmailConfig', ['Success']],
];

describe('filter, enrichment and transformation node catalogue', () => {
  const registry = builtInNodes();

  it.each(CATALOGUE)('%s is registered as the reference describes it', (clazz, directive, relations) => {
    const definition = registry.get(`org.thingsboard.rule.engine.${clazz}`);
    expect(definition).toBeDefined();
    expect(definition?.configDirective).toBe(directive);
    expect(definition?.relationTypes).toEqual(relations);
    expect(definition?.name).not.toBe('');
    expect(definition?.description).not.toBe('');
    expect(definition?.details).not.toBe('');
    // A new node of this kind starts with a configuration its own reader accepts.
    expect(() => definition?.configure(definition.defaultConfiguration)).not.toThrow();
  });

  it('each category holds its nodes', () => {
    expect(registry.ofType('FILTER').length).toBeGreaterThanOrEqual(9);
    expect(registry.ofType('ENRICHMENT').length).toBeGreaterThanOrEqual(10);
    expect(registry.ofType('TRANSFORMATION').length).toBeGreaterThanOrEqual(3);
  });
});
