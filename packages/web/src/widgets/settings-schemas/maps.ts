import { DEFAULT_MARKER_COLOR, DEFAULT_TOOLTIP_PATTERN } from '../maps/map-settings';
import { DEFAULT_TILE_PROVIDER, TILE_PROVIDERS } from '../maps/tile-providers';
import {
  booleanProperty,
  colorItem,
  described,
  enumProperty,
  fieldset,
  imageItem,
  numberProperty,
  selectItem,
  settingsSchema,
  stringProperty,
  textareaItem,
} from './schema-parts';

/**
 * Settings forms of the reference's OpenStreetMap widgets (`TbMapWidgetV2`, the trip animation),
 * as this console's maps read them (maps/map-settings.ts `mapSettingsOf`, `tripSettingsOf`): the
 * reference's keys and titles, the renderer's defaults. Functions (label, tooltip, colour, marker
 * image), polygons, circles and clustering are not run or drawn here and are left out.
 */

const PROVIDERS = Object.keys(TILE_PROVIDERS);

const PROVIDER_PROPERTIES = {
  mapProvider: enumProperty('Map provider', PROVIDERS, DEFAULT_TILE_PROVIDER),
  useCustomProvider: booleanProperty('Use custom provider', false),
  customProviderTileUrl: stringProperty('Custom provider tile URL'),
};

const PROVIDER_FIELDSET = fieldset('Map provider', [
  selectItem(
    'mapProvider',
    PROVIDERS.map((name): [string, string] => [
      name,
      name === DEFAULT_TILE_PROVIDER ? `${name} (Default)` : name,
    ]),
  ),
  'useCustomProvider',
  'customProviderTileUrl',
]);

const POSITION_PROPERTIES = {
  latKeyName: stringProperty('Latitude key name', 'latitude'),
  lngKeyName: stringProperty('Longitude key name', 'longitude'),
  defaultZoomLevel: numberProperty('Default map zoom level (0 - 20)'),
  useDefaultCenterPosition: booleanProperty('Use default map center position', false),
  defaultCenterPosition: stringProperty('Default map center position (0,0)', '0,0'),
  fitMapBounds: booleanProperty('Fit map bounds to cover all markers', true),
  minZoomLevel: described(
    numberProperty('Minimal zoom level', 16),
    'The closest zoom a map fitted to its markers shows.',
  ),
  disableScrollZooming: booleanProperty('Disable scroll zooming', false),
};

const POSITION_ITEMS = [
  'latKeyName',
  'lngKeyName',
  'defaultZoomLevel',
  'useDefaultCenterPosition',
  'defaultCenterPosition',
  'fitMapBounds',
  'minZoomLevel',
  'disableScrollZooming',
];

// The reference's titles and pattern hold its `${key}` placeholders, not JS template slots.
// biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax
const LABEL_TITLE = "Label (pattern examples: '${entityName}', '${entityName}: (Text ${keyName} units.)' )";
// biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax
const DEFAULT_LABEL = '${entityName}';
const TOOLTIP_TITLE =
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the reference's pattern syntax
  "Tooltip (for ex. 'Text ${keyName} units.' or <link-act name='my-action'>Link text</link-act>')";

const MARKER_PROPERTIES = {
  showLabel: booleanProperty('Show label', false),
  label: stringProperty(LABEL_TITLE, DEFAULT_LABEL),
  labelColor: described(stringProperty('Label color'), 'The theme text color when empty.'),
  showTooltip: booleanProperty('Show tooltip', false),
  showTooltipAction: enumProperty('Action for displaying the tooltip', ['click', 'hover'], 'click'),
  autocloseTooltip: booleanProperty('Auto-close tooltips', false),
  tooltipPattern: stringProperty(TOOLTIP_TITLE, DEFAULT_TOOLTIP_PATTERN),
  color: stringProperty('Color', DEFAULT_MARKER_COLOR),
  markerImage: stringProperty('Custom marker image'),
  markerImageSize: numberProperty('Custom marker image size (px)', 34),
};

const LABEL_ITEMS = [
  'showLabel',
  'label',
  colorItem('labelColor'),
  'showTooltip',
  selectItem('showTooltipAction', [
    ['click', 'Show tooltip on click (Default)'],
    ['hover', 'Show tooltip on hover'],
  ]),
  'autocloseTooltip',
  textareaItem('tooltipPattern'),
];

const MARKER_ITEMS = [colorItem('color'), imageItem('markerImage'), 'markerImageSize'];

const DRAGGABLE = { draggableMarker: booleanProperty('Draggable Marker', false) };

const ROUTE_PROPERTIES = {
  strokeWeight: numberProperty('Stroke weight', 2),
  strokeOpacity: numberProperty('Stroke opacity', 1),
};

/** OpenStreetMap (`maps_v2.openstreetmap`): entities' markers at their latest position. */
export const OPENSTREETMAP_SCHEMA = settingsSchema(
  { ...PROVIDER_PROPERTIES, ...POSITION_PROPERTIES, ...MARKER_PROPERTIES, ...DRAGGABLE },
  [
    PROVIDER_FIELDSET,
    fieldset('Map', POSITION_ITEMS),
    fieldset('Label and tooltip', LABEL_ITEMS),
    fieldset('Marker', [...MARKER_ITEMS, 'draggableMarker']),
  ],
);

/**
 * Route Map (`maps_v2.route_map_openstreetmap`): each entity's route and its last position. Its
 * markers end a route's history and are not dragged, so it has no `draggableMarker`.
 */
export const ROUTE_MAP_SCHEMA = settingsSchema(
  { ...PROVIDER_PROPERTIES, ...POSITION_PROPERTIES, ...MARKER_PROPERTIES, ...ROUTE_PROPERTIES },
  [
    PROVIDER_FIELDSET,
    fieldset('Map', POSITION_ITEMS),
    fieldset('Label and tooltip', LABEL_ITEMS),
    fieldset('Marker', MARKER_ITEMS),
    fieldset('Route', ['strokeWeight', 'strokeOpacity']),
  ],
);

/** Trip Animation (`maps_v2.test`): the routes played back over the time window. */
export const TRIP_ANIMATION_SCHEMA = settingsSchema(
  {
    ...PROVIDER_PROPERTIES,
    ...POSITION_PROPERTIES,
    normalizationStep: numberProperty('Normalization data step (ms)', 1000),
    ...MARKER_PROPERTIES,
    rotationAngle: numberProperty('Set additional rotation angle for marker (deg)', 0),
    ...ROUTE_PROPERTIES,
    showPoints: booleanProperty('Show points', false),
    pointColor: stringProperty('Point color', DEFAULT_MARKER_COLOR),
    pointSize: numberProperty('Point size (px)', 10),
  },
  [
    PROVIDER_FIELDSET,
    fieldset('Map', ['normalizationStep', ...POSITION_ITEMS]),
    fieldset('Label and tooltip', LABEL_ITEMS),
    fieldset('Marker', [...MARKER_ITEMS, 'rotationAngle']),
    fieldset('Path', ['strokeWeight', 'strokeOpacity']),
    fieldset('Points', ['showPoints', colorItem('pointColor'), 'pointSize']),
  ],
);

/**
 * Markers Placement (`input_widgets.markers_placement_openstreetmap`): its markers are always
 * draggable (dropping one saves the position), so it has no `draggableMarker`.
 */
export const MARKERS_PLACEMENT_SCHEMA = settingsSchema(
  { ...PROVIDER_PROPERTIES, ...POSITION_PROPERTIES, ...MARKER_PROPERTIES },
  [
    PROVIDER_FIELDSET,
    fieldset('Map', POSITION_ITEMS),
    fieldset('Label and tooltip', LABEL_ITEMS),
    fieldset('Marker', MARKER_ITEMS),
  ],
);
