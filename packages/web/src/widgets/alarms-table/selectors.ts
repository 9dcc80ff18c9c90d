/** Test ids of the alarms table widget, shared with /e2e. */
export const alarmsTableSelectors = {
  acknowledge: 'alarms-table-acknowledge',
  clear: 'alarms-table-clear',
};
