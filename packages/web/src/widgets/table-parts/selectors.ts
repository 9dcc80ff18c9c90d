/** Test ids of the table widgets (entities and time-series tables), shared with /e2e. */
export const widgetTableSelectors = {
  table: 'widget-table',
  header: (column: string) => `widget-table-header-${column}`,
  row: 'widget-table-row',
  actionButton: 'widget-table-action-button',
  empty: 'widget-table-empty',
  searchOpen: 'widget-table-search-open',
  searchInput: 'widget-table-search-input',
  searchClose: 'widget-table-search-close',
  pagination: 'widget-table-pagination',
};
