import type { AlarmData } from '@meridian/common';
import { describe, expect, it } from 'vitest';
import { createSandboxHandler } from '../../dashboard/sandbox/sandbox-handler';
import { createScriptCalls } from '../../dashboard/sandbox/script-calls';
import { dataKey } from '../../test/widget-test-data';
import { alarmsTable } from '../alarms-table/alarms-table-model';
import { cellScriptsOf, rowStyleScriptOf, scriptedRow, styleOf } from './table-scripts';

const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);
const sandboxCalls = () =>
  createScriptCalls(
    async (jobs) => (await handle({ id: 1, jobs })).results,
    () => undefined,
  );

const texts = {
  dateTime: (ms: number) => `t${ms}`,
  severity: (severity: string) => severity.toLowerCase(),
  status: (status: string) => status.toLowerCase(),
  entityType: (type: string) => type.toLowerCase(),
};

const alarm = {
  id: { entityType: 'ALARM', id: 'a1' },
  createdTime: 1000,
  type: 'High temperature',
  severity: 'CRITICAL',
  status: 'ACTIVE_UNACK',
  originator: { entityType: 'DEVICE', id: 'd1' },
  originatorName: 'Boiler',
} as unknown as AlarmData;

describe('table functions', () => {
  it('reads the functions only when their flags turn them on', () => {
    expect(
      cellScriptsOf({ useCellContentFunction: false, cellContentFunction: 'return 1;' }),
    ).toBeUndefined();
    expect(cellScriptsOf({ useCellContentFunction: true, cellContentFunction: '  ' })).toBeUndefined();
    expect(
      cellScriptsOf({
        useCellContentFunction: true,
        cellContentFunction: 'return 1;',
        useCellStyleFunction: true,
        cellStyleFunction: 'return {};',
      }),
    ).toEqual({ content: 'return 1;', style: 'return {};' });
    expect(rowStyleScriptOf({ useRowStyleFunction: true, rowStyleFunction: 'return {};' })).toBe(
      'return {};',
    );
    expect(rowStyleScriptOf({ rowStyleFunction: 'return {};' })).toBeUndefined();
  });

  it('turns a returned style object into React style, dropping what is not CSS text or a number', () => {
    expect(styleOf({ 'background-color': 'red', 'font-weight': 700, '--accent': 'blue', bad: {} })).toEqual({
      backgroundColor: 'red',
      fontWeight: 700,
      '--accent': 'blue',
    });
    expect(styleOf('color: red')).toBeUndefined();
    expect(styleOf(['a'])).toBeUndefined();
    expect(styleOf(null)).toBeUndefined();
  });

  it('runs an alarms table’s functions with the raw value, the alarm and ctx', async () => {
    const severity = dataKey('severity', {
      type: 'alarm',
      settings: {
        useCellContentFunction: true,
        cellContentFunction:
          "return '<b>' + value + '</b> on ' + alarm.originatorName + ' <a href=\"javascript:alert(1)\">x</a>';",
        useCellStyleFunction: true,
        cellStyleFunction: "return value === 'CRITICAL' ? {color: ctx.settings.critical} : {};",
      },
    });
    const type = dataKey('type', {
      type: 'alarm',
      settings: { useCellContentFunction: true, cellContentFunction: 'return value.missing.field;' },
    });
    const table = alarmsTable([severity, type], [alarm], texts, {
      critical: 'red',
      useRowStyleFunction: true,
      rowStyleFunction: "return alarm.status === 'ACTIVE_UNACK' ? {'font-style': 'italic'} : {};",
    });
    const row = table.rows[0];
    if (!row) throw new Error('no row');
    const columns = table.columns.map((c) => c.id);
    const calls = sandboxCalls();
    // Before the worker answers: the formatted text, no style.
    const first = scriptedRow(row, columns, table.scripts, calls);
    expect(first.cells['alarm:severity']).toEqual({ text: 'critical' });
    expect(first.style).toBeUndefined();
    await calls.idle();
    const drawn = scriptedRow(row, columns, table.scripts, calls);
    expect(drawn.cells['alarm:severity']?.html).toBe('<b>CRITICAL</b> on Boiler <a>x</a>');
    expect(drawn.cells['alarm:severity']?.style).toEqual({ color: 'red' });
    // A throwing content function leaves the raw value.
    expect(drawn.cells['alarm:type']).toEqual({ text: 'High temperature' });
    expect(drawn.style).toEqual({ fontStyle: 'italic' });
  });
});
