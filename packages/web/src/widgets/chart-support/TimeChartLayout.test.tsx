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
    render(
      <WithConsoleMessages>
        <TimeChartLayout config={props.config} source={chartSeries(props)} chart={createRef()} />
      </WithConsoleMessages>,
    );
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['', 'Min', 'Avg']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Temp', '1.0 °C', '2.0 °C']);
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
