/** Test ids of the dashboard viewer, shared with /e2e. */
export const dashboardSelectors = {
  viewer: 'dashboard-viewer',
  toolbar: 'dashboard-toolbar',
  title: 'dashboard-viewer-title',
  timewindow: 'dashboard-timewindow',
  layout: 'dashboard-layout',
  rightLayout: 'dashboard-right-layout',
  states: 'dashboard-states',
  stateOverlay: 'dashboard-state-overlay',
  dashboardsSelect: 'dashboard-dashboards-select',
  export: 'dashboard-export',
  fullscreen: 'dashboard-fullscreen',
  widget: (id: string) => `dashboard-widget-${id}`,
  widgetTitle: 'dashboard-widget-title',
  widgetHeaderAction: 'dashboard-widget-header-action',
  widgetFullscreen: 'dashboard-widget-fullscreen',
  widgetExport: 'dashboard-widget-export',
  /** Prefix of a widget's own time-window button: `${widgetTimewindow}-${widgetId}`. */
  widgetTimewindow: 'dashboard-widget-timewindow',
  widgetMessage: 'dashboard-widget-message',
  notFound: 'dashboard-not-found',
};
