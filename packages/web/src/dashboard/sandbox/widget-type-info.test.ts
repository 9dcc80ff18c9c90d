import { afterEach, describe, expect, it, vi } from 'vitest';
import { InThreadWorker } from '../../test/in-thread-sandbox';
import { DEFAULT_TYPE_PARAMETERS } from '../../widgets/widget-definition';
import { createTenantSandbox } from './sandbox-client';
import { createSandboxHandler } from './sandbox-handler';
import { normaliseActionSources, normaliseTypeParameters, readWidgetTypeInfo } from './widget-type-info';

const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);
const sandbox = () => createTenantSandbox(() => new InThreadWorker());

const SCRIPT = `
self.onInit = function () { self.ctx.$container.append('<b>never run here</b>'); };
self.typeParameters = function () {
  return { maxDatasources: 1, maxDataKeys: 2, dataKeysOptional: true, dataKeySettingsFunction: function () {} };
};
self.actionSources = function () {
  return {
    elementClick: { name: 'On HTML element click', multiple: true },
    nodeSelected: { name: 'On node selected', multiple: false },
  };
};`;

describe('reading a custom widget type in the sandbox worker', () => {
  afterEach(() => vi.useRealTimers());

  it('runs the script with a fresh self and returns what its two functions return, as JSON', async () => {
    const { results } = await handle({ id: 1, jobs: [{ kind: 'widgetTypeInfo', body: SCRIPT }] });
    expect(results[0]).toEqual({
      ok: true,
      value: {
        // The function in the parameters is dropped, not the whole value turned into text.
        typeParameters: { maxDatasources: 1, maxDataKeys: 2, dataKeysOptional: true },
        actionSources: {
          elementClick: { name: 'On HTML element click', multiple: true },
          nodeSelected: { name: 'On node selected', multiple: false },
        },
      },
    });
    // A script that defines neither function says nothing.
    const none = await handle({ id: 2, jobs: [{ kind: 'widgetTypeInfo', body: 'self.onInit = 1;' }] });
    expect(none.results[0]).toEqual({ ok: true, value: { typeParameters: null, actionSources: null } });
  });

  it('gives the console normalised parameters and named sources', async () => {
    const info = await readWidgetTypeInfo(SCRIPT, sandbox());
    expect(info.error).toBeNull();
    expect(info.typeParameters).toEqual({
      ...DEFAULT_TYPE_PARAMETERS,
      maxDatasources: 1,
      maxDataKeys: 2,
      dataKeysOptional: true,
    });
    expect(info.actionSources).toEqual([
      { id: 'elementClick', name: 'On HTML element click', multiple: true },
      { id: 'nodeSelected', name: 'On node selected', multiple: false },
    ]);
  });

  it('gives the defaults and the error for a script that throws or touches the page at top level', async () => {
    for (const [script, error] of [
      ['throw new Error("broken");', 'Error: broken'],
      ['document.body.innerHTML = "";', 'TypeError'],
      ['$("body").hide();', 'TypeError'],
      ['window.top.location = "/";', 'TypeError'],
      ['self.typeParameters = function () { throw new RangeError("nope"); };', 'RangeError: nope'],
      ['return (;', 'SyntaxError'],
    ] as const) {
      const info = await readWidgetTypeInfo(script, sandbox());
      expect(info.typeParameters, script).toEqual(DEFAULT_TYPE_PARAMETERS);
      expect(info.actionSources, script).toEqual([]);
      expect(info.error, script).toContain(error);
    }
  });

  it('gives the defaults and a timeout error for a script that loops', async () => {
    vi.useFakeTimers();
    const reading = readWidgetTypeInfo('while (true) {} // HANG', sandbox(), 100);
    await vi.advanceTimersByTimeAsync(100);
    const info = await reading;
    expect(info.typeParameters).toEqual(DEFAULT_TYPE_PARAMETERS);
    expect(info.error).toBe('Script did not finish within 100 ms');
  });

  it('does not ask the worker about an empty script', async () => {
    const run = vi.fn();
    const info = await readWidgetTypeInfo('  \n', { run, dispose: vi.fn() });
    expect(run).not.toHaveBeenCalled();
    expect(info).toEqual({ typeParameters: DEFAULT_TYPE_PARAMETERS, actionSources: [], error: null });
  });
});

describe('normalising what a script said', () => {
  it('keeps known parameters of the right type and drops the rest', () => {
    expect(
      normaliseTypeParameters({
        maxDatasources: '1',
        maxDataKeys: 1.5,
        dataKeysOptional: 'yes',
        singleEntity: true,
        hasDataPageLink: true,
        unknown: 3,
      }),
    ).toEqual({ ...DEFAULT_TYPE_PARAMETERS, singleEntity: true, hasDataPageLink: true });
    expect(normaliseTypeParameters({ maxDatasources: -2, maxDataKeys: 0 })).toEqual({
      ...DEFAULT_TYPE_PARAMETERS,
      maxDataKeys: 0,
    });
    expect(normaliseTypeParameters([1, 2])).toEqual(DEFAULT_TYPE_PARAMETERS);
  });

  it('keeps sources with a plain id, names unnamed ones by id and leaves the header button alone', () => {
    expect(
      normaliseActionSources({
        rowClick: { name: '  On row click  ' },
        cellClick: { name: 42, multiple: 'true' },
        headerButton: { name: 'Mine', multiple: true },
        'bad id': { name: 'x' },
        constructor: { name: 'x' },
        broken: 'On broken',
      }),
    ).toEqual([
      { id: 'rowClick', name: 'On row click', multiple: false },
      { id: 'cellClick', name: 'cellClick', multiple: false },
    ]);
    expect(normaliseActionSources(JSON.parse('{"__proto__": {"name": "x"}}'))).toEqual([]);
    expect(normaliseActionSources(null)).toEqual([]);
  });
});
