// Node options for the server process, shared by `npm start` and the test and bench launchers.
// On the embedded store, a 4 MB young generation instead of V8's 16 MB: after start-up V8 keeps the
// grown young generation (2 x 16 MB) committed for good, a sixth of the idle memory (decision 0013).
// On PostgreSQL, where memory is well within budget, the larger one keeps ingest ~10% faster.
/** @param {Record<string, string | undefined>} env the server's environment */
export const serverNodeFlags = (env) => (env.DATABASE_URL ? [] : ['--max-semi-space-size=4']);
