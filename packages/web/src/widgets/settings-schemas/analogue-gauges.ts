import { COMPASS_DIRECTIONS } from '../compass/compass-option';
import { THERMOMETER_SCALE_DEFAULTS } from '../linear-gauge/linear-gauge-model';
import { RADIAL_GAUGE_DEFAULTS } from '../radial-gauge/radial-gauge-presets';
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
 * Settings forms of the reference's canvas gauges (`TbAnalogueRadialGauge`,
 * `TbAnalogueLinearGauge`, `TbAnalogueCompass`): the settings this console's gauges draw
 * (radial-gauge-settings.ts, linear-gauge-model.ts, compass-option.ts), with the reference's keys
 * and titles and the renderers' defaults. Plate, tick, number and value box colours and fonts are
 * left out: the gauges take those from the console theme.
 */

const HIGHLIGHT = objectProperty('Highlight', {
  from: numberProperty('From'),
  to: numberProperty('To'),
  color: stringProperty('Color'),
});

const HIGHLIGHTS_ITEM = {
  key: 'highlights',
  items: ['highlights[].from', 'highlights[].to', colorItem('highlights[].color')],
};

/** The value's decimals and units: the gauge's own, used when neither the key nor the widget sets them. */
const VALUE_FORMAT = {
  valueDec: described(
    numberProperty('Number of digits after floating point'),
    'Used when neither the data key nor the widget sets decimals.',
  ),
  units: described(
    stringProperty('Special symbol to show next to value'),
    'Used when neither the data key nor the widget sets units.',
  ),
};

/** The settings the radial and linear gauges share, with their general defaults. */
function analogueProperties(highlightsWidth: number) {
  return {
    minValue: numberProperty('Minimum value', 0),
    maxValue: numberProperty('Maximum value', 100),
    majorTicksCount: numberProperty('Major ticks count', 10),
    minorTicks: numberProperty('Minor ticks count', 2),
    unitTitle: described(stringProperty('Unit title'), 'The data key label when empty.'),
    showUnitTitle: booleanProperty('Show unit title', true),
    valueBox: booleanProperty('Show value box', true),
    ...VALUE_FORMAT,
    highlights: arrayProperty('Highlights', HIGHLIGHT),
    highlightsWidth: numberProperty('Highlights width', highlightsWidth),
  };
}

const RADIAL_GAUGE = settingsSchema(
  {
    ...analogueProperties(15),
    startAngle: numberProperty('Start ticks angle', 45),
    ticksAngle: numberProperty('Ticks angle', 270),
    colorNeedle: described(stringProperty('Needle color'), 'The data key color when empty.'),
    animation: booleanProperty('Enable animation', true),
    animationDuration: numberProperty('Animation duration', 500),
  },
  [
    fieldset('Scale', ['minValue', 'maxValue', 'startAngle', 'ticksAngle', 'majorTicksCount', 'minorTicks']),
    fieldset('Title and value', ['unitTitle', 'showUnitTitle', 'valueBox', 'valueDec', 'units']),
    fieldset('Colors', [colorItem('colorNeedle'), HIGHLIGHTS_ITEM, 'highlightsWidth']),
    fieldset('Animation', ['animation', 'animationDuration']),
  ],
);

/** The radial gauge of a type (plain, temperature, speed), with the type's defaults. */
export function radialGaugeSchema(typeAlias: string): SettingsSchema {
  return withTypeDefaults(RADIAL_GAUGE, RADIAL_GAUGE_DEFAULTS[typeAlias]);
}

/** The thermometer scale (`temperature_gauge_canvas_gauges`), the one linear gauge drawn here. */
export const THERMOMETER_SCALE_SCHEMA = withTypeDefaults(
  settingsSchema(
    {
      ...analogueProperties(10),
      colorBarProgress: described(stringProperty('Progress bar color'), 'The data key color when empty.'),
      colorBarProgressEnd: described(
        stringProperty('Progress bar color - end gradient'),
        'The progress bar color when empty.',
      ),
    },
    [
      fieldset('Scale', ['minValue', 'maxValue', 'majorTicksCount', 'minorTicks']),
      fieldset('Title and value', ['unitTitle', 'showUnitTitle', 'valueBox', 'valueDec', 'units']),
      fieldset('Colors', [
        colorItem('colorBarProgress'),
        colorItem('colorBarProgressEnd'),
        HIGHLIGHTS_ITEM,
        'highlightsWidth',
      ]),
    ],
  ),
  THERMOMETER_SCALE_DEFAULTS,
);

export const COMPASS_SCHEMA = settingsSchema(
  {
    majorTicks: arrayProperty('Major ticks names', stringProperty('Tick name'), COMPASS_DIRECTIONS),
    minorTicks: numberProperty('Minor ticks count', 22),
    colorNeedle: stringProperty('Needle color', '#f08080'),
    animationTarget: enumProperty('Animation target', ['needle', 'plate'], 'needle'),
    animation: booleanProperty('Enable animation', true),
    animationDuration: numberProperty('Animation duration', 500),
  },
  [
    fieldset('Ticks', [{ key: 'majorTicks', items: ['majorTicks[]'] }, 'minorTicks']),
    colorItem('colorNeedle'),
    fieldset('Animation', [
      selectItem('animationTarget', [
        ['needle', 'Needle'],
        ['plate', 'Plate'],
      ]),
      'animation',
      'animationDuration',
    ]),
  ],
);
