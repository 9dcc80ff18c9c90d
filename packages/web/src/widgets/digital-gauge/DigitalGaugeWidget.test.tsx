import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { ThermometerScaleWidget } from '../linear-gauge/ThermometerScaleWidget';
import { digitalGaugeWidget } from './DigitalGaugeWidget';

const key = dataKey('temperature', { label: 'Temperature', units: '°C', decimals: 1 });

describe('digital bar gauges', () => {
  it('draw the horizontal digital bar with its value, scale ends and unit title', () => {
    const DigitalBar = digitalGaugeWidget('digital_bar');
    const { container } = render(<DigitalBar {...widgetProps([key], [entityData('T1', ['30'])])} />);
    const svg = container.querySelector('svg[data-gauge="horizontalBar"]');
    expect(svg).not.toBeNull();
    expect(svg?.textContent).toContain('30.0 °C');
    expect([...(svg?.querySelectorAll('text') ?? [])].map((t) => t.textContent)).toEqual([
      '30.0 °C',
      '-60',
      '60',
      'Temperature',
    ]);
    // Three quarters of -60..60; dashed like an LCD.
    const bar = svg?.querySelector('[data-value-bar]');
    expect(bar?.getAttribute('stroke-dasharray')).toBeTruthy();
    expect(Number(bar?.getAttribute('x2'))).toBeCloseTo(28 + (300 - 56) * 0.75);
    expect(digitalGaugeWidget('digital_bar')).toBe(DigitalBar);
  });

  it('draw the vertical bar without a value bar while the key has no value', () => {
    const VerticalBar = digitalGaugeWidget('vertical_bar_justgage');
    const { container } = render(<VerticalBar {...widgetProps([key], [entityData('T1', [undefined])])} />);
    expect(container.querySelector('svg[data-gauge="verticalBar"]')).not.toBeNull();
    expect(container.querySelector('[data-value-bar]')).toBeNull();
  });
});

describe('ThermometerScaleWidget', () => {
  it('draws the scale ticks, the unit title and the value', () => {
    const { container } = render(
      <ThermometerScaleWidget {...widgetProps([key], [entityData('T1', ['20'])])} />,
    );
    const svg = container.querySelector('svg[data-gauge="linear"]');
    expect(svg?.textContent).toContain('Temperature');
    expect(svg?.textContent).toContain('20.0 °C');
    expect(svg?.textContent).toContain('-60');
    expect(svg?.querySelector('[data-value-bar]')).not.toBeNull();
  });
});
