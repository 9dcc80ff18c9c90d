// Starts the built Meridian server as a child process on a free port, for browser tests and
// benchmarks. Resolves once the server logs its ready line.
import { spawn } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverEnv, serverNodeFlags } from './server-node-flags.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(root, 'packages/server/dist/main.js');

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** A UDP port free on loopback right now (for CoAP). */
export function freeUdpPort() {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.on('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

/**
 * Device transports get free ports of their own unless `env` sets MQTT_PORT / COAP_PORT: this
 * machine's Mosquitto already holds 1883.
 * @param {{ dataDir?: string, env?: Record<string, string>, timeoutMs?: number }} [options]
 * @returns {Promise<{ url: string, port: number, mqttPort: number, coapPort: number, pid: number, dataDir: string, readyMs: number, logs: string[], stop: () => Promise<void> }>}
 */
export async function startServer(options = {}) {
  const port = await freePort();
  const mqttPort = Number(options.env?.MQTT_PORT ?? (await freePort()));
  const coapPort = Number(options.env?.COAP_PORT ?? (await freeUdpPort()));
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-'));
  const started = performance.now();
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    MQTT_PORT: String(mqttPort),
    COAP_PORT: String(coapPort),
    ...options.env,
  };
  // SERVER_CPU_PROF_DIR: write the server's CPU profile there when it stops (bench diagnosis).
  const profile = process.env.SERVER_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.SERVER_CPU_PROF_DIR}`]
    : [];
  // SERVER_NODE_FLAGS: extra V8/Node flags for the server alone; SERVER_LOG_FILE: a copy of its
  // standard output (for example --trace-gc). Both for bench diagnosis.
  const extra = process.env.SERVER_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...serverNodeFlags(env), ...extra, ...profile, serverEntry], {
    cwd: root,
    env: serverEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs = [];
  const readyMs = await new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`server not ready in time:\n${logs.join('')}`)),
      options.timeoutMs ?? 30000,
    );
    const onData = (chunk) => {
      if (process.env.SERVER_LOG_FILE) fs.appendFileSync(process.env.SERVER_LOG_FILE, chunk);
      logs.push(chunk.toString());
      if (chunk.toString().includes('Meridian is ready at')) {
        clearTimeout(timer);
        resolve(performance.now() - started);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (c) => logs.push(c.toString()));
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}:\n${logs.join('')}`));
    });
  });
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.removeAllListeners('exit');
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    mqttPort,
    coapPort,
    pid: child.pid,
    dataDir,
    readyMs,
    logs,
    stop,
  };
}
