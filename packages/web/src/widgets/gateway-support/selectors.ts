/** Test ids of the gateway configuration summaries, shared with /e2e. */
export const gatewaySummarySelectors = {
  summary: 'gateway-summary',
  title: 'gateway-summary-title',
  field: (name: string) => `gateway-summary-${name}`,
  connector: 'gateway-summary-connector',
  message: 'gateway-summary-message',
};
