/** data-testid values of the Check connectivity dialog, shared with `/e2e`. */
export const connectivitySelectors = {
  /** Id of the row action (see selectors.entityTable.rowAction and detailsAction). */
  action: 'checkConnectivity',
  dialog: 'connectivity-dialog',
  close: 'connectivity-close',
  tab: (transport: string) => `connectivity-tab-${transport}`,
  command: 'connectivity-command',
  copyCommand: 'connectivity-copy-command',
  unavailable: 'connectivity-unavailable',
  status: 'connectivity-status',
  lastActivity: 'connectivity-last-activity',
  socketStatus: 'connectivity-socket-status',
  latest: 'connectivity-latest',
  latestRow: 'connectivity-latest-row',
} as const;
