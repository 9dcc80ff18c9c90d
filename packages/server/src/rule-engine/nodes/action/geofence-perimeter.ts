/**
 * The perimeters of the gps geofencing nodes (reference AbstractGeofencingNode, GeoUtil): a circle
 * around a centre, or polygons given as `[[lat, lon], ...]` (several as a list of those).
 */

export const PERIMETER_TYPES = ['POLYGON', 'CIRCLE'] as const;
export type PerimeterType = (typeof PERIMETER_TYPES)[number];

/** Kilometres in one unit's worth of the reference's RangeUnit factors (units per kilometre). */
export const RANGE_UNITS = {
  METER: 1000.0,
  KILOMETER: 1.0,
  FOOT: 3280.84,
  MILE: 0.62137,
  NAUTICAL_MILE: 0.539957,
} as const;
export type RangeUnit = keyof typeof RANGE_UNITS;

export type Perimeter =
  | { type: 'POLYGON'; polygons: [number, number][][] }
  | { type: 'CIRCLE'; latitude: number; longitude: number; range: number; rangeUnit: RangeUnit };

export interface Coordinates {
  latitude: number;
  longitude: number;
}

const EARTH_MEAN_RADIUS_KM = 6371.0087714;

const isPoint = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length >= 2 && typeof value[0] === 'number' && typeof value[1] === 'number';

/** Reads a polygons definition; an unreadable one is an error saying so. */
export function parsePolygons(definition: string): [number, number][][] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(definition);
  } catch {
    throw new Error(`Invalid polygons definition: ${definition}`);
  }
  if (!Array.isArray(parsed) || parsed.length === 0)
    throw new Error(`Invalid polygons definition: ${definition}`);
  const rings = parsed.every(isPoint) ? [parsed] : parsed;
  for (const ring of rings) {
    if (!Array.isArray(ring) || ring.length < 3 || !ring.every(isPoint)) {
      throw new Error(`Invalid polygons definition: ${definition}`);
    }
  }
  return rings as [number, number][][];
}

/** Great-circle distance, in the given unit. */
export function distance(a: Coordinates, b: Coordinates, unit: RangeUnit): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  const km = 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  return km * RANGE_UNITS[unit];
}

function ringContains(ring: readonly [number, number][], point: Coordinates): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [latI, lonI] = ring[i] as [number, number];
    const [latJ, lonJ] = ring[j] as [number, number];
    const crosses =
      lonI > point.longitude !== lonJ > point.longitude &&
      point.latitude < ((latJ - latI) * (point.longitude - lonI)) / (lonJ - lonI) + latI;
    if (crosses) inside = !inside;
  }
  return inside;
}

/**
 * Whether the point lies inside the perimeter. With several polygons a polygon inside another is a
 * hole in it: a point is inside when an odd number of polygons contain it.
 */
export function perimeterContains(perimeter: Perimeter, point: Coordinates): boolean {
  if (perimeter.type === 'CIRCLE') {
    const centre = { latitude: perimeter.latitude, longitude: perimeter.longitude };
    return perimeter.range > distance(point, centre, perimeter.rangeUnit);
  }
  let containing = 0;
  for (const ring of perimeter.polygons) if (ringContains(ring, point)) containing++;
  return containing % 2 === 1;
}
