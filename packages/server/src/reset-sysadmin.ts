import { parseArgs } from 'node:util';
import { loadConfig } from './config.js';
import { migrate, openStore } from './db/store.js';
import { RecoveryError, resetSysadmin } from './install/reset-sysadmin.js';

const USAGE = 'Usage: npm run reset-sysadmin -- --email <address> [--password <new password>]';

/**
 * `npm run reset-sysadmin`: re-enables a locked-out system administrator on the store the server
 * would open (DATABASE_URL, or the embedded store under DATA_DIR: stop the server first).
 */
async function main(): Promise<number> {
  let values: { email?: string; password?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: 'string' }, password: { type: 'string' } } }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (!values.email) {
    console.error(USAGE);
    return 2;
  }
  const store = await openStore(loadConfig());
  try {
    await migrate(store.db);
    console.log(await resetSysadmin(store.db, { email: values.email, password: values.password }));
    return 0;
  } catch (error) {
    if (!(error instanceof RecoveryError)) throw error;
    console.error(error.message);
    return 1;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error('reset-sysadmin failed:', error);
    process.exit(1);
  },
);
