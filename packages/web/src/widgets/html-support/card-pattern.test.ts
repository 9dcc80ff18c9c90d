// biome-ignore-all lint/suspicious/noTemplateCurlyInString: card templates use ${...} placeholders, not JS templates
import { describe, expect, it } from 'vitest';
import { dataKey, entityData, widgetProps } from '../../test/widget-test-data';
import { fillPattern, patternDataOf } from './card-pattern';

const data = patternDataOf(
  widgetProps(
    [dataKey('temperature', { label: 'Temp' }), dataKey('state'), dataKey('humidity', { label: 'Hum' })],
    [entityData('Boiler 1', ['21.456', 'on', undefined])],
  ).data,
);

describe('fillPattern', () => {
  it('puts the latest value of the key with that label in, numbers with 2 decimals by default', () => {
    expect(fillPattern('<b>${Temp}</b> is ${state}', data)).toBe('<b>21.46</b> is on');
  });

  it('rounds to the decimals after the colon, and only numbers', () => {
    expect(fillPattern('${Temp:0}|${Temp:1}|${Temp:3}|${state:1}', data)).toBe('21|21.5|21.456|on');
  });

  it('finds keys by index and knows the entity fields', () => {
    expect(fillPattern('${#0:1} ${#1} ${entityName} ${entityLabel} ${entityType}', data)).toBe(
      '21.5 on Boiler 1 Boiler 1 DEVICE',
    );
  });

  it('leaves nothing for an unknown label or a key without a value yet', () => {
    expect(fillPattern('[${Hum}][${nothing}][${#7}]', data)).toBe('[][][]');
  });

  it('escapes values, so telemetry is shown as text and never read as markup', () => {
    const hostile = patternDataOf(
      widgetProps([dataKey('note')], [entityData('D', ['<img src=x onerror=alert(1)>'])]).data,
    );
    expect(fillPattern('<p>${note}</p>', hostile)).toBe('<p>&lt;img src=x onerror=alert(1)&gt;</p>');
  });

  it('takes keys of every datasource, each with its first entity', () => {
    const first = widgetProps([dataKey('a')], [entityData('E1', ['1']), entityData('E2', ['2'])]).data;
    const second = widgetProps(
      [dataKey('count', { type: 'count', label: 'devices' })],
      [entityData('', ['7'])],
    ).data;
    expect(fillPattern('${a:0} ${devices:0}', patternDataOf([...first, ...second]))).toBe('1 7');
  });
});
