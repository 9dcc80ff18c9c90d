import { render, screen, within } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { WithConsoleMessages } from '../../test/i18n-console';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { TimeChartLayout } from './TimeChartLayout';
import { chartSeries } from './time-chart';

const legendConfig = {
  direction: 'column' as const,
  position: 'bottom' as const,
  sortDataKeys: false,
  showMin: true,
  showMax: false,
  showAvg: true,
  showTotal: false,
};

const texts = (elements: HTMLElement[]) => elements.map((element) => element.textContent);

/** Renders the layout of a chart's props and returns its legend table. */
function renderLegendTable(props: ReturnType<typeof widgetProps>): HTMLElement {
  render(
    <WithConsoleMessages>
      <TimeChartLayout config={props.config} source={chartSeries(props)} chart={createRef()} />
    </WithConsoleMessages>,
  );
  return screen.getByRole('table');
}

describe('TimeChartLayout', () => {
  it('shows a legend table of the asked values under the chart', () => {
    const props = widgetProps(
      [dataKey('t', { label: 'Temp', units: '°C', decimals: 1 })],
      [
        entityData(
          'T1',
          ['3'],
          [
            [
              { ts: 1, value: '1' },
              { ts: 2, value: '3' },
            ],
          ],
        ),
      ],
      { legendConfig },
    );
    const table = renderLegendTable(props);
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual(['', 'Min', 'Avg']);
    expect(texts(within(table).getAllByRole('cell'))).toEqual(['Temp', '1.0 °C', '2.0 °C']);
  });

  it('with direction row, puts the series in columns, sorted by name when asked', () => {
    const props = widgetProps(
      [dataKey('t', { label: 'Temp', decimals: 0 }), dataKey('h', { label: 'Humidity', decimals: 0 })],
      [entityData('T1', ['3', '40'], [[{ ts: 1, value: '3' }], [{ ts: 1, value: '40' }]])],
      { legendConfig: { ...legendConfig, direction: 'row', sortDataKeys: true, position: 'top' } },
    );
    const table = renderLegendTable(props);
    expect(texts(within(table).getAllByRole('columnheader'))).toEqual(['', 'Humidity', 'Temp']);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => texts(within(row).getAllByRole('cell'))),
    ).toEqual([
      ['Min', '40', '3'],
      ['Avg', '40', '3'],
    ]);
  });

  it('shows no table when no value is asked for or the legend is off', () => {
    const props = widgetProps([dataKey('t')], [entityData('T1', ['3'])], {
      legendConfig: { ...legendConfig, showMin: false, showAvg: false },
    });
    const { rerender } = render(
      <TimeChartLayout config={props.config} source={chartSeries(props)} chart={createRef()} />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    rerender(
      <TimeChartLayout
        config={{ ...props.config, showLegend: false, legendConfig }}
        source={chartSeries(props)}
        chart={createRef()}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
  });
});
