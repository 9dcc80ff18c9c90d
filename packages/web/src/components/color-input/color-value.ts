/** The colours of the picker's palette: the reference's Material colours (500 shades), black, greys, white. */
export const PALETTE = [
  '#f44336',
  '#e91e63',
  '#9c27b0',
  '#673ab7',
  '#3f51b5',
  '#2196f3',
  '#03a9f4',
  '#00bcd4',
  '#009688',
  '#4caf50',
  '#8bc34a',
  '#cdde39',
  '#ffeb3b',
  '#ffc107',
  '#ff9800',
  '#ff5722',
  '#795548',
  '#9e9e9e',
  '#607d8b',
  '#000000',
  '#424242',
  '#757575',
  '#bdbdbd',
  '#ffffff',
] as const;

/**
 * Whether the text is a colour CSS accepts (hex, rgb(a), hsl(a), names): saved dashboards hold
 * all of these. Outside a browser (tests without CSS) only hex and rgb/hsl forms are recognised.
 */
export function isColor(text: string): boolean {
  const value = text.trim();
  if (!value) return false;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', value);
  return /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(value) || /^(rgb|hsl)a?\(.+\)$/i.test(value);
}

/** The colour as `#rrggbb` for the native colour input, when it is a 3 or 6 digit hex colour. */
export function hexForNativeInput(text: string): string | null {
  const value = text.trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(value);
  return short ? `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`.toLowerCase() : null;
}
