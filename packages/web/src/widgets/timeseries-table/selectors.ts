/** Test ids of the time-series table, shared with /e2e (the table itself: widgetTableSelectors). */
export const timeseriesTableSelectors = {
  tabs: 'timeseries-table-tabs',
};
