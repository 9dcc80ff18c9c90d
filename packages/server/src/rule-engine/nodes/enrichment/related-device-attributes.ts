import { ENTITY_SEARCH_DIRECTIONS, type EntitySearchDirection, isJsonObject } from '@meridian/common';
import { configBoolean, configEnum, configInteger, configString, configStringList } from '../../config.js';
import { direction, flag, group, integer, nodeConfigSchema, stringList, text } from '../../config-schema.js';
import { changeMsg } from '../../message.js';
import { defineNode, RuleNodeConfigError } from '../../node.js';
import { TenantEntities } from '../../services/tenant-entities.js';
import {
  ATTRIBUTES_FETCH_PROPERTIES,
  type AttributesFetchConfig,
  configAttributesFetch,
  DEFAULT_ATTRIBUTES_FETCH,
  metadataWithAttributes,
} from './originator-attributes-fetch.js';

/** The reference's DeviceRelationsQuery: devices of some types related to the originator. */
interface DeviceRelationsQuery {
  direction: EntitySearchDirection;
  maxLevel: number;
  relationType: string;
  deviceTypes: string[];
  fetchLastLevelOnly: boolean;
}

interface RelatedDeviceAttributesConfig extends AttributesFetchConfig {
  deviceRelationsQuery: DeviceRelationsQuery;
}

function configDeviceQuery(raw: Parameters<typeof configString>[0]): DeviceRelationsQuery {
  const value = raw.deviceRelationsQuery;
  if (value === undefined || value === null)
    throw new RuleNodeConfigError("'deviceRelationsQuery' is required");
  if (!isJsonObject(value)) throw new RuleNodeConfigError("'deviceRelationsQuery' must be an object");
  return {
    direction: configEnum(value, 'direction', ENTITY_SEARCH_DIRECTIONS, 'FROM'),
    maxLevel: configInteger(value, 'maxLevel', 1),
    relationType: configString(value, 'relationType', ''),
    deviceTypes: configStringList(value, 'deviceTypes', []),
    fetchLastLevelOnly: configBoolean(value, 'fetchLastLevelOnly', false),
  };
}

export const relatedDeviceAttributesNode = defineNode<RelatedDeviceAttributesConfig>({
  clazz: 'org.thingsboard.rule.engine.metadata.TbGetDeviceAttrNode',
  type: 'ENRICHMENT',
  name: 'related device attributes',
  description: 'Add Originators Related Device Attributes and Latest Telemetry value into Message Metadata',
  details:
    'Finds the first device of the selected types related to the originator by the relation query and ' +
    'adds its selected client, shared and server attributes (prefixed <code>cs_</code>, ' +
    '<code>shared_</code>, <code>ss_</code>) and latest telemetry to the metadata. The message goes to ' +
    '<code>Failure</code> when no such device exists.',
  relationTypes: ['Success'],
  configDirective: 'tbEnrichmentNodeDeviceAttributesConfig',
  defaultConfiguration: {
    deviceRelationsQuery: {
      direction: 'FROM',
      maxLevel: 1,
      relationType: 'Contains',
      deviceTypes: ['default'],
      fetchLastLevelOnly: false,
    },
    ...DEFAULT_ATTRIBUTES_FETCH,
  },
  configurationSchema: nodeConfigSchema({
    deviceRelationsQuery: group('Device relations query', {
      direction: direction(),
      maxLevel: integer('Max relation level', { minimum: 0 }),
      relationType: text('Relation type'),
      deviceTypes: stringList('Device types'),
      fetchLastLevelOnly: flag('Fetch last level relation only'),
    }),
    ...ATTRIBUTES_FETCH_PROPERTIES,
  }),
  configure: (raw) => ({ ...configAttributesFetch(raw), deviceRelationsQuery: configDeviceQuery(raw) }),
  create(config, ctx) {
    const entities = TenantEntities.of(ctx);
    const query = config.deviceRelationsQuery;
    const deviceTypes = new Set(query.deviceTypes);
    return {
      async onMsg(msg) {
        const related = await entities.related(msg.originator, {
          direction: query.direction,
          maxLevel: query.maxLevel,
          fetchLastLevelOnly: query.fetchLastLevelOnly,
          filters: [{ relationType: query.relationType, entityTypes: ['DEVICE'] }],
        });
        let device: (typeof related)[number] | undefined;
        for (const candidate of related) {
          const type = await entities.deviceType(candidate.id);
          if (type !== undefined && (deviceTypes.size === 0 || deviceTypes.has(type))) {
            device = candidate;
            break;
          }
        }
        if (!device) throw new Error('Failed to find related device!');
        const metadata = await metadataWithAttributes(ctx.services.telemetry, device, config, msg);
        return { msg: changeMsg(msg, { metadata }), relations: ['Success'] };
      },
    };
  },
});
