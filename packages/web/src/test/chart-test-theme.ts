import type { ChartTheme } from '../widgets/chart-theme';

/** The console's dark scheme as a chart draws it, for chart option tests. */
export const DARK_CHART_THEME: ChartTheme = {
  text: '#fff',
  secondaryText: 'rgba(255, 255, 255, 0.7)',
  line: 'rgba(255, 255, 255, 0.12)',
  surface: '#1e1e1e',
  track: 'rgba(255, 255, 255, 0.16)',
  primary: '#90caf9',
  fontFamily: 'Roboto',
};

/** The console's light scheme as a chart draws it. */
export const LIGHT_CHART_THEME: ChartTheme = {
  line: 'rgba(0, 0, 0, 0.12)',
  surface: '#fff',
  text: '#111',
  secondaryText: '#666',
  track: '#eee',
  primary: '#1f4e79',
  fontFamily: 'Roboto',
};
