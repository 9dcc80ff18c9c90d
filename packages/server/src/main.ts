import { buildApp } from './app.js';
import { newSigningKey } from './auth/jwt.js';
import { loadConfig } from './config.js';
import { whileStartingAlone } from './db/start-up-lock.js';
import { migrate, openStore } from './db/store.js';
import { stopOnBrokenStore } from './db/store-failure.js';
import { installDemoData } from './install/demo-data.js';
import { installSystemData, isInstalled } from './install/system-data.js';
import { installSystemWidgets } from './install/system-widgets.js';
import { AdminSettingsRepo } from './modules/admin/repo.js';
import { AdminService } from './modules/admin/service.js';

/** Start-up: config → store and migrations → system widgets → first-start install → HTTP. */
async function main(): Promise<void> {
  const started = performance.now();
  const config = loadConfig();
  const store = await openStore({
    ...config,
    onIdleConnectionError: (error) => console.warn(`PostgreSQL closed an idle connection: ${error.message}`),
    onEmbeddedNotice: (message) => console.warn(message),
    onStoreBroken: (error) => stopOnBrokenStore(error),
  });
  await migrate(store.db);
  await whileStartingAlone(store, async () => {
    await installSystemWidgets(store.db);
    // Created here, not by the first request: nodes of a cluster starting together share one key.
    if (!config.jwt.signingKey)
      await new AdminService(new AdminSettingsRepo(store.db)).jwtSigningKey(newSigningKey);
    if (!(await isInstalled(store.db))) {
      await installSystemData(store.db, { baseUrl: `http://localhost:${config.port}` });
      if (config.demoData) await installDemoData(store.db);
    }
  });
  const { app, services } = await buildApp(config, store);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await store.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  try {
    await services.startDeviceListeners();
  } catch (error) {
    app.log.error((error as Error).message);
    await app.close();
    await store.close();
    process.exit(1);
  }
  const url = `http://localhost:${config.port}`;
  const devices = `MQTT on ${services.mqtt.port()}, CoAP on ${services.coap.port()}`;
  const cluster = services.cluster
    ? `, node ${services.cluster.config.nodeId} of cluster ${services.cluster.config.name}`
    : '';
  app.log.info(
    `Meridian is ready at ${url} (${devices}; ${store.kind} store, started in ${Math.round(performance.now() - started)} ms${cluster})`,
  );
}

main().catch((error: unknown) => {
  console.error('Meridian failed to start:', error);
  process.exit(1);
});
