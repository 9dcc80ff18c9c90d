import { describe, expect, it, vi } from 'vitest';
import { GENERATE_ARGS, POST_PROCESS_ARGS } from './protocol';
import { type Compile, createSandboxHandler } from './sandbox-handler';

const compileForTest: Compile = (argNames, body) => new Function(...argNames, body) as never;

describe('sandbox request handler', () => {
  it('runs a call with its named arguments and awaits a returned promise', async () => {
    const handle = createSandboxHandler(compileForTest);
    const response = await handle({
      id: 7,
      jobs: [
        { kind: 'call', body: 'return a + b;', argNames: ['a', 'b'], args: [2, 3] },
        { kind: 'call', body: 'return Promise.resolve(x * 2);', argNames: ['x'], args: [21] },
      ],
    });
    expect(response).toEqual({
      id: 7,
      results: [
        { ok: true, value: 5 },
        { ok: true, value: 42 },
      ],
    });
  });

  it('post-processes points in order, each call seeing the previous result and original', async () => {
    const handle = createSandboxHandler(compileForTest);
    const body = 'return [time, value, prevValue, timePrev, prevOrigValue];';
    const { results } = await handle({
      id: 1,
      jobs: [
        {
          kind: 'postProcess',
          body,
          points: [
            [10, '1.5'],
            [20, 'on'],
          ],
          prev: { value: 'p', ts: 5, origValue: 'o' },
        },
      ],
    });
    expect(results[0]).toEqual({
      ok: true,
      value: [
        [10, 1.5, 'p', 5, 'o'],
        [20, 'on', [10, 1.5, 'p', 5, 'o'], 10, 1.5],
      ],
    });
  });

  it('generates values from the previous one', async () => {
    const handle = createSandboxHandler(compileForTest);
    const { results } = await handle({
      id: 1,
      jobs: [{ kind: 'generate', body: 'return prevValue + time;', times: [1, 2, 3], prevValue: 100 }],
    });
    expect(results[0]).toEqual({ ok: true, value: [101, 103, 106] });
  });

  it('waits for a generated or post-processed value that is a promise', async () => {
    const handle = createSandboxHandler(compileForTest);
    const { results } = await handle({
      id: 1,
      jobs: [
        { kind: 'generate', body: 'return Promise.resolve(prevValue + 1);', times: [1, 2], prevValue: 0 },
        {
          kind: 'postProcess',
          body: 'return Promise.resolve(value * 10);',
          points: [[1, '2']],
          prev: { value: 0, ts: 0, origValue: 0 },
        },
      ],
    });
    expect(results).toEqual([
      { ok: true, value: [1, 2] },
      { ok: true, value: [20] },
    ]);
  });

  it('reports a throwing or uncompilable body as that job’s error, the other jobs still run', async () => {
    const handle = createSandboxHandler(compileForTest);
    const { results } = await handle({
      id: 1,
      jobs: [
        { kind: 'call', body: 'throw new Error("boom");', argNames: [], args: [] },
        { kind: 'call', body: 'return (;', argNames: [], args: [] },
        { kind: 'call', body: 'return 1;', argNames: [], args: [] },
      ],
    });
    expect(results[0]).toEqual({ ok: false, error: 'Error: boom' });
    expect(results[1]).toMatchObject({ ok: false, error: expect.stringMatching(/^SyntaxError/) });
    expect(results[2]).toEqual({ ok: true, value: 1 });
  });

  it('compiles a body once per argument list and turns values that cannot be posted into text', async () => {
    const compile = vi.fn(compileForTest);
    const handle = createSandboxHandler(compile);
    const job = { kind: 'generate' as const, body: 'return time;', times: [1], prevValue: 0 };
    await handle({ id: 1, jobs: [job, job] });
    await handle({
      id: 2,
      jobs: [{ kind: 'postProcess', body: 'return time;', points: [], prev: job as never }],
    });
    expect(compile.mock.calls.map((call) => call[0])).toEqual([GENERATE_ARGS, POST_PROCESS_ARGS]);
    const { results } = await handle({
      id: 3,
      jobs: [{ kind: 'call', body: 'return function f() {};', argNames: [], args: [] }],
    });
    expect(results[0]).toEqual({ ok: true, value: 'function f() {}' });
  });

  it('runs a custom action against a recording widget context and returns what it asked', async () => {
    const handle = createSandboxHandler(compileForTest);
    const body = [
      'var params = widgetContext.stateController.getStateParams();',
      'params.entityId = entityId; params.entityName = entityName;',
      'widgetContext.stateController.openState("chart", params, false);',
      'widgetContext.stateController.updateState(null, { page: 2 });',
      'widgetContext.router.navigateByUrl("/devices");',
    ].join('\n');
    const entityId = { entityType: 'DEVICE', id: 'd1' };
    const { results } = await handle({
      id: 3,
      jobs: [
        {
          kind: 'action',
          body,
          stateParams: { kept: true },
          stateId: 'default',
          entityId,
          entityName: 'Boiler',
          entityLabel: null,
        },
        {
          kind: 'action',
          body: 'widgetContext.dialogs.confirm("x");',
          stateParams: {},
          stateId: 'default',
          entityId: null,
          entityName: null,
          entityLabel: null,
        },
      ],
    });
    expect(results[0]).toEqual({
      ok: true,
      value: [
        {
          type: 'openState',
          id: 'chart',
          params: { kept: true, entityId, entityName: 'Boiler' },
          openRightLayout: false,
        },
        { type: 'updateState', id: null, params: { page: 2 }, openRightLayout: false },
        { type: 'navigate', url: '/devices' },
      ],
    });
    // What the stand-in context does not offer fails with the action's own error.
    expect(results[1]).toMatchObject({ ok: false, error: expect.stringContaining('TypeError') });
  });

  it('maps one body over many argument lists, each call failing alone, with a ctx stand-in', async () => {
    const handle = createSandboxHandler(compileForTest);
    const at = new Date(2026, 10, 28, 9, 5, 7).getTime();
    const { results } = await handle({
      id: 1,
      jobs: [
        {
          kind: 'map',
          body: 'if (value === "bad") throw new Error("no " + entity.entityName); return value + ":" + entity.entityName + ":" + ctx.settings.unit;',
          argNames: ['value', 'entity', 'ctx'],
          argsList: [
            ['1', { entityName: 'A' }, null],
            ['bad', { entityName: 'B' }, null],
          ],
          ctx: { settings: { unit: 'C' } },
        },
        {
          kind: 'map',
          body: "return ctx.date.transform(value, 'yyyy-MM-dd HH:mm:ss');",
          argNames: ['value', 'entity', 'ctx'],
          argsList: [
            [String(at), {}, null],
            ['', {}, null],
          ],
        },
        { kind: 'map', body: 'return (;', argNames: ['value'], argsList: [[1]] },
      ],
    });
    expect(results[0]).toEqual({
      ok: true,
      value: [
        { ok: true, value: '1:A:C' },
        { ok: false, error: 'Error: no B' },
      ],
    });
    expect(results[1]).toEqual({
      ok: true,
      value: [
        { ok: true, value: '2026-11-28 09:05:07' },
        { ok: true, value: null },
      ],
    });
    // A body that does not compile fails the whole job.
    expect(results[2]).toMatchObject({ ok: false, error: expect.stringMatching(/^SyntaxError/) });
  });
});
