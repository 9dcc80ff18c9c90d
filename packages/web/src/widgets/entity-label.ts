import type { AliasEntity } from '../dashboard/runtime/alias-resolution';

/**
 * The entity fields a label or a card may name with `${...}` (reference: `${entityName}`,
 * `${deviceName}`, `${entityLabel}`, `${entityType}`, `${aliasName}`), as text.
 */
export function entityFieldsOf(
  entity: AliasEntity | undefined,
  aliasName?: string | null,
): Record<string, string> {
  const fields: Record<string, string> = {};
  if (entity) {
    fields.entityName = entity.name;
    fields.deviceName = entity.name;
    fields.entityLabel = entity.label || entity.name;
    fields.entityType = entity.id.entityType;
    fields.entityId = entity.id.id;
  }
  if (aliasName) fields.aliasName = aliasName;
  return fields;
}

const FIELD_PLACEHOLDER = /\$\{(entityName|deviceName|entityLabel|entityType|entityId|aliasName)\}/g;

/** Whether a data key label names entity fields, as `${entityName} Successful` does. */
export const namesEntityFields = (label: string) => new RegExp(FIELD_PLACEHOLDER.source).test(label);

/** A label with the entity fields it names filled in; other text stays as it is. */
export function labelWithEntityFields(label: string, fields: Record<string, string>): string {
  return label.replace(FIELD_PLACEHOLDER, (match, name: string) => fields[name] ?? match);
}
