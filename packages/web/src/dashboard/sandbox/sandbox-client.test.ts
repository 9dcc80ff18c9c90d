import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InThreadWorker } from '../../test/in-thread-sandbox';
import type { SandboxRequest } from './protocol';
import { createTenantSandbox, SandboxTimeoutError } from './sandbox-client';
import { runTenantFunction, setSandboxWorkerFactory } from './tenant-scripts';

class FakeWorker extends InThreadWorker {}

describe('tenant sandbox client', () => {
  let workers: FakeWorker[];
  const spawn = () => {
    const worker = new FakeWorker();
    workers.push(worker);
    return worker;
  };
  beforeEach(() => {
    workers = [];
  });
  afterEach(() => {
    vi.useRealTimers();
    setSandboxWorkerFactory(null);
  });

  it('posts all jobs of a run in one message and matches the answer to it', async () => {
    const sandbox = createTenantSandbox(spawn);
    const [a, b] = await Promise.all([
      sandbox.run([
        { kind: 'call', body: 'return 1;', argNames: [], args: [] },
        { kind: 'call', body: 'return 2;', argNames: [], args: [] },
      ]),
      sandbox.run([{ kind: 'call', body: 'return 3;', argNames: [], args: [] }]),
    ]);
    expect(a?.map((r) => r.ok && r.value)).toEqual([1, 2]);
    expect(b?.map((r) => r.ok && r.value)).toEqual([3]);
    expect(workers).toHaveLength(1);
    expect(workers[0]?.received.map((r) => r.jobs.length)).toEqual([2, 1]);
  });

  it('fails a run over its time limit, replaces the worker and resends what was waiting', async () => {
    vi.useFakeTimers();
    const sandbox = createTenantSandbox(spawn);
    const hanging = sandbox.run(
      [{ kind: 'call', body: 'while (true) {} // HANG', argNames: [], args: [] }],
      100,
    );
    const hangingFailure = expect(hanging).rejects.toBeInstanceOf(SandboxTimeoutError);
    // Posted after the looping one: the first worker never answers it.
    (workers[0] as FakeWorker).postMessage = function (this: FakeWorker, request: SandboxRequest) {
      this.received.push(request);
    };
    const waiting = sandbox.run([{ kind: 'call', body: 'return "later";', argNames: [], args: [] }], 1000);
    await vi.advanceTimersByTimeAsync(100);
    await hangingFailure;
    expect(workers[0]?.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    await expect(waiting).resolves.toEqual([{ ok: true, value: 'later' }]);
    await expect(sandbox.run([{ kind: 'call', body: 'return 5;', argNames: [], args: [] }])).resolves.toEqual(
      [{ ok: true, value: 5 }],
    );
  });

  it('fails what is waiting when the worker dies', async () => {
    const sandbox = createTenantSandbox(spawn);
    const run = sandbox.run([{ kind: 'call', body: 'HANG', argNames: [], args: [] }]);
    workers[0]?.onerror?.({ message: 'load failed' } as ErrorEvent);
    await expect(run).rejects.toThrow('load failed');
    expect(workers[0]?.terminated).toBe(true);
  });

  it('runTenantFunction resolves with the value or rejects with the function’s error', async () => {
    setSandboxWorkerFactory(spawn);
    await expect(runTenantFunction('return typeof localStorage + ":" + n;', ['n'], [1])).resolves.toBe(
      `${typeof localStorage}:1`,
    );
    await expect(runTenantFunction('throw new TypeError("bad")', [], [])).rejects.toThrow('TypeError: bad');
  });
});
