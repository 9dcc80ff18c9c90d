import {
  arrayProperty,
  booleanProperty,
  colorItem,
  fieldset,
  javascriptItem,
  numberProperty,
  objectProperty,
  settingsSchema,
  stringProperty,
} from './schema-parts';

/**
 * Settings forms of the reference's flot charts (`TbFlot`) this console draws with ECharts: the
 * time-series line and bar charts and the state chart. They read stacking, smooth lines, the grid
 * lines, the axes' labels, titles and limits and the tenant's formatter functions
 * (chart-support/flot-settings.ts) and, on the state chart, its states; the flot chart's other
 * settings (comparison, custom legend, separate axes per key) are not drawn, so they are not
 * offered. The legend and the data keys' colours are in the widget's other tabs.
 */

const TOOLTIP_VALUE_FORMATTER = stringProperty('Tooltip value format function, f(value)');

const FORMATTER_PROPERTIES = {
  stack: booleanProperty('Stacking', false),
  smoothLines: booleanProperty('Display smooth (curved) lines', false),
  fontColor: stringProperty('Font color'),
  fontSize: numberProperty('Font size', 10),
  tooltipIndividual: booleanProperty('Hover individual points', false),
  tooltipValueFormatter: TOOLTIP_VALUE_FORMATTER,
  grid: objectProperty('Grid settings', {
    verticalLines: booleanProperty('Show vertical lines', true),
    horizontalLines: booleanProperty('Show horizontal lines', true),
  }),
  xaxis: objectProperty('X axis settings', {
    showLabels: booleanProperty('Show labels', true),
    title: stringProperty('Axis title'),
  }),
  yaxis: objectProperty('Y axis settings', {
    min: numberProperty('Minimum value on the scale'),
    max: numberProperty('Maximum value on the scale'),
    showLabels: booleanProperty('Show labels', true),
    title: stringProperty('Axis title'),
    ticksFormatter: stringProperty('Ticks formatter function, f(value)'),
  }),
};

const FORMATTER_ITEMS = [
  'stack',
  'smoothLines',
  colorItem('fontColor'),
  'fontSize',
  'tooltipIndividual',
  javascriptItem('tooltipValueFormatter'),
  fieldset('Grid settings', ['grid.verticalLines', 'grid.horizontalLines']),
  fieldset('X axis settings', ['xaxis.showLabels', 'xaxis.title']),
  fieldset('Y axis settings', [
    'yaxis.min',
    'yaxis.max',
    'yaxis.showLabels',
    'yaxis.title',
    javascriptItem('yaxis.ticksFormatter'),
  ]),
];

/** The time-series line and bar charts (`basic_timeseries`, `timeseries_bars_flot`). */
export const TIME_CHART_SCHEMA = settingsSchema(FORMATTER_PROPERTIES, FORMATTER_ITEMS);

/**
 * The state chart (`state_chart`): the formatters, and the states that name stored values (a
 * stored `sourceValue` is drawn at `value`, the axis labelled with `label`).
 */
export const STATE_CHART_SCHEMA = settingsSchema(
  {
    ...FORMATTER_PROPERTIES,
    states: arrayProperty(
      'States',
      objectProperty('State', {
        label: stringProperty('Label'),
        value: numberProperty('Value'),
        sourceValue: stringProperty('Stored value'),
      }),
    ),
  },
  [
    fieldset('States', [
      { key: 'states', items: ['states[].label', 'states[].value', 'states[].sourceValue'] },
    ]),
    ...FORMATTER_ITEMS,
  ],
);

/** The data key settings of the flot bar chart and pie: the key's own tooltip formatter. */
export const FLOT_DATA_KEY_SCHEMA = settingsSchema(
  { tooltipValueFormatter: TOOLTIP_VALUE_FORMATTER },
  [javascriptItem('tooltipValueFormatter')],
  'DataKeySettings',
);

/** The data key settings of the line and state charts: how the key's line is drawn, and its formatter. */
export const FLOT_LINE_KEY_SCHEMA = settingsSchema(
  {
    showLines: booleanProperty('Show lines', true),
    fillLines: booleanProperty('Fill lines', false),
    showPoints: booleanProperty('Show points', false),
    lineWidth: numberProperty('Line width'),
    tooltipValueFormatter: TOOLTIP_VALUE_FORMATTER,
  },
  ['showLines', 'fillLines', 'showPoints', 'lineWidth', javascriptItem('tooltipValueFormatter')],
  'DataKeySettings',
);
