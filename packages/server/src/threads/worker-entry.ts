import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The entry of a worker thread whose module is `name` (without extension) next to `base` (the
 * caller's `import.meta.url`): the compiled JavaScript when it is there; under Vitest, which runs
 * the TypeScript sources, a small bootstrap that registers tsx in the worker and imports the `.ts`
 * file (a worker does not inherit the loader hooks of the thread that starts it).
 */
export function workerEntry(base: string, name: string): URL {
  const compiled = new URL(`./${name}.js`, base);
  if (existsSync(fileURLToPath(compiled))) return compiled;
  const source = new URL(`./${name}.ts`, base).href;
  const tsxApi = pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(
    /\.cjs$/,
    '.mjs',
  );
  const bootstrap = `import { register } from ${JSON.stringify(tsxApi)}; register(); await import(${JSON.stringify(source)});`;
  return new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`);
}
