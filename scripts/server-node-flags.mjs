// Node options and environment for the server process, shared by `npm start` and the test and
// bench launchers. They apply to the embedded store only (decision 0013); on PostgreSQL, where
// memory is well within budget, V8's and glibc's defaults keep ingest ~10% faster.
// - the young generation is V8's own (16 MB semi-spaces; decision 0044): a smaller one promoted the
//   messages waiting for their group commit, and V8's memory reducer shrinks it when idle;
// - bytecode of functions that did not run since the last full collection, and baseline code, is
//   dropped (compiled again if called): start-up code (install, migrations, route registration)
//   otherwise stays for good, and the embedded store's own thread (decision 0042) costs ~7 MB;
// - glibc: one malloc arena, and blocks of 64 KB or more from mmap, so the memory that V8's
//   background threads free after compiling start-up code goes back to the system instead of
//   staying in per-thread arenas.
/** @param {Record<string, string | undefined>} env the server's environment */
const embedded = (env) => !env.DATABASE_URL;

/** @param {Record<string, string | undefined>} env the server's environment */
export const serverNodeFlags = (env) =>
  embedded(env) ? ['--bytecode-old-age=1', '--flush-baseline-code'] : [];

/**
 * The server's environment: `env` plus the glibc malloc settings of the embedded store, unless
 * `env` sets them itself.
 * @param {Record<string, string | undefined>} env
 */
export const serverEnv = (env) =>
  embedded(env) ? { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536', ...env } : env;
