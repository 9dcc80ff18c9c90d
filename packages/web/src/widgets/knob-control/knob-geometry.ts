/**
 * The knob's dial: 270° of travel from the lower left (-135°, the minimum) clockwise over the top
 * to the lower right (135°, the maximum); angles in degrees from 12 o'clock, clockwise.
 */
export const KNOB_START_DEG = -135;
export const KNOB_SWEEP_DEG = 270;

/** The reference knob's level colours, green to red over the range. */
export const KNOB_LEVEL_COLORS = ['#19ff4b', '#ffff19', '#ff3232'] as const;

export function ratioOf(value: number, min: number, max: number): number {
  if (max === min) return 0;
  return Math.min(1, Math.max(0, (value - min) / (max - min)));
}

export function angleOfRatio(ratio: number): number {
  return KNOB_START_DEG + ratio * KNOB_SWEEP_DEG;
}

/**
 * The value a pointer at (dx, dy) from the dial's centre points at, rounded to `decimals`; a
 * pointer in the gap under the dial goes to the nearer end.
 */
export function valueAtPoint(dx: number, dy: number, min: number, max: number, decimals: number): number {
  const angle = (Math.atan2(dx, -dy) * 180) / Math.PI;
  const end = KNOB_START_DEG + KNOB_SWEEP_DEG;
  let clamped = angle;
  if (angle < KNOB_START_DEG || angle > end) clamped = angle > 0 ? end : KNOB_START_DEG;
  const ratio = (clamped - KNOB_START_DEG) / KNOB_SWEEP_DEG;
  return Number((min + ratio * (max - min)).toFixed(decimals));
}

/** A point of a circle around (cx, cy) at `angle`. */
export function pointAt(cx: number, cy: number, radius: number, angle: number): [number, number] {
  const rad = (angle * Math.PI) / 180;
  return [cx + radius * Math.sin(rad), cy - radius * Math.cos(rad)];
}

/** SVG path of an arc from one angle clockwise to another. */
export function arcPath(cx: number, cy: number, radius: number, from: number, to: number): string {
  const [x1, y1] = pointAt(cx, cy, radius, from);
  const [x2, y2] = pointAt(cx, cy, radius, to);
  const large = to - from > 180 ? 1 : 0;
  return `M ${x1.toFixed(2)} ${y1.toFixed(2)} A ${radius} ${radius} 0 ${large} 1 ${x2.toFixed(2)} ${y2.toFixed(2)}`;
}
