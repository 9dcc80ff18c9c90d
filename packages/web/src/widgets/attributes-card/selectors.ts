/** Test ids of the attributes card, shared with /e2e. */
export const attributesCardSelectors = {
  entity: 'attributes-card-entity',
  entityName: 'attributes-card-entity-name',
  row: 'attributes-card-row',
  label: 'attributes-card-label',
  value: 'attributes-card-value',
};
