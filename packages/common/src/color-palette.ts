/**
 * Material palette shades in the order the console takes them when it assigns colours to data keys
 * (spec 2 §9): all hues at shade 500 first, then A700, and so on.
 */
export const MATERIAL_COLOR_SHADES = [
  '500',
  'A700',
  '600',
  '700',
  '800',
  '900',
  '300',
  '400',
  'A200',
  'A400',
] as const;
export type MaterialColorShade = (typeof MATERIAL_COLOR_SHADES)[number];
