import type { RuleNodeDefinition } from '../../node.js';
import { calculateDeltaNode } from './calculate-delta.js';
import { customerAttributesNode } from './customer-attributes.js';
import { customerDetailsNode } from './customer-details.js';
import { originatorAttributesNode } from './originator-attributes.js';
import { originatorFieldsNode } from './originator-fields.js';
import { originatorTelemetryNode } from './originator-telemetry.js';
import { relatedAttributesNode } from './related-attributes.js';
import { relatedDeviceAttributesNode } from './related-device-attributes.js';
import { tenantAttributesNode } from './tenant-attributes.js';
import { tenantDetailsNode } from './tenant-details.js';

/** The enrichment nodes (reference §6.4, type ENRICHMENT). */
export const ENRICHMENT_NODES: readonly RuleNodeDefinition<unknown>[] = [
  calculateDeltaNode,
  customerAttributesNode,
  customerDetailsNode,
  originatorAttributesNode,
  originatorFieldsNode,
  originatorTelemetryNode,
  relatedAttributesNode,
  relatedDeviceAttributesNode,
  tenantAttributesNode,
  tenantDetailsNode,
];
