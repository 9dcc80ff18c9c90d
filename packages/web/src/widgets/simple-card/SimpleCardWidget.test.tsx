import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { SimpleCardWidget } from './SimpleCardWidget';
import { simpleCardSelectors } from './selectors';

describe('SimpleCardWidget', () => {
  it('shows the first key with its label, decimals and units', () => {
    const key = dataKey('temperature', { label: 'Temperature', decimals: 1, units: '°C' });
    render(<SimpleCardWidget {...widgetProps([key], [entityData('T1', ['21.456'])])} />);
    expect(screen.getByText('Temperature')).toBeInTheDocument();
    expect(screen.getByTestId(simpleCardSelectors.value)).toHaveTextContent('21.5 °C');
  });

  it('falls back to the widget units and two decimals; text values stay as they are', () => {
    const { rerender } = render(
      <SimpleCardWidget {...widgetProps([dataKey('t')], [entityData('T1', ['3'])], { units: 'V' })} />,
    );
    expect(screen.getByTestId(simpleCardSelectors.value)).toHaveTextContent('3.00 V');
    rerender(<SimpleCardWidget {...widgetProps([dataKey('state')], [entityData('T1', ['on'])])} />);
    expect(screen.getByTestId(simpleCardSelectors.value)).toHaveTextContent(/^on$/);
  });
});
