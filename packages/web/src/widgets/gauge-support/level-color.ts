/**
 * The colour of a value on a scale coloured by `colors` spread evenly from its start to its end, as
 * the reference's digital gauges blend their `levelColors`: hex colours are blended, other colours
 * change at the middle between two stops.
 */
export function levelColor(fraction: number, colors: readonly string[]): string | undefined {
  if (colors.length <= 1) return colors[0];
  const position = Math.min(1, Math.max(0, fraction)) * (colors.length - 1);
  const index = Math.min(colors.length - 2, Math.floor(position));
  const from = colors[index] as string;
  const to = colors[index + 1] as string;
  const t = position - index;
  const a = hexRgb(from);
  const b = hexRgb(to);
  if (!a || !b) return t < 0.5 ? from : to;
  const mixed = a.map((channel, i) => Math.round(channel + ((b[i] as number) - channel) * t));
  return `#${mixed.map((channel) => channel.toString(16).padStart(2, '0')).join('')}`;
}

/** `#rgb` or `#rrggbb` as its red, green and blue channels; undefined for any other colour. */
export function hexRgb(color: string): [number, number, number] | undefined {
  const match = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return undefined;
  const hex =
    (match[1] as string).length === 3 ? [...(match[1] as string)].map((c) => c + c).join('') : match[1];
  const number = Number.parseInt(hex as string, 16);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
}
