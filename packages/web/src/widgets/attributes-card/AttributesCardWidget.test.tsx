import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { AttributesCardWidget } from './AttributesCardWidget';
import { attributesCardSelectors as s } from './selectors';

/** Each entity's title and its label/value pairs. */
const shown = () =>
  screen.getAllByTestId(s.entity).map((section) => ({
    title: within(section).getByTestId(s.entityName).textContent,
    rows: within(section)
      .getAllByTestId(s.row)
      .map((row) => [
        within(row).getByTestId(s.label).textContent,
        within(row).getByTestId(s.value).textContent,
      ]),
  }));

const temperature = dataKey('temperature', { label: 'Temperature', decimals: 1, units: '°C' });
const firmware = dataKey('firmware', { type: 'attribute', label: '' });

describe('AttributesCardWidget', () => {
  it('lists each entity with every key’s label and latest value in its units and decimals', () => {
    render(
      <AttributesCardWidget
        {...widgetProps(
          [temperature, firmware],
          [entityData('T1', ['21.456', 'v1.2']), entityData('T2', [undefined, 'v2'])],
        )}
      />,
    );
    expect(shown()).toEqual([
      {
        title: 'T1',
        rows: [
          ['Temperature', '21.5 °C'],
          ['firmware', 'v1.2'],
        ],
      },
      {
        title: 'T2',
        rows: [
          ['Temperature', ''],
          ['firmware', 'v2'],
        ],
      },
    ]);
  });

  it('falls back to the widget units and decimals, and shows live updates', () => {
    const props = (value: string) =>
      widgetProps([dataKey('voltage')], [entityData('M1', [value])], { units: 'V', decimals: 0 });
    const { rerender } = render(<AttributesCardWidget {...props('3.4')} />);
    expect(screen.getByTestId(s.value)).toHaveTextContent('3 V');
    rerender(<AttributesCardWidget {...props('7.6')} />);
    expect(screen.getByTestId(s.value)).toHaveTextContent('8 V');
  });
});
