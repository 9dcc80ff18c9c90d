import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STORE_BROKEN_EXIT_CODE } from '../src/db/store-failure.js';
import { ApiClient, DEMO, storeKind } from './helper.js';

/**
 * A real server process whose embedded store breaks (closed under it, or its WebAssembly machine
 * aborted) must not stay alive answering 500: it logs why and exits with STORE_BROKEN_EXIT_CODE,
 * so a supervisor restarts it. The store is broken by a preloaded test module
 * (break-store-on-signal.mjs) on SIGUSR2, since no request can break it any more.
 */

const serverDir = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

interface Child {
  process: ChildProcess;
  api: ApiClient;
  logs: string[];
  exited: Promise<number | null>;
  dataDir: string;
}

const children: Child[] = [];

async function startChild(breakMode: 'close' | 'abort'): Promise<Child> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-store-failure-'));
  const [port, mqttPort, coapPort] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', './test/break-store-on-signal.mjs', 'src/main.ts'],
    {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MQTT_PORT: String(mqttPort),
        COAP_PORT: String(coapPort),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        BREAK_STORE: breakMode,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const logs: string[] = [];
  child.stdout?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: Child = {
    process: child,
    api: new ApiClient(`http://127.0.0.1:${port}`),
    logs,
    exited,
    dataDir,
  };
  children.push(started);
  await until(started, (text) => text.includes('Meridian is ready at'), 90_000, 'server not ready');
  return started;
}

/** Resolves once the child's output satisfies `ready`; rejects on timeout or an early exit. */
function until(
  child: Child,
  ready: (text: string) => boolean,
  timeoutMs: number,
  what: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (ready(child.logs.join(''))) {
        clearInterval(timer);
        clearTimeout(timeout);
        resolve();
      } else if (child.process.exitCode !== null) {
        clearInterval(timer);
        clearTimeout(timeout);
        reject(new Error(`${what}: exited with ${child.process.exitCode}\n${child.logs.join('')}`));
      }
    }, 50);
    const timeout = setTimeout(() => {
      clearInterval(timer);
      reject(new Error(`${what}:\n${child.logs.join('')}`));
    }, timeoutMs);
  });
}

/** The exit code, or 'alive' when the process has not exited within the time. */
const exitWithin = (child: Child, ms: number) =>
  Promise.race([child.exited, new Promise<'alive'>((resolve) => setTimeout(() => resolve('alive'), ms))]);

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.process.exitCode === null && child.process.signalCode === null) {
      child.process.kill('SIGKILL');
      await child.exited;
    }
    await fs.rm(child.dataDir, { recursive: true, force: true });
  }
});

describe.skipIf(storeKind() !== 'pglite')('a server whose embedded store breaks', () => {
  it.each([
    ['closed under it', 'close', 'store closed', /PGlite is closed/],
    ['aborted (WebAssembly failure)', 'abort', 'store aborted', /RuntimeError/],
  ] as const)(
    '%s logs why and exits non-zero',
    async (_label, mode, brokenLine, reason) => {
      const child = await startChild(mode);
      await child.api.login(DEMO.sysadmin.email, DEMO.sysadmin.password);

      child.process.kill('SIGUSR2');
      await until(child, (text) => text.includes(`break-store: ${brokenLine}`), 20_000, 'store not broken');
      // The next request that reaches the store finds it broken; its answer (if any) does not matter.
      await child.api
        .post('/api/auth/login', { username: DEMO.sysadmin.email, password: DEMO.sysadmin.password })
        .catch(() => undefined);

      expect(await exitWithin(child, 15_000)).toBe(STORE_BROKEN_EXIT_CODE);
      const output = child.logs.join('');
      expect(output).toContain('Meridian stops: the embedded store failed');
      expect(output).toMatch(reason);
    },
    180_000,
  );
});
