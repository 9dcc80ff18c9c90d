import {
  arrayProperty,
  fieldset,
  javascriptItem,
  numberProperty,
  objectProperty,
  settingsSchema,
  stringProperty,
} from './schema-parts';

/**
 * Settings forms of the reference's flot charts (`TbFlot`) this console draws with ECharts: the
 * time-series line and bar charts and the state chart. They read the tenant's formatter functions
 * (chart-support/flot-settings.ts) and, on the state chart, its states; the flot chart's other
 * settings (stacking, grid, axis limits, comparison, per-key line styles) are not drawn, so they
 * are not offered. The legend and the data keys' colours are in the widget's other tabs.
 */

const TOOLTIP_VALUE_FORMATTER = stringProperty('Tooltip value format function, f(value)');

const FORMATTER_PROPERTIES = {
  tooltipValueFormatter: TOOLTIP_VALUE_FORMATTER,
  yaxis: objectProperty('Y axis settings', {
    ticksFormatter: stringProperty('Ticks formatter function, f(value)'),
  }),
};

const FORMATTER_ITEMS = [
  javascriptItem('tooltipValueFormatter'),
  { key: 'yaxis', items: [javascriptItem('yaxis.ticksFormatter')] },
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

/** The data key settings of every flot chart (the pie's too): the key's own tooltip formatter. */
export const FLOT_DATA_KEY_SCHEMA = settingsSchema(
  { tooltipValueFormatter: TOOLTIP_VALUE_FORMATTER },
  [javascriptItem('tooltipValueFormatter')],
  'DataKeySettings',
);
