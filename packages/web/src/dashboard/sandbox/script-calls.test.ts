import { describe, expect, it, vi } from 'vitest';
import type { JobResult, MapJob, SandboxJob } from './protocol';
import { createSandboxHandler } from './sandbox-handler';
import { createScriptCalls } from './script-calls';

const handle = createSandboxHandler((names, body) => new Function(...names, body) as never);

/** Runs jobs through the real handler; a body containing HANG never answers (a looping function). */
function sandbox() {
  const requests: SandboxJob[][] = [];
  const run = vi.fn(async (jobs: SandboxJob[]): Promise<JobResult[]> => {
    requests.push(jobs);
    if (jobs.some((job) => job.body.includes('HANG')))
      throw new Error('Script did not finish within 2000 ms');
    return (await handle({ id: 1, jobs })).results;
  });
  return { run, requests };
}

describe('tenant function calls made while drawing', () => {
  it('posts every call asked in one render as one request, one map job per body', async () => {
    const { run, requests } = sandbox();
    const onSettled = vi.fn();
    const calls = createScriptCalls(run, onSettled);
    for (let i = 0; i < 500; i++) {
      expect(calls.outcome('return value * 2;', ['value'], [i])).toBeUndefined();
      expect(calls.outcome('return {color: "red"};', ['value'], [i])).toBeUndefined();
    }
    // Asked again before the answer: not posted twice.
    calls.outcome('return value * 2;', ['value'], [1]);
    await calls.idle();
    expect(run).toHaveBeenCalledTimes(1);
    expect(requests[0]).toHaveLength(2);
    expect((requests[0]?.[0] as MapJob | undefined)?.argsList).toHaveLength(500);
    expect(onSettled).toHaveBeenCalledTimes(1);
    expect(calls.outcome('return value * 2;', ['value'], [21])).toEqual({ ok: true, value: 42 });
    expect(calls.outcome('return {color: "red"};', ['value'], [3])).toEqual({
      ok: true,
      value: { color: 'red' },
    });
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('keeps a throwing call’s error for that call only', async () => {
    const { run } = sandbox();
    const calls = createScriptCalls(run, () => undefined);
    const body = 'if (value < 0) throw new Error("negative"); return value;';
    calls.outcome(body, ['value'], [1]);
    calls.outcome(body, ['value'], [-1]);
    await calls.idle();
    expect(calls.outcome(body, ['value'], [1])).toEqual({ ok: true, value: 1 });
    expect(calls.outcome(body, ['value'], [-1])).toEqual({ ok: false, error: 'Error: negative' });
  });

  it('asks each body again alone when a request times out, so only the looping one fails', async () => {
    const { run } = sandbox();
    const onSettled = vi.fn();
    const calls = createScriptCalls(run, onSettled);
    calls.outcome('while (true) {} // HANG', ['value'], [1]);
    calls.outcome('return "ok";', ['value'], [1]);
    await calls.idle();
    expect(run).toHaveBeenCalledTimes(3);
    expect(calls.outcome('return "ok";', ['value'], [1])).toEqual({ ok: true, value: 'ok' });
    expect(calls.outcome('while (true) {} // HANG', ['value'], [1])).toEqual({
      ok: false,
      error: 'Script did not finish within 2000 ms',
    });
    // A failed call is remembered: it is not run again on every render.
    expect(run).toHaveBeenCalledTimes(3);
  });

  it('does not ask the widget to draw again once it left the screen', async () => {
    const { run } = sandbox();
    const onSettled = vi.fn();
    const calls = createScriptCalls(run, onSettled);
    calls.outcome('return 1;', [], []);
    calls.setActive(false);
    await calls.idle();
    expect(onSettled).not.toHaveBeenCalled();
    expect(calls.outcome('return 1;', [], [])).toEqual({ ok: true, value: 1 });
  });

  it('sends a widget context once per job, not with each call', async () => {
    const { run, requests } = sandbox();
    const calls = createScriptCalls(run, () => undefined);
    const ctx = { settings: { unit: 'kW' } };
    const body = 'return value + " " + ctx.settings.unit;';
    calls.outcome(body, ['value', 'ctx'], [1, null], ctx);
    calls.outcome(body, ['value', 'ctx'], [2, null], ctx);
    await calls.idle();
    expect(requests[0]).toEqual([
      {
        kind: 'map',
        body,
        argNames: ['value', 'ctx'],
        argsList: [
          [1, null],
          [2, null],
        ],
        ctx,
      },
    ]);
    expect(calls.outcome(body, ['value', 'ctx'], [2, null], ctx)).toEqual({ ok: true, value: '2 kW' });
    // Another context is another call.
    expect(calls.outcome(body, ['value', 'ctx'], [2, null], { settings: { unit: 'W' } })).toBeUndefined();
  });
});
