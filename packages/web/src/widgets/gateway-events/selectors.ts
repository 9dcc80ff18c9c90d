/** Test ids of the gateway events card, shared with /e2e. */
export const gatewayEventsSelectors = {
  root: 'gateway-events',
  title: 'gateway-events-title',
};
