import type { Theme } from '@mui/material/styles';

/**
 * The console theme colours a chart or gauge draws with (plain colour strings: ECharts draws on a
 * canvas), so widgets read in the light and the dark scheme alike.
 */
export interface ChartTheme {
  /** Values and titles. */
  text: string;
  /** Axis and tick labels, min/max labels, units, legends. */
  secondaryText: string;
  /** Axis lines and split lines. */
  line: string;
  /** Tooltip background. */
  surface: string;
  /** The empty part of a gauge's scale. */
  track: string;
  /** Needles and value bars without a colour of their own. */
  primary: string;
  fontFamily: string;
}

export function chartThemeOf(theme: Theme): ChartTheme {
  return {
    text: theme.palette.text.primary,
    secondaryText: theme.palette.text.secondary,
    line: theme.palette.divider,
    surface: theme.palette.background.paper,
    track: theme.palette.mode === 'dark' ? 'rgba(255, 255, 255, 0.16)' : 'rgba(0, 0, 0, 0.1)',
    primary: theme.palette.primary.main,
    fontFamily: String(theme.typography.fontFamily ?? 'sans-serif'),
  };
}

/** `color` (`#rgb`, `#rrggbb`, `rgb()` or `rgba()`) at `alpha`; undefined for other colour forms. */
export function withAlpha(color: string, alpha: number): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim())?.[1];
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
    const n = Number.parseInt(full, 16);
    return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${alpha})`;
  }
  const rgb = /^rgba?\(\s*(\d+)\s*,\s*(\d+)\s*,\s*(\d+)/i.exec(color.trim());
  return rgb ? `rgba(${rgb[1]}, ${rgb[2]}, ${rgb[3]}, ${alpha})` : undefined;
}

/**
 * The theme under a widget whose saved config gives its text colour (`color`, drawn on the saved
 * `backgroundColor`): values, titles and labels take that colour, and the empty track a faint
 * shade of it, so they read on that background whatever the console scheme.
 */
export function withConfigTextColor(theme: ChartTheme, config: Record<string, unknown>): ChartTheme {
  const color = typeof config.color === 'string' && config.color ? config.color : undefined;
  if (!color) return theme;
  return { ...theme, text: color, secondaryText: color, track: withAlpha(color, 0.16) ?? theme.track };
}
