/**
 * Preloaded (`node --import`) into a real server process by store-failure.test.ts: on SIGUSR2 it
 * breaks the process's embedded store the way BREAK_STORE says, below the HTTP layer, which
 * refuses every request that could do it. `close`: the PGlite instance is closed under the server;
 * `abort`: a jsonb value nested too deep for PGlite's parser aborts its WebAssembly machine (the
 * failure of issue 9). Never loaded by the product.
 */
import { PGlite } from '@electric-sql/pglite';

type Query = (this: PGlite, ...args: unknown[]) => Promise<unknown>;
const proto = PGlite.prototype as unknown as Record<'query' | 'exec', Query>;
let instance: PGlite | undefined;
for (const method of ['query', 'exec'] as const) {
  const original = proto[method];
  proto[method] = function (this: PGlite, ...args: unknown[]) {
    instance ??= this;
    return original.apply(this, args);
  };
}

process.on('SIGUSR2', () => {
  const store = instance;
  if (!store) return;
  if (process.env.BREAK_STORE === 'abort') {
    const deep = `${'['.repeat(4400)}${']'.repeat(4400)}`;
    store.query('select $1::jsonb', [deep]).then(
      () => console.error('break-store: the deep value did not break the store'),
      (error: Error) => console.error(`break-store: store aborted (${error.name})`),
    );
  } else {
    store.close().then(() => console.error('break-store: store closed'));
  }
});
