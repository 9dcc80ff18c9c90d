/**
 * Preloaded (`node --import`) into a real server process by store-failure.test.ts: on SIGUSR2 it
 * breaks the process's embedded store the way BREAK_STORE says, below the HTTP layer, which
 * refuses every request that could do it. `close`: the PGlite instance is closed under the server;
 * `abort`: a jsonb value nested too deep for PGlite's parser aborts its WebAssembly machine (the
 * failure of issue 9). Never loaded by the product.
 *
 * The store runs in its own thread (decision 0041), which inherits this preload; signals reach
 * only the main thread, so the main thread passes the word on over a BroadcastChannel. Plain
 * JavaScript: tsx's loader, registered in the main thread, does not reach a worker's preloads.
 */
import { BroadcastChannel, isMainThread } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const channel = new BroadcastChannel('break-store');
channel.unref();

if (isMainThread) {
  process.on('SIGUSR2', () => channel.postMessage('break'));
} else {
  const proto = PGlite.prototype;
  let instance;
  for (const method of ['query', 'exec']) {
    const original = proto[method];
    proto[method] = function (...args) {
      instance ??= this;
      return original.apply(this, args);
    };
  }
  channel.onmessage = () => {
    const store = instance;
    if (!store) return;
    if (process.env.BREAK_STORE === 'abort') {
      const deep = `${'['.repeat(4400)}${']'.repeat(4400)}`;
      store.query('select $1::jsonb', [deep]).then(
        () => console.error('break-store: the deep value did not break the store'),
        (error) => console.error(`break-store: store aborted (${error.name})`),
      );
    } else {
      store.close().then(() => console.error('break-store: store closed'));
    }
  };
}
