/**
 * Message keys naming the entity fields a key filter may test (spec 2: createdTime, name, type,
 * firstName, …, label), borrowed from the forms that edit those fields where the console has them.
 */
const ENTITY_FIELD_LABEL_KEYS: Record<string, string> = {
  createdTime: 'device-profile.alarm-rules.entity-fields.createdTime',
  name: 'device-profile.alarm-rules.entity-fields.name',
  type: 'device-profile.alarm-rules.entity-fields.type',
  label: 'device-profile.alarm-rules.entity-fields.label',
  firstName: 'dashboard-filters.entity-fields.firstName',
  lastName: 'dashboard-filters.entity-fields.lastName',
  email: 'contact.email',
  title: 'customer.title',
  country: 'contact.country',
  state: 'contact.state',
  city: 'contact.city',
  address: 'contact.address',
  address2: 'contact.address2',
  zip: 'contact.postal-code',
  phone: 'contact.phone',
};

/** The field's translated name; a field the console does not know shows as it is saved. */
export function entityFieldLabel(t: (key: string) => string, field: string): string {
  const key = ENTITY_FIELD_LABEL_KEYS[field];
  return key ? t(key) : field;
}
