import {
  booleanProperty,
  colorItem,
  described,
  javascriptItem,
  numberProperty,
  objectProperty,
  settingsSchema,
  stringProperty,
} from './schema-parts';

/**
 * Settings form of the reference's flot pie (`charts.pie`, `TbFlot` pie settings), as the pie is
 * drawn here (pie-chart-option.ts `flotPieSettingsOf`). Tilt, animation and label fonts are not
 * drawn and are left out; the data keys' settings are the flot charts' (flot-charts.ts).
 */
export const FLOT_PIE_SCHEMA = settingsSchema(
  {
    radius: numberProperty('Radius', 1),
    innerRadius: numberProperty('Inner radius', 0),
    stroke: objectProperty('Stroke', {
      color: described(stringProperty('Color'), 'The card background when empty.'),
      width: numberProperty('Width (pixels)', 0),
    }),
    showLabels: booleanProperty('Show labels', false),
    tooltipValueFormatter: stringProperty('Tooltip value format function, f(value)'),
  },
  [
    'radius',
    'innerRadius',
    { key: 'stroke', items: [colorItem('stroke.color'), 'stroke.width'] },
    'showLabels',
    javascriptItem('tooltipValueFormatter'),
  ],
);
