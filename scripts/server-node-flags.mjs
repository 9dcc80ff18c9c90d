// Node options and environment for the server process, shared by `npm start` and the test and
// bench launchers.
// On PostgreSQL, the young generation may grow to 64 MB semi-spaces (V8's default is 16; decisions
// 0049 and 0053): with the MQTT read gate bounding the messages in process, a collection then copies
// a small share of what it scans (garbage collection ~8 % of the server's time at the ingest peak).
// 128 MB took that to 4 % but, grown by a burst, left scavenges and full collections slow enough to
// put CoAP's p99 at 3,000 msg/s over 20 ms. It grows only under load; V8's memory reducer gives it
// back within about two minutes of idleness (instead of ~30 s).
// On the embedded store (decision 0013), whose own thread bounds ingest:
// - the young generation is V8's own (16 MB semi-spaces; decision 0044): a smaller one promoted the
//   messages waiting for their group commit, and V8's memory reducer shrinks it when idle;
// - bytecode of functions that did not run since the last full collection, and baseline code, is
//   dropped (compiled again if called): start-up code (install, migrations, route registration)
//   otherwise stays for good, and the embedded store's own thread (decision 0042) costs ~7 MB;
// - glibc: one malloc arena, and blocks of 16 KB or more from mmap, so the memory that V8's
//   background threads free after compiling start-up code goes back to the system instead of
//   staying in per-thread arenas or in holes of the one heap (16 KB rather than 64: 4 MB less when
//   idle, ingest alike; decision 0051).
/** @param {Record<string, string | undefined>} env the server's environment */
const embedded = (env) => !env.DATABASE_URL;

/** @param {Record<string, string | undefined>} env the server's environment */
export const serverNodeFlags = (env) => {
  if (embedded(env)) return ['--bytecode-old-age=1', '--flush-baseline-code'];
  // A size chosen in NODE_OPTIONS wins (the command line would otherwise override it).
  return /--max-semi-space-size/.test(env.NODE_OPTIONS ?? '') ? [] : ['--max-semi-space-size=64'];
};

/**
 * The server's environment: `env` plus the glibc malloc settings of the embedded store, unless
 * `env` sets them itself.
 * @param {Record<string, string | undefined>} env
 */
export const serverEnv = (env) =>
  embedded(env) ? { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '16384', ...env } : env;
