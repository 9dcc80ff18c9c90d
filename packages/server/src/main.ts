import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { migrate, openStore } from './db/store.js';
import { installDemoData } from './install/demo-data.js';
import { installSystemData, isInstalled } from './install/system-data.js';

/** Start-up: config → store and migrations → first-start install → HTTP. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const store = await openStore(config);
  await migrate(store.db);
  if (!(await isInstalled(store.db))) {
    await installSystemData(store.db, { baseUrl: `http://localhost:${config.port}` });
    if (config.demoData) await installDemoData(store.db);
  }
  const { app } = await buildApp(config, store);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const url = `http://localhost:${config.port}`;
  app.log.info(
    `Meridian is ready at ${url} (${store.kind} store, started in ${Math.round(performance.now() - started)} ms)`,
  );
}

main().catch((error: unknown) => {
  console.error('Meridian failed to start:', error);
  process.exit(1);
});
