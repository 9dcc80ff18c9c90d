// biome-ignore-all lint/suspicious/noTemplateCurlyInString: data key labels use ${...} entity placeholders
import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { chartSeries } from './time-chart';

describe('chartSeries names', () => {
  it('fills the entity fields a key label names, for each entity', () => {
    const key = dataKey('successfulMsgs', { label: '${entityName} Successful' });
    const { data } = widgetProps([key], [entityData('Main', ['1']), entityData('HighPriority', ['2'])]);
    expect(chartSeries({ config: {}, data }).map((s) => s.name)).toEqual([
      'Main Successful',
      'HighPriority Successful',
    ]);
  });

  it('puts the entity name before plain labels only when there are several entities', () => {
    const key = dataKey('temperature', { label: 'Temperature' });
    expect(chartSeries(widgetProps([key], [entityData('T1', ['1'])])).map((s) => s.name)).toEqual([
      'Temperature',
    ]);
    const two = widgetProps([key], [entityData('T1', ['1']), entityData('T2', ['2'])]);
    expect(chartSeries(two).map((s) => s.name)).toEqual(['T1 Temperature', 'T2 Temperature']);
  });
});
