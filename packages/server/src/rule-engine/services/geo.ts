/**
 * Geometry of the geofencing nodes: circles measured on the Earth's surface and polygons drawn in
 * latitude/longitude (the reference's GeoUtil over spatial4j/JTS).
 */

export const RANGE_UNITS = ['METER', 'KILOMETER', 'FOOT', 'MILE', 'NAUTICAL_MILE'] as const;
export type RangeUnit = (typeof RANGE_UNITS)[number];

/** How many of each unit make one kilometre (the reference's RangeUnit). */
const PER_KM: Record<RangeUnit, number> = {
  METER: 1000,
  KILOMETER: 1,
  FOOT: 3280.84,
  MILE: 0.62137,
  NAUTICAL_MILE: 0.539957,
};

/** spatial4j's mean Earth radius. */
const EARTH_MEAN_RADIUS_KM = 6371.0087714;

export interface Coordinates {
  latitude: number;
  longitude: number;
}

/** Great-circle (haversine) distance between two points, in `unit`. */
export function distance(a: Coordinates, b: Coordinates, unit: RangeUnit): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  const km = 2 * EARTH_MEAN_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
  return km * PER_KM[unit];
}

type Ring = [number, number][];

function isPair(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length >= 2 && value.every((item) => typeof item === 'number');
}

/**
 * Parses a polygons definition: one polygon `[[lat,lon],…]` or several `[[[lat,lon],…],…]`.
 * Throws naming what is wrong.
 */
export function parsePolygons(definition: string): Ring[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(definition);
  } catch {
    throw new Error('Polygon definition is not valid JSON');
  }
  if (!Array.isArray(parsed) || parsed.length === 0)
    throw new Error('Polygon definition must be a non-empty array');
  const rings: unknown[] = isPair(parsed[0]) ? [parsed] : parsed;
  return rings.map((ring) => {
    if (!Array.isArray(ring) || ring.length < 3 || !ring.every(isPair)) {
      throw new Error('Polygon definition must list at least three [latitude, longitude] points per polygon');
    }
    return ring.map(([lat, lon]) => [lat, lon] as [number, number]);
  });
}

/** Ray casting: is the point strictly inside the ring (points on an edge may go either way)? */
function ringContains(ring: Ring, x: number, y: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i] as [number, number];
    const [xj, yj] = ring[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Is the point inside the polygons? A polygon lying wholly inside another is a hole of it, as the
 * reference treats nested polygons; the others are united.
 */
export function polygonsContain(rings: readonly Ring[], point: Coordinates): boolean {
  const isHole = rings.map((ring, index) =>
    rings.some(
      (other, otherIndex) => otherIndex !== index && ring.every(([x, y]) => ringContains(other, x, y)),
    ),
  );
  const x = point.latitude;
  const y = point.longitude;
  const inArea = rings.some((ring, index) => !isHole[index] && ringContains(ring, x, y));
  const inHole = rings.some((ring, index) => isHole[index] && ringContains(ring, x, y));
  return inArea && !inHole;
}
