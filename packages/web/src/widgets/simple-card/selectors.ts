/** Test ids of the simple card, shared with /e2e. */
export const simpleCardSelectors = {
  value: 'simple-card-value',
};
