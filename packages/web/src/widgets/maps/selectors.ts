/** Test ids and class names of the map widgets, shared with /e2e. */
export const mapSelectors = {
  map: 'map-widget',
  marker: 'map-marker',
  /** Class name of route polylines (SVG paths take no test id from Leaflet). */
  route: 'map-route',
  tripSlider: 'map-trip-slider',
  tripPlay: 'map-trip-play',
  tripTime: 'map-trip-time',
  unplaced: 'map-unplaced-entity',
  placementHint: 'map-placement-hint',
};
