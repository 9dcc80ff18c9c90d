import { type Coordinates, distance, polygonsContain, type RangeUnit } from '../../services/geo.js';

/**
 * The perimeters of the gps geofencing action node (reference AbstractGeofencingNode): a circle
 * around a centre, or polygons given as `[[lat, lon], ...]` (several as a list of those). The
 * geometry is the filter node's (services/geo.ts).
 */
export const PERIMETER_TYPES = ['POLYGON', 'CIRCLE'] as const;
export type PerimeterType = (typeof PERIMETER_TYPES)[number];

export type Perimeter =
  | { type: 'POLYGON'; polygons: [number, number][][] }
  | { type: 'CIRCLE'; latitude: number; longitude: number; range: number; rangeUnit: RangeUnit };

export {
  type Coordinates,
  distance,
  parsePolygons,
  RANGE_UNITS,
  type RangeUnit,
} from '../../services/geo.js';

/** Whether the point lies inside the perimeter (a polygon inside another is a hole in it). */
export function perimeterContains(perimeter: Perimeter, point: Coordinates): boolean {
  if (perimeter.type === 'CIRCLE') {
    const centre = { latitude: perimeter.latitude, longitude: perimeter.longitude };
    return perimeter.range > distance(point, centre, perimeter.rangeUnit);
  }
  return polygonsContain(perimeter.polygons, point);
}
