import type { Theme } from '@mui/material/styles';

/** The colours a chart takes from the console theme, so it reads in light and dark mode alike. */
export interface ChartColors {
  /** Axis labels, legend and value text. */
  text: string;
  /** Axis lines and split lines. */
  line: string;
  /** Tooltip background. */
  surface: string;
}

export function chartColorsOf(theme: Theme): ChartColors {
  return {
    text: theme.palette.text.secondary,
    line: theme.palette.divider,
    surface: theme.palette.background.paper,
  };
}
