import type { JsonObject } from '@meridian/common';
import { JsonObjectNode, stringifyLossless } from '../../../telemetry/json-lossless.js';
import { configBoolean, configStringList } from '../../config.js';
import { choice, flag, nodeConfigSchema, stringList } from '../../config-schema.js';
import { changeMsg, msgJson, type RuleMsg } from '../../message.js';
import { RuleNodeConfigError } from '../../node.js';
import type { ContactDetails } from '../../services/tenant-entities.js';

/**
 * Adding contact details of a tenant or customer to the message (the reference's
 * TbAbstractGetEntityDetailsNode): each selected detail goes in as `<prefix><field>`, to the
 * metadata or to the JSON payload. Empty details are left out.
 */
export const ENTITY_DETAILS = [
  'TITLE',
  'COUNTRY',
  'STATE',
  'CITY',
  'ZIP',
  'ADDRESS',
  'ADDRESS2',
  'PHONE',
  'EMAIL',
  'ADDITIONAL_INFO',
] as const;
export type EntityDetail = (typeof ENTITY_DETAILS)[number];

export interface EntityDetailsConfig {
  detailsList: EntityDetail[];
  addToMetadata: boolean;
}

export const DEFAULT_ENTITY_DETAILS = { detailsList: [], addToMetadata: false } satisfies JsonObject;

export function configEntityDetails(raw: JsonObject): EntityDetailsConfig {
  const detailsList = configStringList(raw, 'detailsList', []);
  for (const detail of detailsList) {
    if (!(ENTITY_DETAILS as readonly string[]).includes(detail)) {
      throw new RuleNodeConfigError(`'detailsList' has an unknown detail '${detail}'`);
    }
  }
  return {
    detailsList: detailsList as EntityDetail[],
    addToMetadata: configBoolean(raw, 'addToMetadata', false),
  };
}

function detailValue(details: ContactDetails, detail: EntityDetail): [string, string | null | undefined] {
  switch (detail) {
    case 'TITLE':
      return ['title', details.title];
    case 'ADDITIONAL_INFO': {
      const info = details.additionalInfo as { description?: unknown } | null | undefined;
      const description = info?.description;
      return [
        'additionalInfo',
        description === undefined || description === null ? null : String(description),
      ];
    }
    default: {
      const field =
        detail === 'ADDRESS2'
          ? 'address2'
          : (detail.toLowerCase() as Exclude<keyof ContactDetails, 'additionalInfo'>);
      return [field, details[field]];
    }
  }
}

/** The message with the details added; a payload that is not a JSON object cannot take them. */
export function msgWithDetails(
  msg: RuleMsg,
  details: ContactDetails,
  config: EntityDetailsConfig,
  prefix: string,
): RuleMsg {
  const added: [string, string][] = [];
  for (const detail of config.detailsList) {
    const [field, value] = detailValue(details, detail);
    if (value !== null && value !== undefined) added.push([prefix + field, value]);
  }
  if (config.detailsList.length === 0) return msg;
  if (config.addToMetadata)
    return changeMsg(msg, { metadata: { ...msg.metadata, ...Object.fromEntries(added) } });
  let data: ReturnType<typeof msgJson>;
  try {
    data = msgJson(msg);
  } catch {
    throw new Error('Message data is not a JSON object: the details cannot be added to it');
  }
  if (!(data instanceof JsonObjectNode)) {
    throw new Error('Message data is not a JSON object: the details cannot be added to it');
  }
  const members = new Map(data.members);
  for (const [key, value] of added) members.set(key, value);
  return changeMsg(msg, { data: stringifyLossless(new JsonObjectNode(members)) });
}

/** The tenant and customer details nodes' configuration schema. */
export const ENTITY_DETAILS_SCHEMA = nodeConfigSchema({
  detailsList: stringList(
    'Select entity details',
    choice('Entity detail', ENTITY_DETAILS, [
      'Title',
      'Country',
      'State',
      'City',
      'Zip',
      'Address',
      'Address2',
      'Phone',
      'Email',
      'Additional Info',
    ]),
  ),
  addToMetadata: flag('Add selected details to message metadata'),
});
