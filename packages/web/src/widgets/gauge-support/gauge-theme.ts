import type { Theme } from '@mui/material/styles';

/** The console theme colours a gauge draws with, so it reads in the light and the dark scheme. */
export interface GaugeTheme {
  /** Values and titles. */
  text: string;
  /** Tick labels, min/max labels, units. */
  secondaryText: string;
  /** The empty part of a scale. */
  track: string;
  /** Needles and value bars without a colour of their own. */
  primary: string;
  fontFamily: string;
}

/** The gauge colours of the current MUI theme (plain colour strings: ECharts draws on a canvas). */
export function gaugeThemeOf(theme: Theme): GaugeTheme {
  return {
    text: theme.palette.text.primary,
    secondaryText: theme.palette.text.secondary,
    track: theme.palette.mode === 'dark' ? 'rgba(255, 255, 255, 0.16)' : 'rgba(0, 0, 0, 0.1)',
    primary: theme.palette.primary.main,
    fontFamily: String(theme.typography.fontFamily ?? 'sans-serif'),
  };
}
