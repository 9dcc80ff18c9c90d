/**
 * Screen-width breakpoints (spec 2 §9), Material layout: xs < 600 ≤ sm < 960 ≤ md < 1280 ≤ lg < 1920 ≤ xl.
 */

export const BREAKPOINT_NAMES = ['xs', 'sm', 'md', 'lg', 'xl'] as const;
export type BreakpointName = (typeof BREAKPOINT_NAMES)[number];

/** Smallest width (px) of each breakpoint. */
export const BREAKPOINTS: Readonly<Record<BreakpointName, number>> = {
  xs: 0,
  sm: 600,
  md: 960,
  lg: 1280,
  xl: 1920,
};

/** The breakpoint a viewport width (px) falls in. */
export function breakpointForWidth(widthPx: number): BreakpointName {
  let current: BreakpointName = 'xs';
  for (const name of BREAKPOINT_NAMES) {
    if (widthPx >= BREAKPOINTS[name]) {
      current = name;
    }
  }
  return current;
}

/** Media query for "at least this breakpoint" (`gt-` breakpoints start one step earlier). */
export function minWidthMediaQuery(name: BreakpointName): string {
  return `(min-width: ${BREAKPOINTS[name]}px)`;
}
