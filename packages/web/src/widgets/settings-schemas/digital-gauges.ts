import { DIGITAL_GAUGE_DEFAULTS } from '../digital-gauge/digital-gauge-model';
import {
  arrayProperty,
  booleanProperty,
  colorItem,
  described,
  enumProperty,
  fieldset,
  numberProperty,
  objectProperty,
  type SettingsSchema,
  selectItem,
  settingsSchema,
  stringProperty,
  withTypeDefaults,
} from './schema-parts';

/**
 * Settings forms of the reference's digital gauges (`TbCanvasDigitalGauge`): the simple gauge
 * (simple-gauge-settings.ts) and the eleven digital gauge types (digital-gauge-model.ts), with the
 * reference's keys and titles and the renderers' defaults, each type's own where it has one. The
 * gauge background, fonts, ticks and timestamp are left out: this console does not draw them.
 * Fixed level colours take numbers as bounds, as the renderer reads them.
 */

const GAUGE_TYPES: [string, string][] = [
  ['arc', 'Arc'],
  ['donut', 'Donut'],
  ['horizontalBar', 'Horizontal bar'],
  ['verticalBar', 'Vertical bar'],
];

const FIXED_LEVEL_COLOR = objectProperty('levelColor', {
  from: numberProperty('From'),
  to: numberProperty('To'),
  color: stringProperty('Color'),
});

function gaugeProperties(gaugeTypes: [string, string][]) {
  return {
    minValue: numberProperty('Minimum value', 0),
    maxValue: numberProperty('Maximum value', 100),
    gaugeType: enumProperty(
      'Gauge type',
      gaugeTypes.map(([value]) => value),
      'arc',
    ),
    donutStartAngle: numberProperty('Angle to start from when in donut mode', 90),
    roundedLineCap: booleanProperty('Display rounded line cap', false),
    title: described(stringProperty('Gauge title'), 'The data key label when empty.'),
    showTitle: booleanProperty('Show gauge title', false),
    unitTitle: described(stringProperty('Unit title'), 'The data key label when empty.'),
    showUnitTitle: booleanProperty('Show unit title', false),
    showValue: booleanProperty('Show value text', true),
    showMinMax: booleanProperty('Show min and max values', true),
    gaugeWidthScale: numberProperty('Width of the gauge element', 0.75),
    defaultColor: described(stringProperty('Default color'), 'The data key color when empty.'),
    useFixedLevelColor: booleanProperty('Use precise value for the color indicator', false),
    levelColors: arrayProperty('Colors of indicator, from lower to upper', stringProperty('Color')),
    fixedLevelColors: arrayProperty('The colors for the indicator using boundary values', FIXED_LEVEL_COLOR),
    animation: booleanProperty('Enable animation', true),
    animationDuration: numberProperty('Animation duration', 500),
    decimals: described(
      numberProperty('Number of digits after floating point'),
      'Used when neither the data key nor the widget sets decimals.',
    ),
    units: described(
      stringProperty('Special symbol to show next to value'),
      'Used when neither the data key nor the widget sets units.',
    ),
  };
}

const COLOR_ITEMS = [
  colorItem('defaultColor'),
  'useFixedLevelColor',
  { key: 'levelColors', items: [colorItem('levelColors[]')] },
  {
    key: 'fixedLevelColors',
    items: ['fixedLevelColors[].from', 'fixedLevelColors[].to', colorItem('fixedLevelColors[].color')],
  },
];

const TEXT_ITEMS = [
  'title',
  'showTitle',
  'unitTitle',
  'showUnitTitle',
  'showValue',
  'showMinMax',
  'decimals',
  'units',
];

const SIMPLE_GAUGE_TYPES = GAUGE_TYPES.slice(0, 2);

/** The simple gauge (`simple_gauge_justgage`): an arc or a donut, without glow or stripes. */
export const SIMPLE_GAUGE_SCHEMA = settingsSchema(gaugeProperties(SIMPLE_GAUGE_TYPES), [
  fieldset('Gauge', [
    'minValue',
    'maxValue',
    selectItem('gaugeType', SIMPLE_GAUGE_TYPES),
    'donutStartAngle',
    'gaugeWidthScale',
    'roundedLineCap',
  ]),
  fieldset('Title and value', TEXT_ITEMS),
  fieldset('Colors', COLOR_ITEMS),
  fieldset('Animation', ['animation', 'animationDuration']),
]);

const DIGITAL_GAUGE = settingsSchema(
  {
    ...gaugeProperties(GAUGE_TYPES),
    neonGlowBrightness: numberProperty('Neon glow effect brightness, (0-100), 0 - disable effect', 0),
    dashThickness: described(
      numberProperty('Thickness of the stripes, 0 - no stripes', 0),
      'Drawn on the bar gauge types.',
    ),
  },
  [
    fieldset('Gauge', [
      'minValue',
      'maxValue',
      selectItem('gaugeType', GAUGE_TYPES),
      'donutStartAngle',
      'gaugeWidthScale',
      'roundedLineCap',
      'neonGlowBrightness',
      'dashThickness',
    ]),
    fieldset('Title and value', TEXT_ITEMS),
    fieldset('Colors', COLOR_ITEMS),
    fieldset('Animation', ['animation', 'animationDuration']),
  ],
);

/** A digital gauge type's form: the one renderer's settings with the type's defaults. */
export function digitalGaugeSchema(typeAlias: string): SettingsSchema {
  return withTypeDefaults(DIGITAL_GAUGE, DIGITAL_GAUGE_DEFAULTS[typeAlias]);
}
